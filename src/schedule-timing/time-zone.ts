// A schedule's `timezone` is an IANA name (wire.md "API keys and schedules"). Shared by the CLI, which checks
// --timezone before sending, and the emulator, which answers 400 for an unknown one.

/** Whether `tz` is an IANA time zone this runtime knows (Intl rejects others with a RangeError). */
export function isTimeZone(tz: string): boolean {
  if (tz.trim() === '') return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz })
    return true
  } catch {
    return false
  }
}

// Byte counts as people read them, in one wording for every limit (flags' files, attachments). Its own module, with
// no import: the library's core (api/attachments.ts) uses it without loading the file reader.

/** Bytes for people: "25 MiB", "1 KiB". */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024)
    return `${Number.isInteger(n / 1024 / 1024) ? n / 1024 / 1024 : (n / 1024 / 1024).toFixed(1)} MiB`
  return n >= 1024 ? `${Math.ceil(n / 1024)} KiB` : `${n} bytes`
}

// The service's size limits, declared once: the CLI refuses what could not be sent, and the emulator answers 413
// past the same limit. A Context (`bodyLimit`) and an emulator (`bodyLimitBytes`) take a smaller one in tests, so
// that a test of the limit writes kilobytes, not 25 MiB.

/** The service's request body limit (wire.md "Request bodies: at most 25 MB"): a bigger input could not be sent. */
export const maxBodyBytes = 25 * 1024 * 1024

/**
 * How long a streamed answer may go without a byte before it is cut, in seconds: the service's reference requires
 * clients to wait at least 300 s (brightsy.ai/docs/API "Timeouts"; a newer copy names 800 s for the server side), and a
 * tool phase may be silent that long. AGENTRY_IDLE_TIMEOUT (the `idle-timeout` setting) changes it.
 */
export const defaultIdleTimeoutSeconds = 300

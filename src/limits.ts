// The service's size limits, declared once: the CLI refuses what could not be sent, and the emulator answers 413
// past the same limit. A Context (`bodyLimit`) and an emulator (`bodyLimitBytes`) take a smaller one in tests, so
// that a test of the limit writes kilobytes, not 25 MiB.

/** The service's request body limit (wire.md "Request bodies: at most 25 MB"): a bigger input could not be sent. */
export const maxBodyBytes = 25 * 1024 * 1024

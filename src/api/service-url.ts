// The service's own {base_url}: where the official SDK and CLI send every call when nothing names another server
// (public-facts.md "Real defaults"; docs/wire.md). The CLI's default base URL and the library's default.

/** https://brightsy.ai/api/v1beta */
export const serviceBaseUrl = 'https://brightsy.ai/api/v1beta'

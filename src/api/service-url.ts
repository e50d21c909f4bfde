// The service's own {base_url}: where the official SDK and CLI send every call when nothing names another server
// (public-facts.md "Real defaults"; docs/wire.md). The CLI's default base URL and the library's default.

/** https://brightsy.ai/api/v1beta */
export const serviceBaseUrl = 'https://brightsy.ai/api/v1beta'

/**
 * The {base_url} under an origin, as the official tools name their server (BRIGHTSY_API_URL, a session's
 * `endpoint`): `https://host` → `https://host/api/v1beta`. A URL that already ends with /api/v1beta is kept; text that
 * is no URL is given back for the settings' check to refuse, naming where it came from.
 */
export function apiBaseOfOrigin(raw: string): string {
  if (!URL.canParse(raw)) return raw
  const trimmed = raw.replace(/\/+$/, '')
  return /\/api\/v1beta$/.test(new URL(trimmed).pathname) ? trimmed : `${trimmed}/api/v1beta`
}

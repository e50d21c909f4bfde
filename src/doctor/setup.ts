// What `agentry doctor` checks before it sends anything: every piece a call to the service needs,
// each with where it came from, all of them listed (not only the first one missing), as `gh auth status` and
// `brew doctor` do: the base URL, the account, the credential, and the server that credential may be sent to.
import type { Credential } from '../auth/credential.js'
import { originOf } from '../config/store.js'
import { baseUrlOf, type Settings } from '../config/resolve.js'

/** One piece of the run's set-up. */
export interface SetupRow {
  check: 'base-url' | 'account' | 'credential' | 'credential-server'
  state: 'ok' | 'missing' | 'refused'
  /** the value (never a secret: a credential is named by its kind) */
  value: string | null
  /** the flag, variable, profile or file it came from */
  source: string | null
  /** what it means, or the way on when it is missing */
  detail?: string
}

/** The set-up rows of a run, from its settings and credential. */
export function setupRows(settings: Settings, credential: Credential): SetupRow[] {
  const baseUrl = baseUrlOf(settings)
  const runOrigin = originOf(baseUrl)
  const account = settings.account
  const rows: SetupRow[] = [
    {
      check: 'base-url',
      state: 'ok',
      value: baseUrl,
      source: settings.baseUrl?.origin ?? 'default',
      ...(settings.baseUrl?.source === 'default' || !settings.baseUrl ? { detail: 'the service itself' } : {}),
    },
    account
      ? { check: 'account', state: 'ok', value: account.value, source: account.origin }
      : {
          check: 'account',
          state: 'missing',
          value: null,
          source: null,
          detail: 'agentry login sets it; or --account <id>, AGENTRY_ACCOUNT, BRIGHTSY_ACCOUNT_ID',
        },
  ]
  if (credential.kind === 'none' && credential.refusal)
    rows.push(
      {
        check: 'credential',
        state: 'refused',
        value: null,
        source: credential.source,
        detail: credential.refusal.message,
      },
      {
        check: 'credential-server',
        state: 'refused',
        value: credential.origin ?? null,
        source: credential.source,
        detail: `this run points at ${runOrigin}`,
      },
    )
  else if (credential.kind === 'none')
    rows.push(
      {
        check: 'credential',
        state: 'missing',
        value: null,
        source: null,
        detail: 'agentry login (or --from-brightsy, --with-api-key); or AGENTRY_API_KEY, BRIGHTSY_API_TOKEN',
      },
      { check: 'credential-server', state: 'missing', value: null, source: null },
    )
  else
    rows.push(
      { check: 'credential', state: 'ok', value: credential.kind, source: credential.source },
      credential.origin
        ? {
            check: 'credential-server',
            state: 'ok',
            value: credential.origin,
            source: 'credentials.json',
            detail: 'stored for this server, sent nowhere else',
          }
        : {
            check: 'credential-server',
            state: 'ok',
            value: runOrigin,
            source: credential.source,
            detail: 'given for this run: sent where the run points',
          },
    )
  return rows
}

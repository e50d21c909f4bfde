// OAuth without a metadata document (issue 28 item 7): a 404 at /.well-known/oauth-authorization-server falls back to
// `{origin}/oauth/{authorize,token,register,revoke}` (the routes sideboard's client calls), S256 assumed when the
// metadata names no challenge methods; a server that names methods without S256 is still refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authorizationUrl, fallbackMetadata } from '../../src/auth/oauth.js'
import { type DocumentedServer, startDocumentedServer } from '../helpers/documented-server.js'
import { runCommand } from '../helpers/run-command.js'

let doc: DocumentedServer
let metadata: unknown
beforeAll(async () => {
  doc = await startDocumentedServer([
    {
      method: 'GET',
      pattern: '/.well-known/oauth-authorization-server',
      handle: ({ res }) => {
        if (metadata === undefined) res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{}}')
        else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(metadata))
      },
    },
    {
      method: 'POST',
      pattern: '/oauth/register',
      handle: ({ res, body }) => {
        const asked = JSON.parse(body.toString()) as Record<string, unknown>
        res.writeHead(201, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ ...asked, client_id: 'cl_fallback' }))
      },
    },
  ])
})
afterAll(() => doc.close())
const env = () => ({ AGENTRY_BASE_URL: doc.baseUrl })
const origin = () => new URL(doc.baseUrl).origin

describe('OAuth discovery without a metadata document', () => {
  it('registers at {origin}/oauth/register after the metadata answers 404', async () => {
    metadata = undefined
    const before = doc.requests.length
    const r = await runCommand(['oauth', 'register'], { env: env() })
    expect(r.stderr).toBe('')
    expect(r.exitCode).toBe(0)
    expect(r.stdout.trim()).toBe('cl_fallback')
    expect(doc.requests.slice(before)).toEqual([
      { method: 'GET', path: '/.well-known/oauth-authorization-server' },
      { method: 'POST', path: '/oauth/register' },
    ])
  })

  it('the fallback authorization URL is {origin}/oauth/authorize with PKCE S256', async () => {
    const meta = fallbackMetadata(doc.baseUrl)
    expect(meta).toEqual({
      issuer: origin(),
      authorization_endpoint: `${origin()}/oauth/authorize`,
      token_endpoint: `${origin()}/oauth/token`,
      registration_endpoint: `${origin()}/oauth/register`,
      revocation_endpoint: `${origin()}/oauth/revoke`,
    })
    const url = new URL(
      authorizationUrl(meta, { clientId: 'c', redirectUri: 'http://127.0.0.1/cb', codeChallenge: 'x', state: 's' }),
    )
    expect(url.origin + url.pathname).toBe(`${origin()}/oauth/authorize`)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
  })

  it('metadata without code_challenge_methods_supported: S256 assumed; methods without S256: refused (exit 4)', async () => {
    const base = {
      issuer: origin(),
      authorization_endpoint: `${origin()}/oauth/authorize`,
      token_endpoint: `${origin()}/oauth/token`,
      registration_endpoint: `${origin()}/oauth/register`,
    }
    metadata = base
    const ok = await runCommand(['oauth', 'register'], { env: env() })
    expect([ok.exitCode, ok.stdout.trim()]).toEqual([0, 'cl_fallback'])
    metadata = { ...base, code_challenge_methods_supported: ['plain'] }
    const refused = await runCommand(['oauth', 'register'], { env: env() })
    expect(refused.exitCode).toBe(4)
    expect(refused.stderr).toContain('does not support PKCE S256')
  })
})

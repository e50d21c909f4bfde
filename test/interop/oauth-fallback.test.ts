// OAuth without a metadata document (issue 28 item 7): a 404 at /.well-known/oauth-authorization-server falls back to
// `{origin}/oauth/{authorize,token,register,revoke}` (the routes sideboard's client calls), S256 assumed when the
// metadata names no challenge methods; a server that names methods without S256 is still refused. A whole browser login
// on those routes alone: register, authorize with an S256 challenge, the code exchanged at {origin}/oauth/token with
// the verifier that hashes to it, the token used on the API, and logout revoking it at {origin}/oauth/revoke.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authorizationUrl, fallbackMetadata } from '../../src/auth/oauth.js'
import { type DocumentedServer, startDocumentedServer } from '../helpers/documented-server.js'
import { runCommand } from '../helpers/run-command.js'
import { tempConfigDir } from '../helpers/cli.js'

let doc: DocumentedServer
let metadata: unknown
/** what the fallback routes were given: the authorize query, the token form, the revoke form */
const seen: { authorize?: URLSearchParams; token?: URLSearchParams; revoke?: URLSearchParams; bearer?: string } = {}
const form = (body: Buffer) => new URLSearchParams(body.toString())
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')
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
    {
      method: 'GET',
      pattern: '/oauth/authorize',
      handle: ({ res, query }) => {
        seen.authorize = query
        const back = new URL(query.get('redirect_uri') ?? '')
        back.searchParams.set('code', 'code_1')
        back.searchParams.set('state', query.get('state') ?? '')
        res.writeHead(302, { location: back.href }).end()
      },
    },
    {
      method: 'POST',
      pattern: '/oauth/token',
      handle: ({ res, body }) => {
        seen.token = form(body)
        const verifier = seen.token.get('code_verifier') ?? ''
        const ok = seen.token.get('code') === 'code_1' && s256(verifier) === seen.authorize?.get('code_challenge')
        res.writeHead(ok ? 200 : 400, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        res.end(
          JSON.stringify(
            ok
              ? { access_token: 'at_fallback', token_type: 'Bearer', expires_in: 3600, account_id: 'acc_doc' }
              : { error: 'invalid_grant' },
          ),
        )
      },
    },
    {
      method: 'POST',
      pattern: '/oauth/revoke',
      handle: ({ res, body }) => {
        seen.revoke = form(body)
        res.writeHead(200).end()
      },
    },
    {
      method: 'GET',
      pattern: '/{accountId}/agents',
      handle: ({ req, res }) => {
        seen.bearer = req.headers.authorization
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [], total: 0 }))
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

describe('a browser login on the fallback routes alone', () => {
  it('authorizes with PKCE S256, exchanges the code with its verifier, uses the token, and revokes it at logout', async () => {
    metadata = undefined
    const configDir = tempConfigDir()
    const login = await runCommand(['--base-url', doc.baseUrl, 'login'], {
      configDir,
      openBrowser: async (url) => {
        const sent = await fetch(url, { redirect: 'manual' })
        expect(sent.status).toBe(302)
        await (await fetch(sent.headers.get('location') ?? '')).text()
      },
    })
    expect(login.exitCode, login.stderr).toBe(0)
    expect(seen.authorize?.get('code_challenge_method')).toBe('S256')
    expect(seen.authorize?.get('client_id')).toBe('cl_fallback')
    expect(seen.token?.get('grant_type')).toBe('authorization_code')
    expect(s256(seen.token?.get('code_verifier') ?? '')).toBe(seen.authorize?.get('code_challenge'))
    const list = await runCommand(['agents', 'list', '--json'], { configDir })
    expect([list.exitCode, list.stdout.trim()], list.stderr).toEqual([0, '[]'])
    expect(seen.bearer).toBe('Bearer at_fallback')
    const out = await runCommand(['logout'], { configDir })
    expect(out.exitCode, out.stderr).toBe(0)
    expect(seen.revoke?.get('token')).toBe('at_fallback')
    expect(doc.requests.map((q) => q.path)).toEqual(
      expect.arrayContaining([
        '/oauth/register',
        '/oauth/authorize',
        '/oauth/token',
        '/oauth/revoke',
        '/acc_doc/agents',
      ]),
    )
  })
})

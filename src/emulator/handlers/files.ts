// Files (wire.md "Sites, files, images"): raw bytes under slash-separated paths, stored with their Content-Type.
// Uploads are PUT with the raw body; downloads answer the bytes with the stored type.
import { createHash, randomBytes } from 'node:crypto'
import type { EmulatorState, StoredFile } from '../state.js'
import { type DeclaredBody, type EmuResponse, type HandlerEnv, type HandlerTable, HttpError } from '../types.js'
import { badRequest, conflict, headerValue, isoNow, listPage, notFound } from '../kit.js'
import { fileView, listedEntries, moveEntries } from './folders.js'

/** Largest file accepted by an upload (413 beyond). */
const maxFileBytes = 10 * 1024 * 1024

/** Type of uploads sent without a Content-Type. */
const defaultType = 'application/octet-stream'

/** Why a file path is unusable, or undefined: relative, no empty, `.` or `..` segments, no control characters. */
function filePathProblem(path: string): string | undefined {
  if (path === '') return 'path is required'
  if (path.length > 1024) return 'path must be at most 1024 characters'
  if (path.startsWith('/')) return 'path must not start with /'
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return 'path must not contain control characters or backslashes'
  const segments = path.split('/')
  if (segments.some((s) => s === '' || s === '.' || s === '..')) {
    return 'path must not contain empty, "." or ".." segments'
  }
  return undefined
}

/** A single `Range: bytes=a-b` (or `a-`, `-n`) as [first, last], 'unsatisfiable', or undefined (none, or not one). */
function byteRange(header: string | undefined, size: number): [number, number] | 'unsatisfiable' | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '')
  if (!m || (m[1] === '' && m[2] === '')) return undefined
  const [first, last] =
    m[1] === '' ? [Math.max(0, size - Number(m[2])), size - 1] : [Number(m[1]), m[2] === '' ? size - 1 : Number(m[2])]
  if (first >= size || last < first) return 'unsatisfiable'
  return [first, Math.min(last, size - 1)]
}

/** Where the emulator serves signed file URLs (outside the API's base path: no credential is asked). */
export const signedFilesPath = '/storage/signed/'

/** How long a signed URL lasts when `expiresIn` is not given, in seconds. */
const defaultSignedSeconds = 3600

/** The answer to a signed file URL: the file's bytes, or 403 once the URL has expired (or was never made). */
export function signedFileAnswer(token: string, env: HandlerEnv): EmuResponse {
  const signed = env.state.signedUrls.get(token)
  if (signed === undefined || signed.expiresAt <= env.now()) {
    if (signed !== undefined) env.state.signedUrls.delete(token)
    throw new HttpError(403, 'this signed URL has expired or is not valid', {}, 'signature_expired')
  }
  const f = find(env, signed.path)
  return { status: 200, body: Buffer.from(f.data, 'base64'), contentType: f.contentType, headers: safeHeaders }
}

/** Uploaded HTML must not run script on the emulator's origin (which also serves the OAuth consent page). */
const safeHeaders = { 'x-content-type-options': 'nosniff', 'content-security-policy': "sandbox; default-src 'none'" }

/** Stores bytes under a path (used by uploads, generated images and the seed); true when the file is new. */
export function putFile(state: EmulatorState, path: string, bytes: Buffer, contentType: string, at: string): boolean {
  const created = !state.files.has(path)
  state.files.set(path, { path, contentType, data: bytes.toString('base64'), size: bytes.length, updatedAt: at })
  return created
}

function pathOf(params: Record<string, string>): string {
  const path = params.path ?? ''
  const problem = filePathProblem(path)
  if (problem !== undefined) throw badRequest(problem)
  return path
}

function find(env: HandlerEnv, path: string): StoredFile {
  const f = env.state.files.get(path)
  if (f === undefined) throw notFound('file', path)
  return f
}

/** Handlers of the file routes. */
export const fileHandlers = {
  filesList(req, { state }) {
    const { path, search } = req.queryInput as { path?: string; search?: string }
    const folder = (path ?? '').replace(/\/+$/, '')
    if (folder !== '') {
      const problem = filePathProblem(folder)
      if (problem !== undefined) throw badRequest(problem.replace(/^path/, 'path (the folder)'))
    }
    return { status: 200, json: listPage(listedEntries(state, folder, search), req) }
  },

  filesSignedUrl(req, env) {
    const { path, expiresIn } = req.input as DeclaredBody<'filesSignedUrl'>
    find(env, pathOf({ path }))
    const token = randomBytes(24).toString('base64url')
    const expiresAt = env.now() + (expiresIn ?? defaultSignedSeconds) * 1000
    env.state.signedUrls.set(token, { path, expiresAt })
    const signedUrl = `${req.origin}${signedFilesPath}${token}`
    return { status: 200, json: { signedUrl, path, expiresAt: new Date(expiresAt).toISOString() } }
  },

  filesCreateFolder(req, env) {
    const { path, folderName } = req.input as DeclaredBody<'filesCreateFolder'>
    const parent = (path ?? '').replace(/\/+$/, '')
    const full = pathOf({ path: parent === '' ? folderName : `${parent}/${folderName}` })
    if (env.state.files.has(full)) throw conflict(`a file is at "${full}": a folder cannot be made there`)
    const existing = env.state.folders.get(full)
    const folder = existing ?? { path: full, updatedAt: isoNow(env) }
    env.state.folders.set(full, folder)
    return { status: existing ? 200 : 201, json: { path: full, type: 'folder', updatedAt: folder.updatedAt } }
  },

  filesMove(req, env) {
    const body = req.input as DeclaredBody<'filesMove'>
    const from = pathOf({ path: body.path })
    const to = pathOf({ path: body.newPath })
    return { status: 200, json: moveEntries(env.state, from, to, isoNow(env)) }
  },

  filesUpload(req, env) {
    const path = pathOf(req.params)
    if (req.rawBody.length > maxFileBytes) {
      throw new HttpError(413, `file is larger than ${maxFileBytes} bytes`, {}, 'payload_too_large')
    }
    const type = headerValue(req, 'content-type')?.trim() || defaultType
    const created = putFile(env.state, path, req.rawBody, type, isoNow(env))
    return { status: created ? 201 : 200, json: fileView(find(env, path)) }
  },

  filesDownload(req, env) {
    const f = find(env, pathOf(req.params))
    const bytes = Buffer.from(f.data, 'base64')
    // What a client needs to check a download and resume it (docs/wire.md "Files"): a strong ETag, the whole file's
    // digest (RFC 9530 Repr-Digest, on 206 answers too) and byte ranges (RFC 9110 14).
    const digest = createHash('sha256').update(bytes).digest()
    const headers: Record<string, string> = {
      ...safeHeaders,
      etag: `"${digest.subarray(0, 16).toString('hex')}"`,
      'repr-digest': `sha-256=:${digest.toString('base64')}:`,
      'accept-ranges': 'bytes',
    }
    const range = byteRange(headerValue(req, 'range'), bytes.length)
    const ifRange = headerValue(req, 'if-range')
    if (range === undefined || (ifRange !== undefined && ifRange !== headers.etag))
      return { status: 200, body: bytes, contentType: f.contentType, headers }
    if (range === 'unsatisfiable')
      throw new HttpError(416, 'range not satisfiable', { 'content-range': `bytes */${bytes.length}` }, 'range')
    const [start, end] = range
    headers['content-range'] = `bytes ${start}-${end}/${bytes.length}`
    return { status: 206, body: bytes.subarray(start, end + 1), contentType: f.contentType, headers }
  },

  filesDelete(req, env) {
    const path = pathOf(req.params)
    find(env, path)
    env.state.files.delete(path)
    return { status: 204 }
  },
} satisfies HandlerTable

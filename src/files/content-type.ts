// Content-Type of an upload, guessed from the file name's extension (the server stores and serves it back:
// wire.md "Sites, files, images"); `--content-type` overrides it.
import { extname } from 'node:path'

const types: Record<string, string> = {
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.ndjson': 'application/x-ndjson',
  '.xml': 'application/xml',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.gz': 'application/gzip',
  '.tar': 'application/x-tar',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
}

/** The type sent for unknown extensions. */
const defaultContentType = 'application/octet-stream'

/** The Content-Type for a file name, by its extension (case-insensitive). */
export function contentTypeFor(name: string): string {
  return types[extname(name).toLowerCase()] ?? defaultContentType
}

/** Whether a Content-Type is text a terminal can show (text/*, JSON, XML, YAML, JavaScript). */
export function isTextual(contentType: string | undefined): boolean {
  const t = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  return /^text\//.test(t) || /[/+](json|xml|yaml|x-ndjson|javascript)$/.test(t)
}

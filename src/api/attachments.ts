// What a chat message may carry as an attachment (brightsy.ai/docs/API "Attachments": a multipart part `file`, deleted
// by its file name), declared once: the library and the CLI refuse before sending what the emulator would refuse
// (413, 415). The reference shows no limit; these are ours, and a real service may take more or less.
import { formatBytes } from '../text/format-bytes.js'

/** Largest attachment: 20 MiB, as for an inline image (under the 25 MB body limit with room for the multipart frame). */
export const maxAttachmentBytes = 20 * 1024 * 1024

/** The types an attachment may have, by the file name's extension (lower case). */
const attachmentTypes: Readonly<Record<string, string>> = {
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.html': 'text/html',
  '.xml': 'application/xml',
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
}

/** The type of a file name by its extension, or undefined when attachments may not have it. */
export function attachmentType(filename: string): string | undefined {
  const dot = filename.lastIndexOf('.')
  return dot < 0 ? undefined : attachmentTypes[filename.slice(dot).toLowerCase()]
}

/**
 * Why this file cannot be an attachment: which rule (name, type, size) and a sentence naming the limit. `limit` is
 * maxAttachmentBytes but in the emulator of a test of the limit (its `attachmentLimitBytes`), which sends kilobytes.
 */
export function attachmentProblem(
  filename: string,
  size: number,
  limit = maxAttachmentBytes,
): { rule: 'name' | 'type' | 'size'; message: string } | undefined {
  if (filename === '' || filename === '.' || filename === '..' || /[/\\\0]/.test(filename))
    return { rule: 'name', message: `"${filename}" is not a file name` }
  if (attachmentType(filename) === undefined)
    return { rule: 'type', message: `${filename}: attachments must be ${Object.keys(attachmentTypes).join(' ')} files` }
  if (size > limit)
    return {
      rule: 'size',
      message: `${filename}: ${formatBytes(size)} is over the ${formatBytes(limit)} limit of an attachment`,
    }
  return undefined
}

// `--attach <file>` and `/attach <file>`: files uploaded to a stateful chat's message before it is sent (the service's
// attachment route, brightsy.ai/docs/API "Attachments"), checked against its limits (api/attachments.ts) before a
// byte is sent, so a wrong name, type or size is a usage error (exit 2) naming the file.
import { basename } from 'node:path'
import { attachmentProblem, attachmentType, maxAttachmentBytes } from '../api/attachments.js'
import { UsageError } from '../errors.js'
import { localFileSize, readArgFile } from '../io/arg-file.js'
import type { AttachmentFile } from '../sdk/chats.js'

/** What a stateless chat says to an attachment: it has no message on the service to hang it on. */
export const statelessAttachHint =
  'attachments go to a stateful chat: add --new-chat (or --chat <id>); an image can go inline in any chat with --image'

/** Checks one file (exists, a regular file, an allowed name, type and size) without reading it; `label` starts errors. */
export async function checkAttachment(path: string, label = '--attach'): Promise<void> {
  let size: number
  try {
    size = await localFileSize(path)
  } catch (err) {
    throw new UsageError(`${label} ${(err as Error).message}`)
  }
  const problem = attachmentProblem(basename(path), size)
  if (problem !== undefined) throw new UsageError(`${label} ${problem.message}`)
}

/** Reads a checked file: its name (the base name), bytes and type. */
export async function readAttachment(path: string, label = '--attach'): Promise<AttachmentFile> {
  await checkAttachment(path, label)
  const name = basename(path)
  const data = await readArgFile(path, `${label} ${path}`, maxAttachmentBytes)
  return { name, data, type: attachmentType(name) ?? 'application/octet-stream' }
}

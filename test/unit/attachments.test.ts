// The attachment limits (src/api/attachments.ts), declared once for the CLI, the library and the emulator. The size
// limit is the service's 20 MiB unless the emulator of a test of its 413 is given a smaller one (attachmentLimitBytes,
// undefined otherwise: test/emulator/core-chats uploads past 64 KiB); the CLI's refusal of a 20 MiB + 1 file is
// test/chat/documented-chat's.
import { describe, expect, it } from 'vitest'
import { attachmentProblem, maxAttachmentBytes } from '../../src/api/attachments.js'

describe('attachmentProblem', () => {
  it('takes 20 MiB and refuses a byte more, naming both sizes, when no limit is given (as the emulator by default)', () => {
    expect(maxAttachmentBytes).toBe(20 * 1024 * 1024)
    expect(attachmentProblem('big.txt', 20 * 1024 * 1024)).toBeUndefined()
    expect(attachmentProblem('big.txt', 20 * 1024 * 1024, undefined)).toBeUndefined()
    const over = { rule: 'size', message: 'big.txt: 20.0 MiB is over the 20 MiB limit of an attachment' }
    expect(attachmentProblem('big.txt', 20 * 1024 * 1024 + 1)).toEqual(over)
    expect(attachmentProblem('big.txt', 20 * 1024 * 1024 + 1, undefined)).toEqual(over)
  })

  it('takes a smaller limit when given one', () => {
    expect(attachmentProblem('a.txt', 1024, 1024)).toBeUndefined()
    expect(attachmentProblem('a.txt', 1025, 1024)).toEqual({
      rule: 'size',
      message: 'a.txt: 2 KiB is over the 1 KiB limit of an attachment',
    })
  })

  it('refuses a name or a type before the size', () => {
    expect(attachmentProblem('a/b.txt', 1)?.rule).toBe('name')
    expect(attachmentProblem('tool.exe', 20 * 1024 * 1024 + 1)?.rule).toBe('type')
  })
})

// `--prompt` of `images analyze` and `images generate`.
import { UsageError } from '../../errors.js'

/** A prompt: any text but the empty one. */
export function promptText(prompt: string, flag: string): string {
  if (prompt === '') throw new UsageError(`${flag}: must not be empty`)
  return prompt
}

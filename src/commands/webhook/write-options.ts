// The flags of `webhook create` and `webhook edit`, checked locally against the interface's constraints
// (service-interface 2.4: name 2–100 characters, description at most 1000, status active|inactive) before sending.
import { UsageError } from '../../errors.js'
import { maxChars } from '../max-chars.js'
import { nonEmpty } from '../non-empty.js'
import { custom } from '../options.js'

/** `--name`: 2 to 100 characters. */
function webhookName(name: string, flag: string): string {
  if (name.length < 2 || name.length > 100)
    throw new UsageError(`${flag}: must be 2 to 100 characters, e.g. --name "New orders"`)
  return name
}

/** `--name` (help: `help`). */
export const nameFlag = (help: string) => custom('--name <name>', help, webhookName)
/** `--description` (help: `help`). */
export const descriptionFlag = (help: string) => custom('--description <text>', help, maxChars(1000))
/** `--scenario` (help: `help`). */
export const scenarioFlag = (help: string) =>
  custom('--scenario <id>', help, nonEmpty('give a scenario id (see: agentry scenario list)'))

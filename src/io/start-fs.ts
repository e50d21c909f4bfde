// The file calls of the start-up path (reading the config, the credentials, a key file): node:fs promisified, not
// node:fs/promises, which loads readline and the REPL's history with it (node:fs and node:util load with Node
// anyway; docs/architecture.md, Start-up). test/e2e/startup-modules.test.ts checks `agents list` loads no fs/promises.
import { mkdir as mkdirCallback, readFile as readFileCallback, stat as statCallback } from 'node:fs'
import { promisify } from 'node:util'

export const mkdir = promisify(mkdirCallback)
export const readFile = promisify(readFileCallback)
export const stat = promisify(statCallback)

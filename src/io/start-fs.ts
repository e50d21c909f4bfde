// The file calls of the start-up path (reading the config, the credentials, a key file). Not node:fs/promises, which
// loads readline and the REPL's history with it (test/e2e/startup-modules.test.ts checks `agents list` loads no
// fs/promises). The reads are synchronous behind an async signature: these files are a few hundred bytes, and each
// asynchronous call is a round trip through libuv's thread pool (started by the first one), which cost `agents list`
// ~3-5 ms of wall time more than the reads themselves (docs/architecture.md, Start-up budget, fifth round).
import { mkdir as mkdirCallback, readFileSync, statSync } from 'node:fs'
import { promisify } from 'node:util'

export const mkdir = promisify(mkdirCallback)
export const readFile = async (path: string, encoding: 'utf8'): Promise<string> => readFileSync(path, encoding)
export const stat = async (path: string) => statSync(path)

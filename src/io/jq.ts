// `--jq <expression>`: the JSON a command prints, filtered by jq itself (jq-wasm: jq compiled to WebAssembly, real
// jq semantics), as gh's --jq does: strings print raw (jq -r), everything else as compact JSON, one result a line.
// jq loads only when the flag is given (~1.3 MB, ~200 ms): never on the start-up path of any other run.
import { CliError, UsageError } from '../errors.js'
import { type Jq, loadJq } from './jq-load.js'

let loaded: Jq | undefined
/** jq, loaded on first use (jq-load.ts says from where). */
const jq = async (): Promise<Jq> => {
  loaded ??= loadJq()
  return loaded
}

/** jq's own message, without its `jq: error: ` lead and the compile-error count line. */
function jqMessage(text: string): string {
  return text
    .split('\n')
    .filter((l) => !/^jq: \d+ compile errors?$/.test(l.trim()))
    .join('\n')
    .replace(/^jq: error(?: \(at [^)]*\))?: /, '')
    .trimEnd()
}

/** Refuses an expression jq cannot compile (a usage error with jq's message), before anything is sent. */
export async function checkJq(expression: string): Promise<void> {
  const { raw } = await jq()
  try {
    // compiled, never run: a run-time error depends on the real input, and an endless expression must not hang here
    await raw('null', `if false then (${expression}\n) else empty end`)
  } catch {
    // jq's message about the expression as written (a compile error stops jq before it runs anything)
    const message = await raw('null', expression).then(
      () => undefined,
      (err: unknown) => (err instanceof Error ? err.message : String(err)),
    )
    throw new UsageError(`--jq: ${jqMessage(message ?? 'the expression does not compile')}`, jqHint)
  }
}

const jqHint = "the expression is jq's own (https://jqlang.org/manual/); quote it for the shell: --jq '.[].id'"

/** The output of `expression` over a JSON text: strings raw, other values compact JSON, a line each. */
export async function runJq(expression: string, json: string): Promise<string> {
  let out: string
  try {
    out = await (await jq()).raw(json, expression, ['-r', '-c'])
  } catch (err) {
    throw new CliError(`--jq: ${jqMessage(err instanceof Error ? err.message : String(err))}`)
  }
  return out === '' || out.endsWith('\n') ? out : `${out}\n`
}

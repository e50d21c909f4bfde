// The modules a run of the CLI loads whatever its command (the Context, settings and config store, the command
// declaration kinds, the manifest, output and errors; not commander, which src/program.ts loads only when the direct
// run, src/direct-run.ts, leaves the line to it), and the API stack of every command that calls the service (the
// credential, the HTTP core, the library's client: src/api-core.ts), written by the build as ONE file: the core.
// Nothing imports this module in the source: the build (scripts/build.mjs, `coreChunks`) makes every module loaded
// with import() that uses any of these import this file first. esbuild splits shared code by the set of entry points
// that reach it; giving all of these the same set makes them one chunk instead of ~20 small ones.
// Why one file (bench/startup, docs/architecture.md "Start-up budget"): Node's ES-module loader costs ~0.4 ms and
// ~30–45 KiB of young objects a file; and the source of a file over 128 KiB is a string in V8's large-object space, out
// of the 1 MiB semi-space that the run's young objects fill: `agents list --json` makes one scavenge instead of two.
// A command that never calls the service (config, logs) reads the API stack's code without running it, for no time
// measured (its compile cache holds the top level only). What stays out, loaded on use: undici, each contract family
// and its schemas, the command groups, and the rare or heavy (prompts, palette, YAML, markdown, chat, MCP, the
// emulator, the chat log).
import './context.js'
import './commands/define.js'
import './commands/options.js'
import './commands/list-options.js'
import './commands/list-notes.js'
import './config/profile-exists.js'
import './commands/presets.js'
import './lists/declared.js'
import './commands/manifest.js'
import './run-start.js'
import './api-core.js'
// the option of most command groups' writes and lists (a chunk of its own otherwise, loaded by most commands)
import './commands/max-chars.js'

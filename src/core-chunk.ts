// The modules a run of the CLI loads whatever its command (the Context, settings and config store, the command
// declaration kinds, the manifest, output and errors; not commander, which src/program.ts loads only when the direct
// run, src/direct-run.ts, leaves the line to it), written by the build as ONE file: the base core. Nothing imports this
// module in the source: the build (scripts/build.mjs, `coreChunks`) makes every module loaded with import() that uses
// any of these import this file first. esbuild splits shared code by the set of entry points that reach it; giving all
// of these the same set makes them one chunk instead of ~20 small ones, and Node's ESM loader costs ~0.4 ms a file.
// src/api-core.ts is the second core, the API stack (bench/startup and docs/architecture.md give the figures). What
// stays out, loaded on use: undici, each contract family and its schemas, the command groups, and the rare or heavy
// (prompts, palette, YAML, markdown, chat, MCP, the emulator, the chat log).
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

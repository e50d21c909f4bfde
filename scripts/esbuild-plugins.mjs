// esbuild plugins shared by the npm build (scripts/build.mjs) and the single executable (scripts/build-exe.mjs).
import { readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { constants as http2Constants } from 'node:http2'

// undici's HTTP/2 client requires node:http2 when it is loaded, only to read ten header-name constants; loading
// node:http2 (and node:tls under it) costs ~25 ms on every command, though we never speak HTTP/2 (undici only does
// with allowH2). Here it gets those constants as values (RFC 9113 names, taken from this Node at build time) and
// loads node:http2 when a session is really opened. bench/startup shows the saving.
const http2Marker = "http2 = require('node:http2')"
export const lazyHttp2 = {
  name: 'lazy-http2',
  setup(b) {
    b.onLoad({ filter: /undici[\\/]lib[\\/]dispatcher[\\/]client-h2\.js$/ }, (args) => {
      const src = readFileSync(args.path, 'utf8')
      if (!src.includes(http2Marker))
        throw new Error(`lazy-http2: undici changed; "${http2Marker}" not in ${args.path}`)
      const lazy = `http2 = { constants: ${JSON.stringify(http2Constants)}, connect: (...a) => require('node:http2').connect(...a) }`
      return { contents: src.replace(http2Marker, lazy), loader: 'js' }
    })
  },
}

// zod: our code uses `zod/mini`, which tree-shakes; the MCP SDK (mcp serve, chat --mcp) uses zod classic. esbuild
// splits code by whole files, so with one copy a file shared by both (zod/v4/core/schemas.js…) lands in a chunk
// that `agents list` loads, holding everything classic needs (~180 KB). Our `zod/mini` imports get their own copy
// instead (namespace zod-ours): its files hold only what our schemas use (~60 KB). Both copies share zod's registry and config
// (kept on globalThis by zod itself), so descriptions and English messages set by ours are seen by the SDK's.
export const ownZod = {
  name: 'own-zod',
  setup(b) {
    const ns = 'zod-ours'
    const again = async (args) => {
      const r = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: 'own-zod' })
      return r.errors.length ? { errors: r.errors } : { path: r.path, namespace: ns }
    }
    b.onResolve({ filter: /^zod\/(mini|v4-mini|v4\/mini|v4\/locales\/)/ }, (args) => {
      if (args.pluginData === 'own-zod' || args.importer.includes('node_modules')) return undefined
      return again(args)
    })
    b.onResolve({ filter: /.*/, namespace: ns }, again)
    b.onLoad({ filter: /.*/, namespace: ns }, (args) => ({
      contents: readFileSync(args.path, 'utf8'),
      loader: 'js',
      resolveDir: dirname(args.path),
    }))
  },
}

// commander imports node:child_process at the top for executable subcommands (`program.command('x', 'desc')`
// spawning `prog-x`), which we never declare; child_process also loads dgram and the spawn bindings on every
// command. Here commander gets it on first use instead.
const childProcessMarker = "import childProcess from 'node:child_process';"
export const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onLoad({ filter: /commander[\\/]lib[\\/]command\.js$/ }, (args) => {
      const src = readFileSync(args.path, 'utf8')
      if (!src.includes(childProcessMarker))
        throw new Error(`lazy-child-process: commander changed; "${childProcessMarker}" not in ${args.path}`)
      const lazy = "const childProcess = { spawn: (...a) => require('node:child_process').spawn(...a) };"
      return { contents: src.replace(childProcessMarker, lazy), loader: 'js' }
    })
  },
}

// How the CLI's modules run, as the npm command (bin/agentry.cjs) and as the single executable
// (scripts/build-exe.mjs) load them: every file of the CLI's build (dist/cli.js, dist/emulator.js, dist/chunks/*)
// made CommonJS by the npm build (dist/cjs/, scripts/build.mjs), compiled by `vm.Script` when first required, with
// V8's code cache made AFTER a run: such a cache holds every function that run compiled, where one made when the
// script is compiled (Node's compile cache, SEA's `useCodeCache`) holds only its top level, and every function a run
// calls is then parsed and compiled again at each start. No ES-module loader either.
// - The executable's caches come from a training run at build time (scripts/build-exe.mjs).
// - The npm command's are made on the user's machine, since V8 refuses a cache from another V8, other flags or
//   other CPU features (`fileModules` below). The copy in dist/cjs/loader.cjs is the one that runs.
'use strict'
const vm = require('node:vm')
const { dirname, join, posix } = require('node:path')

/**
 * The modules of the CLI by name ('cli.js', 'chunks/chunk-X.js', and so on): `source(name)` gives a module's text or
 * undefined, `cache(name)` its code cache or undefined, `where(name)` its import.meta.url and __dirname. A module is
 * a function of (exports, require, module, import.meta.url, __dirname). Its relative requires are names beside it;
 * anything else goes to `external` (Node's built-ins).
 */
function moduleLoader(source, cache, where, external = require) {
  const loaded = new Map()
  function load(name) {
    const done = loaded.get(name)
    if (done) return done.module.exports
    const text = source(name)
    if (text === undefined) throw new Error(`agentry: no module ${name}`)
    const cachedData = cache(name)
    const entry = { module: { exports: {} }, script: undefined, cached: cachedData !== undefined }
    loaded.set(name, entry)
    const dir = posix.dirname(name)
    const req = (id) => (id.startsWith('./') || id.startsWith('../') ? load(posix.join(dir, id)) : external(id))
    const [url, dirname] = where(name)
    entry.script = new vm.Script(text, { filename: where.filename?.(name) ?? `agentry/${name}`, cachedData })
    entry.script.runInThisContext()(entry.module.exports, req, entry.module, url, dirname)
    return entry.module.exports
  }
  return { load, loaded }
}

/** In the executable: every module's import.meta.url is the executable's URL, its __dirname the executable's folder. */
function exeWhere() {
  let at
  return () => (at ??= [require('node:url').pathToFileURL(process.execPath).href, dirname(process.execPath)])
}

/**
 * The modules as the executable holds them (scripts/build-exe.mjs): every source in the asset modules.js, every code
 * cache in modules.cache, and in modules.json where each module's are ([source offset, length, cache offset,
 * length]). Only the pages of the modules a run loads are read.
 */
function packedModules(getRawAsset) {
  const index = JSON.parse(Buffer.from(getRawAsset('modules.json')).latin1Slice())
  const sources = getRawAsset('modules.js')
  const caches = getRawAsset('modules.cache')
  return {
    source: (name) => index[name] && Buffer.from(sources, index[name][0], index[name][1]).latin1Slice(),
    cache: (name) => index[name] && Buffer.from(caches, index[name][2], index[name][3]),
  }
}

/**
 * The npm command's modules: dist/cjs/<name> (ASCII, read as one-byte strings), each run as if it were dist/<name>
 * (its import.meta.url and __dirname: jq-wasm and undici's parsers are found from there), its stack traces naming
 * dist/cjs/<name>. Their code caches are files of Node's compile-cache folder (NODE_COMPILE_CACHE, else
 * <tmpdir>/node-compile-cache, where Node's own compile cache goes), in agentry-<build>-<Node>-<arch>-<flags>/:
 * one folder per build of the CLI (dist/cjs/build.txt, the digest of every module: V8 checks only a source's
 * length), per Node and per V8 options given (V8 refuses a cache made under other flags); shared by every run of
 * that build by that user, whatever its AGENTRY_* folders (a test's runs each have their own). A folder that is not
 * the user's own, or that others may write, is not read. `saveCaches()`, called after a run (or when a module first
 * requires node:v8), writes the cache of each module loaded that had none or had one V8 refused: made then, it holds
 * every function the run compiled. Each
 * file is written whole under another name, then renamed: a reader never sees part of one. Any failure (a folder
 * not writable, a full disk) leaves the run as it was, without caches.
 */
function fileModules(distDir) {
  const fs = require('node:fs')
  const cjs = join(distDir, 'cjs')
  const read = (file, encoding) => {
    try {
      return fs.readFileSync(file, encoding)
    } catch {
      return undefined
    }
  }
  let folder
  try {
    const build = fs.readFileSync(join(cjs, 'build.txt'), 'latin1').trim()
    const options = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`
    let hash = 0x811c9dc5 // FNV-1a of the options
    for (let i = 0; i < options.length; i++) hash = Math.imul(hash ^ options.charCodeAt(i), 0x01000193) >>> 0
    const base = process.env.NODE_COMPILE_CACHE || join(require('node:os').tmpdir(), 'node-compile-cache')
    folder = join(base, `agentry-${build}-${process.version}-${process.arch}-${hash.toString(16)}`)
  } catch {}
  // the folder's owner and mode, checked once before its first cache is read
  let trusted
  const trust = () => {
    if (trusted !== undefined) return trusted
    try {
      const st = fs.statSync(folder)
      trusted =
        st.isDirectory() && (process.getuid === undefined || (st.uid === process.getuid() && (st.mode & 0o022) === 0))
    } catch {
      trusted = false
    }
    return trusted
  }
  const cacheFile = (name) => join(folder, `${name.replace(/\//g, '-')}.cache`)
  const source = (name) => read(join(cjs, name), 'latin1')
  const cache = (name) => (folder !== undefined && trust() ? read(cacheFile(name)) : undefined)
  const where = (name) => {
    const file = join(distDir, name)
    return [require('node:url').pathToFileURL(file).href, dirname(file)]
  }
  where.filename = (name) => join(cjs, name)
  // node:v8 required by a module (a chat's, to set V8 flags): the caches are written first, while the flags are
  // still those of every run (below)
  let early = false
  const external = (id) => {
    if (!early && (id === 'node:v8' || id === 'v8')) {
      early = true
      saveCaches()
    }
    return require(id)
  }
  const { load, loaded } = moduleLoader(source, cache, where, external)
  function saveCaches() {
    if (folder === undefined) return
    // a run that loaded node:v8 may have changed V8's flags since (a chat does, src/io/steady-heap.ts): a cache made
    // now would be refused by every other run; the caches were written when node:v8 was first required, if the CLI
    // required it
    if (process.moduleLoadList.includes('NativeModule v8')) return
    const stale = [...loaded].filter(([, e]) => !e.cached || e.script.cachedDataRejected)
    if (stale.length === 0) return
    try {
      if (!trust()) {
        fs.mkdirSync(folder, { recursive: true, mode: 0o700 })
        trusted = undefined
        if (!trust()) return
      }
      for (const [name, e] of stale) {
        const file = cacheFile(name)
        const part = `${file}.${process.pid}.part`
        try {
          fs.writeFileSync(part, e.script.createCachedData())
          fs.renameSync(part, file)
        } catch (error) {
          fs.rmSync(part, { force: true })
          throw error
        }
      }
    } catch {}
  }
  return { load, saveCaches }
}

module.exports = { moduleLoader, exeWhere, packedModules, fileModules }

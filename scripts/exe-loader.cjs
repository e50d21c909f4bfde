// How the single executable runs the CLI (scripts/build-exe.mjs): every file of the npm build (dist/cli.js,
// dist/emulator.js, dist/chunks/*) is an asset of its own, made CommonJS, with V8's code cache of a training run made
// at build time (a cache made after running holds every function that run compiled; one made when the script is
// compiled holds only its top level). A module is read and compiled when first required, so `agents list` reads the
// ~250 KB it runs, not the whole CLI. Also used by that training run and the build's checks, so that all compile the
// same sources the same way.
'use strict'
const vm = require('node:vm')
const { dirname, posix } = require('node:path')

/**
 * The modules of the CLI by name ('cli.js', 'chunks/chunk-X.js'…): `source(name)` gives a module's text or
 * undefined, `cache(name)` its code cache or undefined. A module is a function of (exports, require, module, the
 * executable's URL as import.meta.url, its folder as __dirname). Its relative
 * requires are names beside it; anything else goes to `external` (Node's built-ins).
 */
function moduleLoader(source, cache, external = require) {
  const loaded = new Map()
  let url
  function load(name) {
    const done = loaded.get(name)
    if (done) return done.module.exports
    const text = source(name)
    if (text === undefined) throw new Error(`agentry: the executable holds no module ${name}`)
    const entry = { module: { exports: {} }, script: undefined }
    loaded.set(name, entry)
    const dir = posix.dirname(name)
    const req = (id) => (id.startsWith('./') || id.startsWith('../') ? load(posix.join(dir, id)) : external(id))
    entry.script = new vm.Script(text, { filename: `agentry/${name}`, cachedData: cache(name) })
    url ??= require('node:url').pathToFileURL(process.execPath).href
    entry.script.runInThisContext()(entry.module.exports, req, entry.module, url, dirname(process.execPath))
    return entry.module.exports
  }
  return { load, loaded }
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
module.exports = { moduleLoader, packedModules }

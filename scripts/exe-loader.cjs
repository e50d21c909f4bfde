// How the single executable runs the CLI's bundle (scripts/build-exe.mjs): the bundle is an asset of the executable,
// compiled with V8's code cache made by a training run at build time, which holds every function that run compiled
// (a cache made when the script is compiled holds only its top level). Also used by that training run, so that both
// compile the same source the same way.
'use strict'
const vm = require('node:vm')

/**
 * Compiles and runs a bundle (a function of exports, require, module: the CLI, or jq's asset); returns its exports and
 * the Script. `req` is the require the bundle gets (the build's check of jq's asset gives one of built-ins only).
 */
function loadCli(source, cachedData, req = require) {
  const script = new vm.Script(source, { filename: 'agentry-cli.js', cachedData })
  const module = { exports: {} }
  // the last argument is __dirname, for jq's asset (Emscripten's loader reads it): the executable's folder
  script.runInThisContext()(module.exports, req, module, require('node:path').dirname(process.execPath))
  return { exports: module.exports, script }
}
module.exports = { loadCli }

import * as sdk from './index'

// Minification renames classes and functions to letters; a console shows an instance by its
// constructor's `name`, so every export gets its public name back (cheaper than esbuild's
// keepNames, which names every internal function too).
for (const [name, value] of Object.entries(sdk)) {
  if (typeof value === 'function' && value.name !== name) {
    Object.defineProperty(value, 'name', { value: name, configurable: true })
  }
}
/**
 * The script-tag build: `window.PullSign` is the client class itself, so `new PullSign({...})`
 * works in a page, and every other export of the ESM entry hangs off it (`PullSign.PullSignError`).
 */
;(globalThis as { PullSign?: unknown }).PullSign = Object.assign(sdk.PullSign, sdk)

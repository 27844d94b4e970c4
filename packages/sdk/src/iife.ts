import * as sdk from './index'

/**
 * The script-tag build: `window.PullSign` is the client class itself, so `new PullSign({...})`
 * works in a page, and every other export hangs off it (`PullSign.PullSignError`).
 */
;(globalThis as { PullSign?: unknown }).PullSign = Object.assign(sdk.PullSign, sdk)

import * as signInRuntime from './sign-in-runtime'
import * as xappClient from './xapp/xapp-client'

// The script-tag build's stand-in for lazy-runtimes.ts: the same loaders, over modules already in
// the file.

/** @example `const { createSignInRuntime } = await loadSignInRuntime()` */
export const loadSignInRuntime = async () => signInRuntime
/** @example `const { createXappClient } = await loadXappClient()` */
export const loadXappClient = async () => xappClient

import { createSignInRuntime } from './sign-in-runtime'
import { createXappClient } from './xapp/xapp-client'

// The script-tag build's stand-in for lazy-runtimes.ts: the same loaders over modules already in
// the file, handing out only what the callers use.

/** @example `const { createSignInRuntime } = await loadSignInRuntime()` */
export const loadSignInRuntime = async () => ({ createSignInRuntime })
/** @example `const { createXappClient } = await loadXappClient()` */
export const loadXappClient = async () => ({ createXappClient })

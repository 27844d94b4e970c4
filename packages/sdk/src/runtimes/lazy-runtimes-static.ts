import { startBrowserRuntime, startNativeRuntime } from './sign-in-runtime'
import { createXappRuntime } from './xapp/xapp-runtime'

// The script-tag build's stand-in for lazy-runtimes.ts: the same loaders over modules already in
// the file, handing out only what the callers use.

/** @example `const { startBrowserRuntime } = await loadSignInRuntime()` */
export const loadSignInRuntime = async () => ({ startBrowserRuntime, startNativeRuntime })
/** @example `const { createXappRuntime } = await loadXappRuntime()` */
export const loadXappRuntime = async () => ({ createXappRuntime })

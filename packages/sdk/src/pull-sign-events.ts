import type { SignInEvents } from './runtimes/oauth/sign-in-session'
import type { XappClientEvents } from './runtimes/xapp/xapp-runtime'

/**
 * Every event a client made by `new PullSign(...)` may fire: the sign-in's (browser and native)
 * and the xApp's (`retrieved` with the launch context, `success`, `ready`, then the wallet's
 * `payload`, `qr`, `destination`, `networkswitch`; docs/protocol.md §7.2). Narrow the client by
 * its `runtime` for the exact set.
 *
 * @example
 * ```ts
 * const onError = (error: PullSignEvents['error']) => console.log(error.code)
 * ```
 */
export type PullSignEvents = {
  [K in keyof SignInEvents | keyof XappClientEvents]:
    | (K extends keyof SignInEvents ? SignInEvents[K] : never)
    | (K extends keyof XappClientEvents ? XappClientEvents[K] : never)
}

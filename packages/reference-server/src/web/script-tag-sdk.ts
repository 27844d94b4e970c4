import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

/**
 * Reads the SDK's script-tag build; null when it is not built.
 *
 * @example
 * ```ts
 * const source: string | null = await scriptTagSdk()
 * ```
 */
export type ScriptTagSdk = () => Promise<string | null>

/**
 * The SDK's script-tag build (`pullsign/pullsign.iife.js`, which defines `window.PullSign`), read
 * through the package the server depends on, once per server (the handler makes one): a server
 * started after a build serves it even if an older one in the same process found none. Null
 * when the SDK is not built (a workspace checkout before `pnpm build`), so the demo xApp can say
 * so instead of failing; a later call tries again.
 *
 * @example
 * ```ts
 * const scriptTagSdk = createScriptTagSdk()
 * const source = await scriptTagSdk()
 * ```
 */
export function createScriptTagSdk(): ScriptTagSdk {
  let cached: Promise<string> | undefined
  return async () => {
    try {
      cached ??= readFile(
        createRequire(import.meta.url).resolve('pullsign/pullsign.iife.js'),
        'utf8',
      )
      return await cached
    } catch {
      cached = undefined
      return null
    }
  }
}

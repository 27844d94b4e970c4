import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

let cached: Promise<string | null> | null = null

/**
 * The SDK's script-tag build (`pullsign/pullsign.iife.js`, which defines `window.PullSign`), read
 * once through the package the server depends on; null when the SDK is not built (a workspace
 * checkout before `pnpm build`), so the demo xApp can say so instead of failing.
 */
export function scriptTagSdk(): Promise<string | null> {
  cached ??= (async () => {
    try {
      const file = createRequire(import.meta.url).resolve('pullsign/pullsign.iife.js')
      return await readFile(file, 'utf8')
    } catch {
      return null
    }
  })()
  return cached
}

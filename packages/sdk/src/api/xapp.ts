import { requireString, requireUuid } from '../core/input'
import type { Client } from '../core/platform-client'
import type { XappContext } from '../wire/xapp'

/**
 * xApp context by one-time token, from a backend (§2 `xapp/ott`, §7.2).
 *
 * @example
 * ```ts
 * const context = await pullsign.xapp.get(ott)
 * ```
 */
export interface XappApi {
  /**
   * Resolves a one-time token (once, within 60 s). With `deviceId`, re-fetches it for a
   * whitelisted debug device.
   *
   * @example
   * ```ts
   * const { account, nodetype } = await pullsign.xapp.get(ott)
   * ```
   */
  get(ott: string, options?: { deviceId?: string }): Promise<XappContext>
}

/**
 * The debug re-fetch hash of §2: `lower(hex(sha1(upper("{ott}.{apiSecret}.{deviceId}"))))`.
 *
 * @example
 * ```ts
 * const hash = await ottDeviceHash(ott, apiSecret, deviceId)
 * ```
 */
export async function ottDeviceHash(
  ott: string,
  apiSecret: string,
  deviceId: string,
): Promise<string> {
  const text = `${ott}.${apiSecret}.${deviceId}`.toUpperCase()
  const digest = await globalThis.crypto.subtle.digest('SHA-1', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * Builds the xApp API on the client core; `apiSecret` is needed only for the debug re-fetch.
 *
 * @example
 * ```ts
 * const xapp = createXappApi(client, () => apiSecret)
 * ```
 */
export function createXappApi(client: Client, apiSecret: () => string): XappApi {
  return {
    get: async (ott, options = {}) => {
      const token = requireUuid(ott, 'ott')
      if (options.deviceId === undefined) {
        return client.request<XappContext>('GET', `xapp/ott/${token}`, { sensitive: [token] })
      }
      const deviceId = requireString(options.deviceId, 'deviceId')
      const hash = await ottDeviceHash(token, apiSecret(), deviceId)
      return client.request<XappContext>('GET', `xapp/ott/${token}/${hash}`, {
        sensitive: [token, hash],
      })
    },
  }
}

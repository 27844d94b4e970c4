import { requireObject, requireString } from '../core/input'
import type { Client } from '../core/platform-client'
import {
  USERDATA_KEY_PATTERN,
  type UserdataListResponse,
  type UserdataPersistResponse,
  type UserdataRemoveResponse,
  type UserdataRetrieveResponse,
} from '../wire/user-store'

/**
 * The signed-in person's store for this application (docs/protocol.md §2 `userdata`, JWT only):
 * JSON objects under keys matching `^[a-z0-9]{3,}$`.
 *
 * @example
 * ```ts
 * await pullsign.userstore.set('profile', { theme: 'dark' })
 * const profile = await pullsign.userstore.get('profile')
 * ```
 */
export interface UserStoreApi {
  /**
   * The keys stored for this person.
   *
   * @example
   * ```ts
   * const keys = await pullsign.userstore.list()
   * ```
   */
  list(): Promise<string[]>
  /**
   * The object under a key, or `null` when there is none.
   *
   * @example
   * ```ts
   * const profile = await pullsign.userstore.get('profile')
   * ```
   */
  get(key: string): Promise<Record<string, unknown> | null>
  /**
   * Stores an object under a key (replacing what was there); resolves `true`.
   *
   * @example
   * ```ts
   * await pullsign.userstore.set('profile', { theme: 'dark' })
   * ```
   */
  set(key: string, data: Record<string, unknown>): Promise<boolean>
  /**
   * Removes a key; resolves `true`.
   *
   * @example
   * ```ts
   * await pullsign.userstore.delete('profile')
   * ```
   */
  delete(key: string): Promise<boolean>
}

const checkKey = (key: unknown): string =>
  requireString(key, 'key', USERDATA_KEY_PATTERN, '3+ lower-case letters or digits')

/**
 * Builds the user-store API on a client of the JWT routes.
 *
 * @example
 * ```ts
 * const userstore = createUserStoreApi(client)
 * ```
 */
export function createUserStoreApi(client: Client): UserStoreApi {
  return {
    list: async () => (await client.request<UserdataListResponse>('GET', 'userdata')).keys,
    get: async (key) => {
      const path = `userdata/${checkKey(key)}`
      const answer = await client.request<UserdataRetrieveResponse>('GET', path)
      return answer.data?.[key] ?? null
    },
    set: async (key, data) => {
      const path = `userdata/${checkKey(key)}`
      const body = requireObject(data, 'data')
      return (await client.request<UserdataPersistResponse>('POST', path, { body })).persisted
    },
    delete: async (key) =>
      (await client.request<UserdataRemoveResponse>('DELETE', `userdata/${checkKey(key)}`))
        .persisted,
  }
}

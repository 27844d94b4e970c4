import { PullSignError } from '../core/errors/pull-sign-error'
import { requireObject } from '../core/input'
import type { Client } from '../core/platform-client'
import {
  APP_STORAGE_MAX_BYTES,
  type AppStorageDeleteResponse,
  type AppStorageGetResponse,
  type AppStorageSetResponse,
} from '../wire/app-storage'

/**
 * The application's own storage on the platform (§2 `app-storage`): one JSON object of at most
 * 60 KB.
 *
 * @example
 * ```ts
 * await pullsign.backendstore.set({ theme: 'dark' })
 * const { data } = await pullsign.backendstore.get()
 * ```
 */
export interface AppStorageApi {
  /**
   * Reads the stored object (`data` is `null` when empty).
   *
   * @example
   * ```ts
   * const { data } = await pullsign.backendstore.get()
   * ```
   */
  get(): Promise<AppStorageGetResponse>
  /**
   * Replaces the stored object.
   *
   * @example
   * ```ts
   * await pullsign.backendstore.set({ theme: 'dark' })
   * ```
   */
  set(data: Record<string, unknown>): Promise<AppStorageSetResponse>
  /**
   * Empties the storage.
   *
   * @example
   * ```ts
   * await pullsign.backendstore.delete()
   * ```
   */
  delete(): Promise<AppStorageDeleteResponse>
}

/**
 * Builds the app-storage API on the client core.
 *
 * @example
 * ```ts
 * const backendstore = createAppStorageApi(client)
 * ```
 */
export function createAppStorageApi(client: Client): AppStorageApi {
  return {
    get: () => client.request<AppStorageGetResponse>('GET', 'app-storage'),
    set: async (data) => {
      const body = requireObject(data, 'data')
      const bytes = new TextEncoder().encode(JSON.stringify(body)).length
      if (bytes > APP_STORAGE_MAX_BYTES) {
        throw new PullSignError(
          'ERR_INPUT',
          `data is ${bytes} bytes as JSON; app storage holds at most ${APP_STORAGE_MAX_BYTES}`,
        )
      }
      return client.request<AppStorageSetResponse>('POST', 'app-storage', { body })
    },
    delete: () => client.request<AppStorageDeleteResponse>('DELETE', 'app-storage'),
  }
}

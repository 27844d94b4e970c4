/**
 * The application named in app-storage responses (§2).
 *
 * @example
 * ```ts
 * const { application } = await pullsign.backendstore.get()
 * ```
 */
export interface AppStorageApplication {
  name: string
  uuidv4: string
}

/**
 * GET `app-storage` (§2): `data` is `null` when nothing is stored.
 *
 * @example
 * ```ts
 * const { data } = await pullsign.backendstore.get()
 * ```
 */
export interface AppStorageGetResponse {
  application: AppStorageApplication
  data: Record<string, unknown> | null
}

/**
 * POST `app-storage` (§2); the body is any JSON object of at most 60 KB.
 *
 * @example
 * ```ts
 * const { stored } = await pullsign.backendstore.set({ theme: 'dark' })
 * ```
 */
export interface AppStorageSetResponse {
  application: AppStorageApplication
  stored: true
  data: Record<string, unknown>
}

/**
 * DELETE `app-storage` (§2).
 *
 * @example
 * ```ts
 * const { data } = await pullsign.backendstore.delete() // data === null
 * ```
 */
export interface AppStorageDeleteResponse {
  application: AppStorageApplication
  stored: true
  data: null
}

/**
 * The largest app-storage body, in bytes of JSON (§2: at most 60 KB).
 *
 * @example
 * ```ts
 * JSON.stringify(data).length <= APP_STORAGE_MAX_BYTES
 * ```
 */
export const APP_STORAGE_MAX_BYTES = 60 * 1024

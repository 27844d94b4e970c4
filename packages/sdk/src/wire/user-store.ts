/**
 * GET `jwt/userdata` (§2).
 *
 * @example
 * ```ts
 * const { keys } = (await res.json()) as UserdataListResponse
 * ```
 */
export interface UserdataListResponse {
  operation: 'LIST'
  keys: string[]
  count: number
}

/**
 * GET `jwt/userdata/{k1,k2}` (§2).
 *
 * @example
 * ```ts
 * const { data } = (await res.json()) as UserdataRetrieveResponse
 * ```
 */
export interface UserdataRetrieveResponse {
  operation: 'RETRIEVE'
  data: Record<string, Record<string, unknown>>
  keys: string[]
  count: number
}

/**
 * POST `jwt/userdata/{key}` (§2).
 *
 * @example
 * ```ts
 * const { persisted } = (await res.json()) as UserdataPersistResponse
 * ```
 */
export interface UserdataPersistResponse {
  operation: 'PERSIST'
  persisted: true
}

/**
 * DELETE `jwt/userdata/{key}` (§2).
 *
 * @example
 * ```ts
 * const { persisted } = (await res.json()) as UserdataRemoveResponse
 * ```
 */
export interface UserdataRemoveResponse {
  operation: 'REMOVE'
  persisted: true
}

/**
 * User-store keys must match this (§2).
 *
 * @example
 * ```ts
 * USERDATA_KEY_PATTERN.test('profile') // true
 * ```
 */
export const USERDATA_KEY_PATTERN = /^[a-z0-9]{3,}$/

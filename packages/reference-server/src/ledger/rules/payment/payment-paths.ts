import type { JsonObject } from '../../codec/json-object'
import type { PathElement } from '../../paths/strand-builder'

/**
 * A Payment's explicit `Paths` (xrpl.org "Paths"; rippled `Payment.cpp`): the payment engine
 * builds a strand of each (paths/strand-builder.ts); here only what Payment itself checks.
 */

// rippled `Payment::MaxPathSize` and `MaxPathLength`.
const MAX_PATHS = 6
const MAX_PATH_LENGTH = 8

/**
 * A Payment's `Paths` as the payment engine takes them (an absent field: none).
 *
 * @example
 * ```ts
 * pathsOf({ Paths: [[{ currency: 'XRP' }]] }) // [[{ currency: 'XRP' }]]
 * ```
 */
export const pathsOf = (tx: JsonObject): PathElement[][] =>
  Array.isArray(tx.Paths) ? (tx.Paths as PathElement[][]) : []

/**
 * Whether a Payment has more paths, or a longer path, than rippled takes (`Payment::preclaim` →
 * `telBAD_PATH_COUNT`: more than 6 paths or a path of more than 8 steps).
 *
 * @example
 * ```ts
 * tooManyPaths({ Paths: Array(7).fill([{ currency: 'XRP' }]) }) // true
 * ```
 */
export function tooManyPaths(tx: JsonObject): boolean {
  const paths = pathsOf(tx)
  return paths.length > MAX_PATHS || paths.some((path) => path.length > MAX_PATH_LENGTH)
}

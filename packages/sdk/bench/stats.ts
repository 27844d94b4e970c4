/**
 * The value below which `share` (0..1) of the samples fall (nearest rank); NaN when there are none.
 *
 * @example
 * ```ts
 * percentile([3, 1, 2], 0.5) // 2
 * ```
 */
export const percentile = (values: readonly number[], share: number): number =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.floor(values.length * share))
  ] ?? Number.NaN

/**
 * The middle sample (the upper one of an even count); NaN when there are none.
 *
 * @example
 * ```ts
 * median([5, 1, 3]) // 3
 * ```
 */
export const median = (values: readonly number[]): number => percentile(values, 0.5)

/**
 * Wall-clock time in ms with sub-ms precision (`performance.timeOrigin + now()`), comparable
 * between a bench and its client process.
 *
 * @example
 * ```ts
 * started.set(uuid, wallNow())
 * ```
 */
export const wallNow = (): number => performance.timeOrigin + performance.now()

/**
 * The latencies in ms, sorted, from when each key started (`startedAt`, the bench's wall clock)
 * to each arrival a client process reported; arrivals of an unknown key are left out.
 *
 * @example
 * ```ts
 * const latencies = latenciesOf(arrivals, closedAt)
 * ```
 */
export function latenciesOf<K>(
  arrivals: readonly (readonly [K, number])[],
  startedAt: ReadonlyMap<K, number>,
): number[] {
  return arrivals
    .map(([key, at]) => at - (startedAt.get(key) ?? Number.NaN))
    .filter((ms) => Number.isFinite(ms))
    .sort((a, b) => a - b)
}

/**
 * The `p` quantile (0 to 1) of sorted latencies: the one at index floor(p × count), the last at
 * most; NaN when there are none.
 *
 * @example
 * ```ts
 * percentile([1, 2, 3, 4], 0.5) // 3
 * ```
 */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN

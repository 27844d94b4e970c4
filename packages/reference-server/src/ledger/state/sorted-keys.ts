/**
 * The position of the first key not below `key` in a sorted array (binary search): where `key`
 * is, or would be inserted.
 *
 * @example
 * ```ts
 * lowerBound(['A', 'C'], 'B') // 1
 * ```
 */
export function lowerBound(keys: readonly string[], key: string): number {
  let low = 0
  let high = keys.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((keys[middle] as string) < key) low = middle + 1
    else high = middle
  }
  return low
}

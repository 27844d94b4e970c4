import { LRUCache } from 'lru-cache'

/**
 * How much a {@link BoundedCache} keeps. Keys are bounded in every case (`maxKeyLength`
 * characters: a longer key is neither looked up nor stored, it is computed every time), and the
 * entries either by count, where values are of one size, or by a character budget over keys and
 * values, where values vary in size.
 *
 * @example
 * ```ts
 * const byCount: CacheLimits<boolean> = { maxKeyLength: 35, maxEntries: 10_000 }
 * const byChars: CacheLimits<string> = {
 *   maxKeyLength: 36,
 *   maxChars: 1_500_000,
 *   sizeOf: (text) => text.length,
 * }
 * ```
 */
export type CacheLimits<V> =
  | { maxKeyLength: number; maxEntries: number }
  | { maxKeyLength: number; maxChars: number; sizeOf: (value: V) => number }

/**
 * A least-recently-used cache of string keys with a bound on keys and on entries (count or
 * characters): the one cache mechanism of the server.
 *
 * @example
 * ```ts
 * const cache: BoundedCache<boolean> = createBoundedCache({ maxKeyLength: 35, maxEntries: 100 })
 * cache.set('rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', true)
 * cache.get('rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY') // true
 * ```
 */
export interface BoundedCache<V extends {}> {
  /** The value kept for `key`, undefined when none (or when the key is too long to keep). */
  get(key: string): V | undefined
  /** Keeps `value`, evicting the least recently used entries over the bound; ignores long keys. */
  set(key: string, value: V): void
  delete(key: string): void
  clear(): void
  /** Entries kept now. */
  readonly size: number
  /** Characters kept now (keys plus `sizeOf` of values); 0 for a cache bounded by count. */
  readonly chars: number
}

/**
 * Creates a {@link BoundedCache} owned by one object (a platform part), emptied with it: every
 * cache of a server's state is one of these. Only the memo of a pure function may live at module
 * level instead ({@link createSharedCache}).
 *
 * @example
 * ```ts
 * const texts = createBoundedCache<string>({
 *   maxKeyLength: 36,
 *   maxChars: 1_500_000,
 *   sizeOf: (text) => text.length,
 * })
 * ```
 */
export function createBoundedCache<V extends {}>(limits: CacheLimits<V>): BoundedCache<V> {
  const { maxKeyLength } = limits
  // Made on the first set: lru-cache allocates arrays of `max` slots up front, which a server's
  // dozen caches (up to 50,000 slots) would pay at start although most stay empty in a test.
  let lru: LRUCache<string, V> | undefined
  const made = () =>
    (lru ??=
      'maxEntries' in limits
        ? new LRUCache<string, V>({ max: limits.maxEntries })
        : new LRUCache<string, V>({
            maxSize: limits.maxChars,
            // lru-cache wants a positive integer; the key counts too, so short values of many
            // keys cannot exceed the budget.
            sizeCalculation: (value, key) =>
              Math.max(1, Math.ceil(key.length + limits.sizeOf(value))),
          }))
  return {
    get: (key) => (key.length > maxKeyLength ? undefined : lru?.get(key)),
    set(key, value) {
      if (key.length <= maxKeyLength) made().set(key, value)
    },
    delete: (key) => {
      lru?.delete(key)
    },
    clear: () => lru?.clear(),
    get size() {
      return lru?.size ?? 0
    },
    get chars() {
      return lru?.calculatedSize ?? 0
    },
  }
}

// Every module-level memo, for diagnostics: made once per module load, so this set has a fixed,
// small number of members.
const shared = new Set<{ readonly size: number }>()

/**
 * Creates a module-level {@link BoundedCache}: the memo of a pure function (an address's
 * AccountID, a keylet, a key object), shared by every server in the process. A memo is made here
 * only when all three hold:
 * - its key holds every input: the value depends on the key and the process's constants (the
 *   codec's definitions) alone, never on a server's options, applications, users, ledger, clock
 *   or randomness. An input that varies by server or application is part of the key, or picks
 *   the memo (the transaction check keeps one per value of the restricted_types permission);
 *   otherwise the cache belongs to the server, made with {@link createBoundedCache};
 * - its values are immutable (strings, booleans, key objects), so no caller changes another's;
 * - a missing entry costs time only: computed again, the answer is the same.
 * So one server sees another's entries as speed, never as an answer, and no server's `reset()`
 * empties it (one server's reset would otherwise slow every other one down); its bound keeps it
 * small. test/server/bounded-caches.test.ts runs two servers in one process that differ where
 * the memos are used (a permission, a funded account) and each answers from its own state.
 *
 * @example
 * ```ts
 * const remembered = createSharedCache<boolean>({ maxKeyLength: 35, maxEntries: 10_000 })
 * ```
 */
export function createSharedCache<V extends {}>(limits: CacheLimits<V>): BoundedCache<V> {
  const cache = createBoundedCache(limits)
  shared.add(cache)
  return cache
}

/**
 * How many entries the module-level memos hold together (for tests and diagnostics).
 *
 * @example
 * ```ts
 * sharedCacheEntries() // 0 in a fresh process
 * ```
 */
export function sharedCacheEntries(): number {
  let entries = 0
  for (const cache of shared) entries += cache.size
  return entries
}

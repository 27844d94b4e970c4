import type { StorageLike } from './seams'

/**
 * A storage that lives as long as the client: the default {@link StorageLike} seam outside a
 * browser runtime (a backend keeps no tokens; importing the SDK never touches `localStorage`).
 *
 * @example
 * ```ts
 * const storage = createMemoryStorage()
 * storage.setItem('k', 'v')
 * storage.getItem('k') // 'v'
 * ```
 */
export function createMemoryStorage(): StorageLike {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, String(value))
    },
    removeItem: (key) => {
      items.delete(key)
    },
  }
}

import type { TransactionEncoder } from '../codec/transaction-encode'
import type { LedgerObject } from '../state/ledger-object'
import { createShaMap, sha512Half } from './sha-map'

// HashPrefix::leafNode 'MLN\0' (rippled include/xrpl/protocol/HashPrefix.h).
const LEAF_PREFIX = Buffer.from('4D4C4E00', 'hex')

/**
 * The state tree of a network's ledger: the SHAMap of every ledger object, whose root is the
 * header's `account_hash`. It is kept between closes: only the objects touched since the last
 * close are serialized and hashed again, with the inner nodes above them.
 *
 * @example
 * ```ts
 * const tree = createStateTree((index) => objects.read(index), codec)
 * tree.touch(root.index)
 * tree.hash() // 64 upper-case hex digits
 * ```
 */
export interface StateTree {
  /** Notes that the object at `index` was added, changed or removed. */
  touch(index: string): void
  /** The root hash over the objects as they are now. */
  hash(): string
}

/**
 * Creates a {@link StateTree} over the objects `read` finds: a leaf is SHA-512Half of `MLN\0`,
 * the object's binary form and its index (rippled `SHAMapItem` of type `accountNode`; xrpl.js
 * `hashes.hashStateTree` computes the same). The objects `read` gives are never changed in place
 * (object-store.ts), so a touched index is read once, at the next `hash`.
 *
 * @example
 * ```ts
 * const tree = createStateTree((index) => objects.read(index), networkCodec(network))
 * ```
 */
export function createStateTree(
  read: (index: string) => Readonly<LedgerObject> | undefined,
  encoder: Pick<TransactionEncoder, 'encode'>,
): StateTree {
  const map = createShaMap()
  const touched = new Set<string>()
  let root = map.root().toString('hex').toUpperCase()
  return {
    touch: (index) => touched.add(index),
    hash() {
      if (touched.size === 0) return root
      for (const index of touched) {
        const key = Buffer.from(index, 'hex')
        const object = read(index)
        if (object === undefined) map.delete(key)
        else {
          const data = Buffer.from(encoder.encode(object), 'hex')
          map.set({ key, hash: sha512Half(LEAF_PREFIX, data, key) })
        }
      }
      touched.clear()
      root = map.root().toString('hex').toUpperCase()
      return root
    },
  }
}

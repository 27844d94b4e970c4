import { createHash } from 'node:crypto'

/** A leaf of a SHAMap: its 256-bit key and the hash of its node, both 32 bytes. */
export interface ShaMapLeaf {
  key: Buffer
  hash: Buffer
}

/**
 * A SHAMap kept between closes (rippled src/xrpld/shamap/): leaves are put and removed one by
 * one, and the root hash recomputes only the inner nodes on the paths that changed since it was
 * last asked.
 *
 * @example
 * ```ts
 * const map = createShaMap()
 * map.set({ key, hash })
 * map.root().toString('hex') // the same as shaMapRoot([{ key, hash }])
 * ```
 */
export interface ShaMap {
  /** Puts a leaf, replacing the one at its key. */
  set(leaf: ShaMapLeaf): void
  /** Removes the leaf at `key`, if there is one. */
  delete(key: Buffer): void
  /** The root hash: zero for an empty map. */
  root(): Buffer
}

// HashPrefix::innerNode 'MIN\0' (rippled include/xrpl/protocol/HashPrefix.h).
const INNER_PREFIX = 'MIN\0'
const ZERO = Buffer.alloc(32)
const ZERO_BYTES = ZERO.toString('latin1')

/** SHA-512Half of the concatenated parts: the hash of every ledger node (rippled `sha512Half`). */
export function sha512Half(...parts: Buffer[]): Buffer {
  const hash = createHash('sha512')
  for (const part of parts) hash.update(part)
  return hash.digest().subarray(0, 32)
}

// The map holds its keys and hashes as byte strings (latin1: a character a byte), not Buffers: a
// Buffer is two heap objects (a view and its ArrayBuffer) and a store outside the heap, most of
// the state tree's memory (issue 43 §5's heap per AMM). A leaf is one flat string, its key's 32
// bytes then its hash's.
const nibble = (key: string, depth: number) => {
  const byte = key.charCodeAt(depth >> 1)
  return depth % 2 === 0 ? byte >> 4 : byte & 0x0f
}
const KEY_BYTES = 32

// An inner node: 16 branches, each empty, a leaf or an inner node one level down; its hash is
// null once a change below it makes the cached one stale.
interface Inner {
  branches: (Inner | string | undefined)[]
  hash: string | null
}

const newInner = (): Inner => ({ branches: new Array(16).fill(undefined), hash: null })

const hashOf = (node: Inner | string | undefined): string => {
  if (node === undefined) return ZERO_BYTES
  if (typeof node === 'string') return node.slice(KEY_BYTES)
  if (node.hash === null) {
    const hash = createHash('sha512')
    hash.update(INNER_PREFIX + node.branches.map(hashOf).join(''), 'latin1')
    node.hash = hash.digest().toString('latin1', 0, 32)
  }
  return node.hash
}

/**
 * Creates an empty {@link ShaMap}. Its shape is rippled's, which depends on the keys alone: a
 * leaf sits in the first inner node where no other key shares its branch; two or more keys
 * sharing a branch get an inner node one level down (no path compression, so a chain of
 * one-child inner nodes hashes as such), and a removal lifts a leaf left alone back up.
 *
 * @example
 * ```ts
 * const map = createShaMap()
 * for (const leaf of leaves) map.set(leaf)
 * map.root()
 * ```
 */
export function createShaMap(): ShaMap {
  const top = newInner()
  let size = 0
  return {
    set({ key: keyBytes, hash }) {
      const leaf = Buffer.concat([keyBytes, hash]).toString('latin1')
      const key = leaf.slice(0, KEY_BYTES)
      let node = top
      for (let depth = 0; ; depth++) {
        node.hash = null
        const branch = nibble(key, depth)
        const child = node.branches[branch]
        if (child === undefined) {
          node.branches[branch] = leaf
          size++
          return
        }
        if (typeof child !== 'string') {
          node = child
          continue
        }
        if (child.startsWith(key)) {
          node.branches[branch] = leaf
          return
        }
        // Two keys in one branch: an inner node one level down holds both.
        const below = newInner()
        below.branches[nibble(child, depth + 1)] = child
        node.branches[branch] = below
        node = below
      }
    },
    delete(keyBytes) {
      const key = keyBytes.toString('latin1')
      const path: Inner[] = []
      let node = top
      for (let depth = 0; ; depth++) {
        const child = node.branches[nibble(key, depth)]
        if (child === undefined) return
        path.push(node)
        if (typeof child === 'string') {
          if (!child.startsWith(key)) return
          break
        }
        node = child
      }
      size--
      // Removes the leaf, then lifts a leaf left alone in an inner node into that node's place.
      for (let depth = path.length - 1; depth >= 0; depth--) {
        const inner = path[depth] as Inner
        inner.hash = null
        if (depth === path.length - 1) inner.branches[nibble(key, depth)] = undefined
        if (depth === 0) continue
        const left = inner.branches.filter((branch) => branch !== undefined)
        const parent = path[depth - 1] as Inner
        const only = left[0]
        if (left.length === 0) parent.branches[nibble(key, depth - 1)] = undefined
        else if (left.length === 1 && typeof only === 'string') {
          parent.branches[nibble(key, depth - 1)] = only
        }
      }
    },
    root: () => (size === 0 ? ZERO : Buffer.from(hashOf(top), 'latin1')),
  }
}

/**
 * The root hash of a SHAMap holding these leaves (distinct keys): the ledger header's
 * `transaction_hash` (rippled src/xrpld/shamap/, xrpl.js `hashTxTree` agrees); an empty map
 * hashes to zero.
 *
 * @example
 * ```ts
 * shaMapRoot([]).toString('hex') // '00…00'
 * ```
 */
export function shaMapRoot(leaves: readonly ShaMapLeaf[]): Buffer {
  const map = createShaMap()
  for (const leaf of leaves) map.set(leaf)
  return map.root()
}

import { createHash } from 'node:crypto'

/** A leaf of a SHAMap: its 256-bit key and the hash of its node, both 32 bytes. */
export interface ShaMapLeaf {
  key: Buffer
  hash: Buffer
}

// HashPrefix::innerNode 'MIN\0' (rippled include/xrpl/protocol/HashPrefix.h).
const INNER_PREFIX = Buffer.from('4D494E00', 'hex')
const ZERO = Buffer.alloc(32)

/** SHA-512Half of the concatenated parts: the hash of every ledger node (rippled `sha512Half`). */
export function sha512Half(...parts: Buffer[]): Buffer {
  const hash = createHash('sha512')
  for (const part of parts) hash.update(part)
  return hash.digest().subarray(0, 32)
}

const nibble = (key: Buffer, depth: number) => {
  const byte = key[depth >> 1] as number
  return depth % 2 === 0 ? byte >> 4 : byte & 0x0f
}

// An inner node at `depth` over leaves that share the first `depth` nibbles: a single leaf in a
// branch sits there, two or more get an inner node one level down (rippled's SHAMap keeps no
// path compression, so a chain of one-child inner nodes hashes as such).
const innerHash = (leaves: ShaMapLeaf[], depth: number): Buffer => {
  const branches: ShaMapLeaf[][] = Array.from({ length: 16 }, () => [])
  for (const leaf of leaves) branches[nibble(leaf.key, depth)]?.push(leaf)
  const children = branches.map((branch) =>
    branch.length === 0
      ? ZERO
      : branch.length === 1
        ? (branch[0] as ShaMapLeaf).hash
        : innerHash(branch, depth + 1),
  )
  return sha512Half(INNER_PREFIX, ...children)
}

/**
 * The root hash of a SHAMap holding these leaves (distinct keys): the ledger header's
 * `transaction_hash` and `account_hash` (rippled src/xrpld/shamap/, xrpl.js `hashTxTree` agrees);
 * an empty map hashes to zero.
 *
 * @example
 * ```ts
 * shaMapRoot([]).toString('hex') // '00…00'
 * ```
 */
export function shaMapRoot(leaves: ShaMapLeaf[]): Buffer {
  return leaves.length === 0 ? ZERO : innerHash(leaves, 0)
}

import type { NetworkDefinition } from './networks'

/** A SignerList of an account: quorum and each signer's weight. */
export interface SignerList {
  quorum: number
  weights: Map<string, number>
}

/** One account on one simulated network. */
export interface AccountState {
  balance: bigint
  sequence: number
  ownerCount: number
  regularKey: string | null
  signerList: SignerList | null
}

/**
 * The reserve an account must keep: base + increment per owned object (PROTOCOL §8.1).
 *
 * @example
 * ```ts
 * reserve(network, 2) // 1_400_000n on every network of §8.1
 * ```
 */
export function reserve(network: NetworkDefinition, ownerCount: number): bigint {
  return BigInt(network.reserve_base) + BigInt(network.reserve_increment) * BigInt(ownerCount)
}

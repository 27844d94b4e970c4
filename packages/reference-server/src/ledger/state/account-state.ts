import type { NetworkDefinition } from '../networks'

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
  /** AccountSet flags (`lsfDefaultRipple` …), as the ledger's AccountRoot `Flags`. */
  flags: number
  /** Ticket sequences the account set aside and has not used yet (docs/protocol.md §8.5). */
  tickets: Set<number>
  /** Keys of the trust lines the account is a side of (docs/protocol.md §8.5). */
  lineKeys: Set<string>
}

/**
 * AccountRoot flag: the issuer lets its assets ripple between holders (docs/protocol.md §8.5).
 *
 * @example
 * ```ts
 * const ripples = (account.flags & LSF_DEFAULT_RIPPLE) !== 0
 * ```
 */
export const LSF_DEFAULT_RIPPLE = 0x00800000

/**
 * A fresh account: no balance, no objects. New accounts start at the open ledger's index, as
 * with DeletableAccounts on the XRP Ledger.
 *
 * @example
 * ```ts
 * newAccount(5_000_001).sequence // 5000001
 * ```
 */
export function newAccount(sequence: number): AccountState {
  return {
    balance: 0n,
    sequence,
    ownerCount: 0,
    regularKey: null,
    signerList: null,
    flags: 0,
    tickets: new Set(),
    lineKeys: new Set(),
  }
}

/**
 * The reserve an account must keep: base + increment per owned object (docs/protocol.md §8.1).
 *
 * @example
 * ```ts
 * reserve(network, 2) // 1_400_000n on every network of §8.1
 * ```
 */
export function reserve(network: NetworkDefinition, ownerCount: number): bigint {
  return BigInt(network.reserve_base) + BigInt(network.reserve_increment) * BigInt(ownerCount)
}

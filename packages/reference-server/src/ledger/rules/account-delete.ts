import type { JsonObject } from '../codec/json-object'
import type { NetworkDefinition } from '../networks'
import { LSF as LEDGER_FLAGS } from '../state/ledger-object'
import { onlyFlags, TF_UNIVERSAL } from './account-flags'
import { depositAuthorized } from './deposit-authorization'

const LSF = LEDGER_FLAGS.AccountRoot

/**
 * AccountDelete's preflight (rippled `DeleteAccount.cpp`): no flags of its own, and an account
 * cannot be deleted into itself (`temDST_IS_SRC`). The amendment table answers `temDISABLED`
 * before (DeletableAccounts, and Credentials for `CredentialIDs`).
 *
 * @example
 * ```ts
 * accountDeletePreflight({ Account: a, Destination: a }) // 'temDST_IS_SRC'
 * ```
 */
export function accountDeletePreflight(tx: JsonObject): string | null {
  if (!onlyFlags(tx, TF_UNIVERSAL)) return 'temINVALID_FLAG'
  return tx.Account === tx.Destination ? 'temDST_IS_SRC' : null
}

/**
 * The fee an AccountDelete must carry: one owner reserve (rippled
 * `DeleteAccount::calculateBaseFee`, `view.fees().increment`), whatever the number of signers.
 *
 * @example
 * ```ts
 * accountDeleteFee(networkDefinition('TESTNET')) // 200000n
 * ```
 */
export function accountDeleteFee(network: NetworkDefinition): bigint {
  return BigInt(network.reserve_increment)
}

/**
 * Owned objects an AccountDelete removes with the account (rippled `nonObligationDeleter`);
 * any other object in its owner directory (trust lines, escrows, channels, checks…) is an
 * obligation (`tecHAS_OBLIGATIONS`).
 *
 * @example
 * ```ts
 * DELETABLE_WITH_ACCOUNT.has('Ticket') // true
 * DELETABLE_WITH_ACCOUNT.has('RippleState') // false
 * ```
 */
export const DELETABLE_WITH_ACCOUNT: ReadonlySet<string> = new Set([
  'Offer',
  'SignerList',
  'Ticket',
  'DepositPreauth',
  'NFTokenOffer',
  'DID',
  'Oracle',
  'Credential',
  'Delegate',
])

// rippled `maxDeletableDirEntries` (Protocol.h): more deletable objects than this → tefTOO_BIG.
const MAX_DELETABLE_ENTRIES = 1000
// rippled: "We don't allow an account to be deleted if its sequence number is within 256 of the
// current ledger" — computed as Sequence + 255 > current ledger index.
const SEQUENCE_DELTA = 255

/** What AccountDelete's preclaim reads of the ledger (rippled `DeleteAccount::preclaim`). */
export interface AccountDeleteFacts {
  /** The destination's AccountRoot `Flags`, or null when it does not exist. */
  destinationFlags: number | null
  /** The destination holds a DepositPreauth for the deleted account. */
  preauthorized: boolean
  /** The deleted account's `Sequence`. */
  sequence: number
  /** The index of the open ledger the transaction applies to. */
  currentIndex: number
  /** The `LedgerEntryType` of every object in the account's owner directory. */
  ownedTypes: readonly string[]
  /** It issued NFTs still in the ledger, or owns an NFTokenPage (rippled, NonFungibleTokensV1). */
  holdsNFTs: boolean
}

/**
 * AccountDelete's preclaim (rippled `DeleteAccount::preclaim`, in its order): `tecNO_DST`,
 * `tecDST_TAG_NEEDED`, `tecNO_PERMISSION` (deposit authorization without a preauthorization),
 * `tecHAS_OBLIGATIONS` (NFTs), `tecTOO_SOON` while Sequence + 255 > the current ledger index
 * (xrpl.org says "256 ledgers"; this is the code), then `tecHAS_OBLIGATIONS` for any owned object
 * that is no deletion blocker's exception and `tefTOO_BIG` past 1,000 deletable ones.
 *
 * @example
 * ```ts
 * accountDeletePreclaim(tx, { ...facts, sequence: 100, currentIndex: 300 }) // 'tecTOO_SOON'
 * ```
 */
export function accountDeletePreclaim(tx: JsonObject, facts: AccountDeleteFacts): string | null {
  if (facts.destinationFlags === null) return 'tecNO_DST'
  if ((facts.destinationFlags & LSF.RequireDestTag) !== 0 && tx.DestinationTag === undefined) {
    return 'tecDST_TAG_NEEDED'
  }
  const allowed = depositAuthorized({
    destinationFlags: facts.destinationFlags,
    preauthorized: facts.preauthorized,
    sameAccount: false,
  })
  if (!allowed) return 'tecNO_PERMISSION'
  if (facts.holdsNFTs) return 'tecHAS_OBLIGATIONS'
  if (facts.sequence + SEQUENCE_DELTA > facts.currentIndex) return 'tecTOO_SOON'
  if (facts.ownedTypes.some((type) => !DELETABLE_WITH_ACCOUNT.has(type))) {
    return 'tecHAS_OBLIGATIONS'
  }
  return facts.ownedTypes.length > MAX_DELETABLE_ENTRIES ? 'tefTOO_BIG' : null
}

import { createHash } from 'node:crypto'
import type { LedgerAsset } from '../amounts/ledger-asset'
import { addressOfAccountId } from '../codec/account-ids'
import { type AmmSide, ammIndex, ammOrder, currencyHex, issuerHex } from '../state/keylets'

/**
 * The AMM's identifiers (rippled src/libxrpl/protocol/AMMCore.cpp `ammLPTCurrency`,
 * `ammAccountID`; View.cpp `pseudoAccountAddress`): its LP token's currency, its ledger index and
 * its pseudo-account's address.
 */

/** A ledger asset as the AMM's keylet takes it (the native asset: currency "XRP", no issuer). */
export const ammSide = (asset: LedgerAsset): AmmSide =>
  asset.issuer === null ? { currency: 'XRP' } : { currency: asset.currency, issuer: asset.issuer }

/**
 * Two assets in the order an AMM entry stores them (`Asset` the smaller: by currency, then issuer).
 *
 * @example
 * ```ts
 * ammAssetOrder(usd, xrp) // [xrp, usd]
 * ```
 */
export function ammAssetOrder(a: LedgerAsset, b: LedgerAsset): [LedgerAsset, LedgerAsset] {
  const key = (asset: LedgerAsset) => {
    const side = ammSide(asset)
    return currencyHex(side.currency) + issuerHex(side.issuer)
  }
  return key(b) < key(a) ? [b, a] : [a, b]
}

/**
 * The ledger index of the AMM of two assets (state/keylets.ts `ammIndex`).
 *
 * @example
 * ```ts
 * ammIdOf(xrp, nex) // 'F490627BACE2D0AA744514A640B4999D50E495DD1677550D8B10E2D20FBB15C3'
 * ```
 */
export const ammIdOf = (a: LedgerAsset, b: LedgerAsset): string => ammIndex(ammSide(a), ammSide(b))

/**
 * The LP token's currency: 0x03 and the first 19 bytes of SHA-512Half of the two currency codes,
 * the smaller asset's first (AMMCore.cpp `ammLPTCurrency`; issuers are not hashed).
 *
 * @example
 * ```ts
 * ammLPTCurrency(xrp, tst) // '039C99CD9AB0B70B32ECDA51EAAE471625608EA2'
 * ```
 */
export function ammLPTCurrency(a: LedgerAsset, b: LedgerAsset): string {
  const [min, max] = ammOrder(ammSide(a), ammSide(b))
  const hash = createHash('sha512')
    .update(Buffer.from(currencyHex(min.currency) + currencyHex(max.currency), 'hex'))
    .digest('hex')
  return `03${hash.slice(0, 38)}`.toUpperCase()
}

/**
 * The address a pseudo-account gets on its `attempt`-th try (0..255): RIPEMD-160 of SHA-256 of
 * SHA-512Half(attempt as two bytes ‖ the parent ledger's hash ‖ the AMM's index) (View.cpp
 * `pseudoAccountAddress`, AMMCore.cpp `ammAccountID`).
 *
 * @example
 * ```ts
 * pseudoAccountCandidate(0, parentHash, ammId) // 'r…'
 * ```
 */
export function pseudoAccountCandidate(attempt: number, parentHash: string, id: string): string {
  const prefix = attempt.toString(16).padStart(4, '0')
  const half = createHash('sha512')
    .update(Buffer.from(prefix + parentHash + id, 'hex'))
    .digest()
    .subarray(0, 32)
  const sha256 = createHash('sha256').update(half).digest()
  return addressOfAccountId(createHash('ripemd160').update(sha256).digest())
}

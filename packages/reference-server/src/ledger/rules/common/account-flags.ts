/**
 * AccountSet `SetFlag`/`ClearFlag` values (xrpl.org "AccountSet Flags", rippled `TxFlags.h`).
 *
 * @example
 * ```ts
 * const tx = { TransactionType: 'AccountSet', SetFlag: ASF.RequireDest }
 * ```
 */
export const ASF = Object.freeze({
  RequireDest: 1,
  RequireAuth: 2,
  DisallowXRP: 3,
  DisableMaster: 4,
  AccountTxnID: 5,
  NoFreeze: 6,
  GlobalFreeze: 7,
  DefaultRipple: 8,
  DepositAuth: 9,
  AuthorizedNFTokenMinter: 10,
  DisallowIncomingNFTokenOffer: 12,
  DisallowIncomingCheck: 13,
  DisallowIncomingPayChan: 14,
  DisallowIncomingTrustline: 15,
  AllowTrustLineClawback: 16,
  AllowTrustLineLocking: 17,
})

/**
 * AccountSet's own transaction flags, the older way to switch three settings (xrpl.org
 * "AccountSet Flags": each equals a SetFlag or ClearFlag).
 *
 * @example
 * ```ts
 * const tx = { TransactionType: 'AccountSet', Flags: TF_ACCOUNT_SET.RequireDestTag }
 * ```
 */
export const TF_ACCOUNT_SET = Object.freeze({
  RequireDestTag: 0x00010000,
  OptionalDestTag: 0x00020000,
  RequireAuth: 0x00040000,
  OptionalAuth: 0x00080000,
  DisallowXRP: 0x00100000,
  AllowXRP: 0x00200000,
})

/**
 * Flags every transaction may carry (rippled `tfUniversal`): `tfFullyCanonicalSig` and a Batch's
 * `tfInnerBatchTxn` (docs/protocol.md §8.4).
 *
 * @example
 * ```ts
 * const malformed = (Number(tx.Flags ?? 0) & ~TF_UNIVERSAL) !== 0 // for a type without flags
 * ```
 */
export const TF_UNIVERSAL = 0xc0000000

/**
 * Whether a transaction's `Flags` hold only `allowed` ones (rippled's flag masks): otherwise
 * rippled answers `temINVALID_FLAG` in preflight.
 *
 * @example
 * ```ts
 * onlyFlags({ Flags: 0x00010000 }, TF_UNIVERSAL) // false
 * ```
 */
export function onlyFlags(tx: { Flags?: unknown }, allowed: number): boolean {
  const flags = Number(tx.Flags ?? 0)
  return (flags & ~allowed) >>> 0 === 0
}

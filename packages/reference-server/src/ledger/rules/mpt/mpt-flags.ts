/**
 * The transaction flags of the MPT types (rippled include/xrpl/protocol/TxFlags.h): what each
 * type accepts besides the universal flags; anything else is `temINVALID_FLAG`.
 */
export const TF_MPT = Object.freeze({
  /** MPTokenIssuanceCreate: stored as the same lsf bits (LedgerFormats.h). */
  CanLock: 0x02,
  RequireAuth: 0x04,
  CanEscrow: 0x08,
  CanTrade: 0x10,
  CanTransfer: 0x20,
  CanClawback: 0x40,
  /** MPTokenIssuanceSet. */
  Lock: 0x01,
  Unlock: 0x02,
  /** MPTokenAuthorize. */
  Unauthorize: 0x01,
})

/** The flags MPTokenIssuanceCreate may set (`tfMPTokenIssuanceCreateMask`'s complement). */
export const TF_MPT_CREATE =
  TF_MPT.CanLock |
  TF_MPT.RequireAuth |
  TF_MPT.CanEscrow |
  TF_MPT.CanTrade |
  TF_MPT.CanTransfer |
  TF_MPT.CanClawback

const MPT_ID = /^[0-9A-F]{48}$/

/**
 * Whether a transaction's `MPTokenIssuanceID` is a 192-bit id (the codec decodes it as 48
 * upper-case hex digits).
 *
 * @example
 * ```ts
 * isMptId('00000005' + accountId) // true
 * ```
 */
export const isMptId = (value: unknown): value is string =>
  typeof value === 'string' && MPT_ID.test(value)

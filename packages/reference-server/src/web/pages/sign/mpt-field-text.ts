import { encodeAccountID } from 'ripple-address-codec'
import { hexText } from './hex-text'

// What a person reads for the fields of Multi-Purpose Token transactions (xrpl.org
// "MPTokenIssuanceCreate" … "MPTokenAuthorize", rippled TxFlags.h; docs/protocol.md §8.18): the
// token's issuer and sequence decoded from its id, the flags by name, the metadata as text.
// Server-rendered rows; MPT amounts are read in amount-view.ts.

const MPT_ID = /^[0-9A-Fa-f]{48}$/

const CREATE_FLAGS: readonly [number, string][] = [
  [0x02, 'can be locked by the issuer (tfMPTCanLock)'],
  [0x04, 'holders need the issuer’s authorization (tfMPTRequireAuth)'],
  [0x08, 'can be held in escrow (tfMPTCanEscrow)'],
  [0x10, 'can be traded (tfMPTCanTrade)'],
  [0x20, 'holders can send it to each other (tfMPTCanTransfer)'],
  [0x40, 'the issuer can claw it back (tfMPTCanClawback)'],
]

/**
 * What each MPT transaction does, said once on the sign page above its fields.
 *
 * @example
 * ```ts
 * MPT_TYPE_NOTES.MPTokenAuthorize // 'Opts in to hold a token …'
 * ```
 */
export const MPT_TYPE_NOTES: Readonly<Record<string, string>> = Object.freeze({
  MPTokenIssuanceCreate:
    'Creates a new Multi-Purpose Token that this account issues. It keeps one owner reserve until it is destroyed.',
  MPTokenIssuanceDestroy:
    'Destroys a Multi-Purpose Token this account issued; none of it may be held by anyone.',
  MPTokenIssuanceSet:
    'Locks or unlocks a Multi-Purpose Token this account issued, for every holder or for the Holder named.',
  MPTokenAuthorize:
    'Opts in to hold a Multi-Purpose Token (or out, when the flags say so); from an issuer, authorizes the Holder named to hold it.',
})

/**
 * Labels of the MPT fields, e.g. `MPTokenIssuanceID` → `Token`.
 *
 * @example
 * ```ts
 * MPT_FIELD_LABELS.AssetScale // 'Decimal places'
 * ```
 */
export const MPT_FIELD_LABELS: Readonly<Record<string, string>> = Object.freeze({
  MPTokenIssuanceID: 'Token',
  Holder: 'Holder',
  AssetScale: 'Decimal places',
  MaximumAmount: 'Most that can ever be issued',
  MPTokenMetadata: 'Token metadata',
})

/**
 * The issuer and sequence an MPT issuance id is made of (rippled Indexes.cpp `makeMptID`), as
 * text: `<id> · issued by <address> · sequence <n>`; null when it is no 48-hex id.
 *
 * @example
 * ```ts
 * mptIdText('00000005' + accountIdHex) // '00000005… · issued by r… · sequence 5'
 * ```
 */
export function mptIdText(id: unknown): string | null {
  if (typeof id !== 'string' || !MPT_ID.test(id)) return null
  const sequence = Number.parseInt(id.slice(0, 8), 16)
  const issuer = encodeAccountID(Buffer.from(id.slice(8), 'hex'))
  return `${id.toUpperCase()} · issued by ${issuer} · sequence ${sequence}`
}

const createFlagsText = (flags: number) => {
  const names = CREATE_FLAGS.filter(([bit]) => (flags & bit) !== 0).map(([, name]) => name)
  return names.length > 0 ? names.join(', ') : 'held only between the issuer and each holder'
}

// The flags of the MPT types, in words.
function flagsText(flags: number, tx: Record<string, unknown>): string | null {
  switch (tx.TransactionType) {
    case 'MPTokenIssuanceCreate':
      return createFlagsText(flags)
    case 'MPTokenIssuanceSet':
      if (flags & 0x01) return 'lock (tfMPTLock)'
      return flags & 0x02 ? 'unlock (tfMPTUnlock)' : 'no change'
    case 'MPTokenAuthorize':
      if ((flags & 0x01) === 0) return tx.Holder === undefined ? 'opt in' : 'authorize the Holder'
      return tx.Holder === undefined
        ? 'opt out: remove the empty holding (tfMPTUnauthorize)'
        : 'take back the Holder’s authorization (tfMPTUnauthorize)'
    default:
      return null
  }
}

/**
 * The readable text of an MPT field of `tx`, or null when the field is none of them (its row
 * shows the raw value). `MaximumAmount` reads with the decimal point `AssetScale` puts.
 *
 * @example
 * ```ts
 * mptFieldText('Flags', 1, { TransactionType: 'MPTokenIssuanceSet' }) // 'lock (tfMPTLock)'
 * ```
 */
export function mptFieldText(
  field: string,
  value: unknown,
  tx: Record<string, unknown>,
): string | null {
  if (field === 'MPTokenIssuanceID') return mptIdText(value)
  if (field === 'MPTokenMetadata') return hexText(value)
  if (field === 'AssetScale' && typeof value === 'number') {
    return `${value} (a holder sees 1 unit as ${scaledText('1', value)})`
  }
  if (field === 'MaximumAmount' && typeof value === 'string') {
    const scale = typeof tx.AssetScale === 'number' ? tx.AssetScale : 0
    return scale > 0 ? `${scaledText(value, scale)} (${value} units)` : value
  }
  if (field === 'Flags' && typeof value === 'number') return flagsText(value, tx)
  return null
}

/**
 * A whole number of an MPT's units with the decimal point `scale` digits in (its `AssetScale`):
 * `12345` at scale 2 is `123.45`.
 *
 * @example
 * ```ts
 * scaledText('5', 2) // '0.05'
 * ```
 */
export function scaledText(units: string, scale: number): string {
  if (scale <= 0 || !/^\d+$/.test(units)) return units
  const digits = units.padStart(scale + 1, '0')
  const whole = digits.slice(0, -scale)
  const fraction = digits.slice(-scale).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

import { dropsToUnits, parseDrops } from '../../../ledger/amounts/native-amount'
import { mptIdText, scaledText } from './mpt-field-text'

/** An amount of a transaction field, read for display. */
export type AmountView =
  /** Native drops, shown in units of the network's native asset (XRP or XAH). */
  | { kind: 'native'; units: string; drops: string }
  | { kind: 'issued'; value: string; currency: string; issuer: string }
  /**
   * A Multi-Purpose Token: its whole `units`, `decimal` when its `AssetScale` is known (else
   * null), and `token`, its id with the issuer and sequence it is made of.
   */
  | { kind: 'mpt'; units: string; decimal: string | null; mptId: string; token: string }
  /** Not a valid amount: shown as its JSON, never guessed at. */
  | { kind: 'raw'; json: string }

const HEX_CURRENCY = /^[0-9A-F]{40}$/

/**
 * The readable name of a currency code: a 3-character code as is; a 40-hex code (§3.1) as its
 * ASCII text when it is printable text padded with zero bytes, else the hex itself.
 */
export function currencyName(code: string): string {
  if (!HEX_CURRENCY.test(code)) return code
  const bytes = code.match(/../g)?.map((pair) => Number.parseInt(pair, 16)) ?? []
  while (bytes.length > 0 && bytes[bytes.length - 1] === 0) bytes.pop()
  const printable = bytes.length >= 3 && bytes.every((byte) => byte >= 0x20 && byte < 0x7f)
  return printable ? String.fromCharCode(...bytes) : code
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Reads an amount as the wire writes it (§3.1): native drops as an integer string, an issued
 * `{currency, issuer, value}`, or an MPT `{mpt_issuance_id, value}` (its decimal by
 * `assetScale(id)` when the ledger knows the issuance).
 */
export function readAmount(
  value: unknown,
  assetScale: (mptId: string) => number | undefined = () => undefined,
): AmountView {
  const drops = parseDrops(value)
  if (drops !== null) return { kind: 'native', units: dropsToUnits(drops), drops: drops.toString() }
  if (
    isRecord(value) &&
    typeof value.currency === 'string' &&
    typeof value.issuer === 'string' &&
    typeof value.value === 'string'
  ) {
    return {
      kind: 'issued',
      value: value.value,
      currency: currencyName(value.currency),
      issuer: value.issuer,
    }
  }
  const token = isRecord(value) ? mptIdText(value.mpt_issuance_id) : null
  if (token && isRecord(value) && typeof value.value === 'string' && /^\d+$/.test(value.value)) {
    const mptId = String(value.mpt_issuance_id).toUpperCase()
    const scale = assetScale(mptId)
    const decimal = scale === undefined ? null : scaledText(value.value, scale)
    return { kind: 'mpt', units: value.value, decimal, mptId, token }
  }
  return { kind: 'raw', json: JSON.stringify(value) ?? String(value) }
}

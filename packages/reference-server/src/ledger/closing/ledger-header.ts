import { sha512Half } from './sha-map'

/**
 * The header of a closed ledger, fields as rippled's `ledger` method shows them (API v2: numbers
 * where v1 has strings is the adapter's business), plus the close time in unix milliseconds.
 *
 * @example
 * ```ts
 * const header: LedgerHeader = ledger.header('TESTNET')
 * header.ledger_hash // 64 hex digits, SHA-512Half of the fields with prefix 'LWR\0'
 * ```
 */
export interface LedgerHeader {
  ledger_index: number
  ledger_hash: string
  parent_hash: string
  transaction_hash: string
  account_hash: string
  /** Seconds since the Ripple epoch, rounded to `close_time_resolution` as rippled does. */
  close_time: number
  close_time_iso: string
  close_time_resolution: number
  close_flags: number
  parent_close_time: number
  /** Drops in existence: the genesis 100 billion units less every fee burnt so far. */
  total_coins: string
}

// Seconds between the unix epoch and the Ripple epoch (2000-01-01T00:00:00Z).
export const RIPPLE_EPOCH_OFFSET = 946_684_800

/** Seconds since the Ripple epoch for a unix time in milliseconds. */
export const rippleTime = (unixMs: number) => Math.floor(unixMs / 1000) - RIPPLE_EPOCH_OFFSET

/** The ISO form rippled writes for `close_time_iso` (`2026-01-01T00:00:10Z`, no milliseconds). */
export const rippleTimeIso = (seconds: number) =>
  new Date((seconds + RIPPLE_EPOCH_OFFSET) * 1000).toISOString().replace('.000Z', 'Z')

// A node whose closes agree keeps the finest resolution, the genesis one: 10 s
// (rippled src/xrpld/consensus/LedgerTiming.h, getNextLedgerTimeResolution).
export const CLOSE_TIME_RESOLUTION = 10

/**
 * The close time rippled gives a ledger closed at `now`: rounded to the resolution (half up), and
 * at least one second after its parent's (LedgerTiming.h `effCloseTime`).
 *
 * @example
 * ```ts
 * effectiveCloseTime(Date.parse('2026-01-01T00:00:04Z'), 820_540_790) // 820_540_800
 * ```
 */
export function effectiveCloseTime(nowMs: number, parentCloseTime: number): number {
  const raw = rippleTime(nowMs) + CLOSE_TIME_RESOLUTION / 2
  return Math.max(raw - (raw % CLOSE_TIME_RESOLUTION), parentCloseTime + 1)
}

/**
 * The clock time (unix ms) at which a close gets the first close time rippled could give that is
 * at or after `notBefore` (seconds since the Ripple epoch): `notBefore` rounded up to the
 * resolution, which {@link effectiveCloseTime} keeps as it is; `nowMs` when that is later. A
 * close there is never short of the target, and at most one resolution step past it (or its
 * parent's + 1 s, when that is later still).
 *
 * @example
 * ```ts
 * effectiveCloseTime(closeTimeNotBefore(nowMs, 820_540_803), parent) // 820_540_810 (or later)
 * ```
 */
export function closeTimeNotBefore(nowMs: number, notBefore: number): number {
  const steps = Math.ceil(notBefore / CLOSE_TIME_RESOLUTION)
  return Math.max(nowMs, (steps * CLOSE_TIME_RESOLUTION + RIPPLE_EPOCH_OFFSET) * 1000)
}

// HashPrefix::ledgerMaster 'LWR\0' (rippled include/xrpl/protocol/HashPrefix.h).
const LEDGER_PREFIX = Buffer.from('4C575200', 'hex')

/**
 * The ledger hash over the header fields in rippled's order (`calculateLedgerHash`,
 * src/libxrpl/protocol/LedgerHeader.cpp; xrpl.js `hashes.hashLedgerHeader` agrees).
 *
 * @example
 * ```ts
 * ledgerHash(header) === header.ledger_hash // true
 * ```
 */
export function ledgerHash(header: Omit<LedgerHeader, 'ledger_hash'>): string {
  const fields = Buffer.alloc(4 + 8 + 32 * 3 + 4 + 4 + 1 + 1)
  let at = fields.writeUInt32BE(header.ledger_index, 0)
  at = fields.writeBigUInt64BE(BigInt(header.total_coins), at)
  for (const hash of [header.parent_hash, header.transaction_hash, header.account_hash]) {
    at += Buffer.from(hash, 'hex').copy(fields, at)
  }
  at = fields.writeUInt32BE(header.parent_close_time, at)
  at = fields.writeUInt32BE(header.close_time, at)
  at = fields.writeUInt8(header.close_time_resolution, at)
  fields.writeUInt8(header.close_flags, at)
  return sha512Half(LEDGER_PREFIX, fields).toString('hex').toUpperCase()
}

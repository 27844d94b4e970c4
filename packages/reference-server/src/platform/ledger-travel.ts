import { NETWORK_KEYS, type NetworkKey } from 'pullsign/wire'
import * as z from 'zod'
import type { RefTravelClose, RefTravelResponse } from '../control-api-types'
import type { Ledger, LedgerHeader } from '../ledger'
import { RIPPLE_EPOCH_OFFSET } from '../ledger/closing/ledger-header'
import type { Clock } from './clock'
import { badBody } from './errors'
import { parseInput } from './schema-input'

/** The longest move, seconds: the clock's own `advance` bound (ten years). */
const MAX_TRAVEL_SECONDS = 10 * 365 * 24 * 3600

const travelBody = z.lazy(() =>
  z.strictObject({
    by: z.number().int('must be whole seconds').min(0).max(MAX_TRAVEL_SECONDS).optional(),
    to: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 time' }).optional(),
  }),
)

// Whole seconds since the Ripple epoch at or after a unix time in ms (never short of it).
const rippleSecondsAtOrAfter = (unixMs: number) => Math.ceil(unixMs / 1000) - RIPPLE_EPOCH_OFFSET

const parseTravel = (input: unknown, now: number): { seconds: number; to: number | null } => {
  const { by, to } = parseInput(travelBody, input)
  if (by === undefined && to === undefined) {
    throw badBody('by', 'or to is required: the seconds to move forward, or the ISO 8601 time')
  }
  if (by !== undefined && to !== undefined) {
    throw badBody('to', 'and by exclude each other: give one of them')
  }
  if (by !== undefined) return { seconds: by, to: null }
  const target = Date.parse(to as string)
  if (target < now) {
    throw badBody('to', `is in the past: the server time is ${new Date(now).toISOString()}`)
  }
  if (target - now > MAX_TRAVEL_SECONDS * 1000) {
    throw badBody('to', 'is more than ten years ahead of the server time')
  }
  return { seconds: (target - now) / 1000, to: target }
}

/**
 * Time travel for tests (Hardhat's `evm_increaseTime` + `evm_mine`, docs/protocol.md §10): moves
 * the server clock (firing what became due: expiries, webhook retries, the interval's closes) and
 * closes one ledger on every network whose close time is at or after the target, never short of
 * it: for `by`, each network's latest close time plus `by`; for `to`, that time. A close time is
 * rounded to the close-time resolution and at least its parent's + 1 s (rippled LedgerTiming.h),
 * so it may pass the target by up to one resolution step (10 s).
 * Bad input → 400 naming `by` or `to`, nothing moved.
 *
 * @example
 * ```ts
 * const expiration = ledger.header('TESTNET')!.close_time + 3600
 * travel({ clock, ledger }, { by: 3600 }).ledgers.TESTNET.close_time >= expiration // true
 * ```
 */
export function travel(
  deps: { clock: Pick<Clock, 'now' | 'advance'>; ledger: Ledger },
  input: unknown,
): RefTravelResponse {
  const { clock, ledger } = deps
  const { seconds, to } = parseTravel(input, clock.now())
  const before = new Map(NETWORK_KEYS.map((key) => [key, ledger.header(key)?.close_time ?? 0]))
  clock.advance(seconds)
  const ledgers = {} as Record<NetworkKey, RefTravelClose>
  for (const key of NETWORK_KEYS) {
    const notBefore = to === null ? (before.get(key) ?? 0) + seconds : rippleSecondsAtOrAfter(to)
    ledger.close(key, { notBefore })
    // The ledger it just closed: a network always has its latest.
    const { ledger_index, close_time, close_time_iso } = ledger.header(key) as LedgerHeader
    ledgers[key] = { ledger_index, close_time, close_time_iso }
  }
  return { now: new Date(clock.now()).toISOString(), ledgers }
}

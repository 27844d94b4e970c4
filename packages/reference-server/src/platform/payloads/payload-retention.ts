import * as z from 'zod'
import type { Clock } from '../clock'
import { badBody } from '../errors'
import { parseInput } from '../schema-input'
import type { PayloadStore, StoredPayload } from './payload-store'

/**
 * How long a long-running platform keeps payloads that are over: resolved, cancelled, or expired
 * without being opened. Live payloads (waiting to be opened, or opened and not yet resolved) are
 * never forgotten. A forgotten payload answers 404, like one that never existed. By default the
 * store holds at most {@link DEFAULT_MAX_PAYLOADS} payloads and forgets none by time: a test sees
 * every payload it made, a server left running stays bounded.
 *
 * @example
 * ```ts
 * const retention: RetentionOptions = { maxPayloads: 100_000, resolvedTtlSeconds: 24 * 3600 }
 * createReferenceServer({ retention })
 * ```
 */
export interface RetentionOptions {
  /**
   * Most payloads kept (default {@link DEFAULT_MAX_PAYLOADS}); past it, the oldest payloads that
   * are over are forgotten first (down to nine tenths of it, so the work is spread out). Live
   * payloads may still take the store past it.
   */
  maxPayloads?: number
  /** Seconds a payload is kept after it is over (resolved, cancelled or expired). */
  resolvedTtlSeconds?: number
}

/** Payloads a store keeps when no `maxPayloads` is given (about 3 KB each: some 30 MB). */
export const DEFAULT_MAX_PAYLOADS = 10_000

const retentionSchema = z
  .object({
    maxPayloads: z.number().int().min(1).max(100_000_000).optional(),
    resolvedTtlSeconds: z
      .number()
      .positive()
      .max(10 * 365 * 24 * 3600)
      .optional(),
  })
  .strict()

/**
 * Validates retention options from outside (the CLI's `--retention-*` flags): 600 naming the field.
 *
 * @example
 * ```ts
 * parseRetention({ maxPayloads: 1000 }) // { maxPayloads: 1000 }
 * ```
 */
export function parseRetention(input: unknown): RetentionOptions {
  // Fields are named under `retention.` so an error says which option it is about.
  return parseInput(
    retentionSchema,
    input,
    (field, why) => badBody(field === 'retention' ? field : `retention.${field}`, why),
    'retention',
  )
}

/** The retention of one payload store. */
export interface PayloadRetention {
  /** Call after every add: forgets old payloads that are over when the store is past its maximum. */
  added(payload: StoredPayload): void
  /** Call when a payload stops being live (resolved or cancelled). */
  ended(): void
  /** Call when a payload is cancelled: the cancel time starts its time to live. */
  cancelled(uuid: string): void
  /** Forgets these payloads now, like an expired time to live (an application's reset). */
  forget(uuids: readonly string[]): void
  /** Forgets everything it tracks (with the store's clear). */
  clear(): void
  /** Stops the sweep timer. */
  dispose(): void
}

// The sweep for the time to live runs this often relative to the TTL (bounded): a payload is
// forgotten at most a tenth of its TTL (and at most a minute) late.
const SWEEP_FRACTION = 10
const MAX_SWEEP_MS = 60_000
const MIN_SWEEP_MS = 1000

/**
 * Creates the retention of a payload store. Payloads that are over are found by a walk in
 * insertion order (the oldest first): one walk per tenth of `maxPayloads` added, and one per sweep
 * period for the time to live, so the cost per created payload stays constant on average.
 *
 * @example
 * ```ts
 * const retention = createPayloadRetention({
 *   clock,
 *   store,
 *   options: { maxPayloads: 1000 },
 *   forget,
 *   owesMessage: (uuid) => false,
 * })
 * store.add(payload)
 * retention.added(payload)
 * ```
 */
export function createPayloadRetention(deps: {
  clock: Clock
  store: PayloadStore
  options: RetentionOptions
  /** Removes payloads from the store, its indexes and the webhook log. */
  forget: (uuids: readonly string[]) => void
  /** Whether a payload's terminal websocket message (its `expired`) has still to go out. */
  owesMessage: (uuid: string) => boolean
}): PayloadRetention {
  const { clock, store } = deps
  const parsed = parseRetention(deps.options)
  const { resolvedTtlSeconds } = parsed
  const maxPayloads = parsed.maxPayloads ?? DEFAULT_MAX_PAYLOADS
  const ttlMs = resolvedTtlSeconds === undefined ? null : resolvedTtlSeconds * 1000
  const cancelledAt = new Map<string, number>()

  // When a payload stopped being live; null while it is live. An expired one counts as over only
  // once its `expired` message went out: a subscriber never loses it to the store's bound.
  const endedAt = (payload: StoredPayload, now: number): number | null => {
    if (payload.state === 'resolved') return payload.resolvedAt ?? now
    if (payload.state === 'cancelled') return cancelledAt.get(payload.uuid) ?? payload.createdAt
    if (payload.state === 'created' && now >= payload.expiresAt && !deps.owesMessage(payload.uuid))
      return payload.expiresAt
    return null
  }

  const forget = (uuids: readonly string[]) => {
    if (uuids.length === 0) return
    for (const uuid of uuids) cancelledAt.delete(uuid)
    deps.forget(uuids)
  }

  const floor = Math.floor(maxPayloads * 0.9)
  const slack = Math.max(1, maxPayloads - floor)
  // After a walk that could not get under the maximum (all live), the next waits for `slack` more.
  let nextWalkAt = maxPayloads
  // After a walk that saw every payload and found too few over, a walk finds nothing more until a
  // payload can have ended since: one resolved or cancelled, or the clock at the earliest expiry
  // of one still waiting (added since included). Until then a store full of live payloads (a
  // suite that never signs, a load test) is not walked again: each walk reads the whole store.
  let unchangedSinceWalk = false
  let earliestExpiry = Number.NEGATIVE_INFINITY

  let lastSweep = Number.NEGATIVE_INFINITY
  const sweepMs =
    ttlMs === null ? null : Math.min(MAX_SWEEP_MS, Math.max(MIN_SWEEP_MS, ttlMs / SWEEP_FRACTION))
  const stopSweep =
    ttlMs === null || sweepMs === null
      ? () => {}
      : clock.setInterval(() => {
          // `clock.advance` fires an interval once per period it skips, all at about one `now`.
          const now = clock.now()
          if (now - lastSweep < sweepMs / 2) return
          lastSweep = now
          const doomed: string[] = []
          for (const payload of store.values()) {
            const ended = endedAt(payload, now)
            if (ended !== null && ended + ttlMs <= now) doomed.push(payload.uuid)
          }
          forget(doomed)
        }, sweepMs)

  return {
    added(payload) {
      earliestExpiry = Math.min(earliestExpiry, payload.expiresAt)
      if (store.size <= nextWalkAt) return
      const now = clock.now()
      if (unchangedSinceWalk && now < earliestExpiry) return
      const excess = store.size - floor
      const doomed: string[] = []
      let waitingUntil = Number.POSITIVE_INFINITY
      for (const each of store.values()) {
        if (doomed.length >= excess) break
        if (endedAt(each, now) !== null) doomed.push(each.uuid)
        else if (each.state === 'created') waitingUntil = Math.min(waitingUntil, each.expiresAt)
      }
      unchangedSinceWalk = doomed.length < excess
      earliestExpiry = waitingUntil
      forget(doomed)
      nextWalkAt = Math.max(maxPayloads, store.size + slack)
    },
    ended() {
      unchangedSinceWalk = false
    },
    cancelled(uuid) {
      // Only a time to live needs the cancel time; without one nothing is kept per payload.
      if (ttlMs !== null) cancelledAt.set(uuid, clock.now())
    },
    forget,
    clear() {
      cancelledAt.clear()
      nextWalkAt = maxPayloads
      unchangedSinceWalk = false
    },
    dispose() {
      stopSweep()
    },
  }
}

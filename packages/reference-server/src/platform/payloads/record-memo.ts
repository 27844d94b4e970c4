import type { PayloadRecord } from 'pullsign/wire'
import { createBoundedCache } from '../../bounded-cache'
import type { Application } from '../applications/applications'
import { deepFreeze } from '../deep-freeze'
import { buildRecord, isExpired, type RecordContext } from './payload-record'
import type { StoredPayload } from './payload-store'

/** Records kept, those of the payloads read most recently (a record is 2 to 5 KB of heap). */
const MAX_RECORDS = 1_000

interface Memo {
  revision: number
  app: Application
  destinationName: string | null
  expiresInSeconds: number
  expired: boolean
  record: PayloadRecord
}

/** The §3.3 records of stored payloads, the same frozen object while nothing in it changes. */
export interface RecordMemo {
  /** The payload's record, built again only when something it shows has changed. */
  record(payload: StoredPayload, context: RecordContext): PayloadRecord
  /** Drops the records of forgotten payloads (retention). */
  forget(uuids: Iterable<string>): void
  clear(): void
}

/**
 * Remembers the records read most recently (at most `maxRecords`), frozen, because a client polls
 * a payload far more often than the payload changes. A record is reused only while everything it
 * is built from is the same: the payload's `revision` (bumped on every change of a stored
 * payload), its application, the destination's name, and the clock's share of it
 * (`expires_in_seconds`, `expired`). So a record object stands for one revision of what it
 * shows: the HTTP layer keeps its JSON text by it (src/http/record-bodies.ts).
 *
 * @example
 * ```ts
 * const memo = createRecordMemo()
 * const context = { app, now: clock.now(), destinationName: null }
 * memo.record(payload, context) === memo.record(payload, context) // true
 * ```
 */
export function createRecordMemo(maxRecords = MAX_RECORDS): RecordMemo {
  // Keys are payload UUIDs (36 characters).
  const memos = createBoundedCache<Memo>({ maxKeyLength: 36, maxEntries: maxRecords })
  return {
    record(payload, context) {
      const expiresInSeconds = Math.floor((payload.expiresAt - context.now) / 1000)
      const expired = isExpired(payload, context.now)
      const memo = memos.get(payload.uuid)
      if (
        memo?.revision === payload.revision &&
        memo.app === context.app &&
        memo.destinationName === context.destinationName &&
        memo.expiresInSeconds === expiresInSeconds &&
        memo.expired === expired
      ) {
        return memo.record
      }
      const record = deepFreeze(buildRecord(payload, context))
      memos.set(payload.uuid, {
        revision: payload.revision,
        app: context.app,
        destinationName: context.destinationName,
        expiresInSeconds,
        expired,
        record,
      })
      return record
    },
    forget(uuids) {
      for (const uuid of uuids) memos.delete(uuid)
    },
    clear: () => memos.clear(),
  }
}

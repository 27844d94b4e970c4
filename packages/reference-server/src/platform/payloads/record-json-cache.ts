import { createBoundedCache } from '../../bounded-cache'
import type { Application } from '../applications/applications'
import { buildRecord, isExpired, type RecordContext } from './payload-record'
import type { StoredPayload } from './payload-store'

/**
 * Characters of record text kept, those of the payloads read most recently: about 1,000 records of
 * a Payment with an instruction (1.5 KB each); records vary in size, so the budget is in characters.
 */
const MAX_TEXT_CHARS = 1_500_000

interface Memo {
  revision: number
  app: Application
  destinationName: string | null
  expiresInSeconds: number
  expired: boolean
  text: string
}

/** The §3.3 records as the JSON text `GET payload` answers, remembered while nothing in them changes. */
export interface RecordJsonCache {
  /** The record's JSON text, built again only when something it shows has changed. */
  json(payload: StoredPayload, context: RecordContext): string
  /** Drops the texts of forgotten payloads (retention). */
  forget(uuids: Iterable<string>): void
  clear(): void
}

/**
 * Remembers the JSON text of the records read most recently (at most `maxChars` characters), because a client
 * polls a payload far more often than the payload changes: building the record and its 1.5 KB of
 * JSON is most of a GET (bench/README.md). A text is reused only while everything the
 * record is built from is the same: the payload's `revision` (bumped on every change of a stored
 * payload), its application, the destination's name, and the clock's share of it
 * (`expires_in_seconds`, `expired`).
 *
 * @example
 * ```ts
 * const cache = createRecordJsonCache()
 * cache.json(payload, { app, now: clock.now(), destinationName: null }) // '{"meta":{…'
 * ```
 */
export function createRecordJsonCache(maxChars = MAX_TEXT_CHARS): RecordJsonCache {
  // Keys are payload UUIDs (36 characters).
  const memos = createBoundedCache<Memo>({
    maxKeyLength: 36,
    maxChars,
    sizeOf: (memo) => memo.text.length,
  })
  return {
    json(payload, context) {
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
        return memo.text
      }
      const text = JSON.stringify(buildRecord(payload, context))
      memos.set(payload.uuid, {
        revision: payload.revision,
        app: context.app,
        destinationName: context.destinationName,
        expiresInSeconds,
        expired,
        text,
      })
      return text
    },
    forget(uuids) {
      for (const uuid of uuids) memos.delete(uuid)
    },
    clear: () => memos.clear(),
  }
}

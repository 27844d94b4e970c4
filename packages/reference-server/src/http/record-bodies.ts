import type { PayloadRecord } from 'pullsign/wire'
import { createBoundedCache } from '../bounded-cache'

/**
 * Characters of record text kept, those of the payloads read most recently: about 1,000 records of
 * a Payment with an instruction (1.5 KB each); records vary in size, so the budget is in characters.
 */
const MAX_TEXT_CHARS = 1_500_000

/** The JSON text of the §3.3 records the routes send, remembered per revision of a record. */
export interface RecordBodies {
  /** The record as JSON text, written again only when the record is a new one. */
  text(record: PayloadRecord): string
  /** Forgets every text: at each reset of the platform (handler.ts hears them all). */
  clear(): void
  /** Characters kept now (keys and texts), at most the budget. */
  readonly chars: number
}

/**
 * Remembers the answer text of the records read most recently (at most `maxChars` characters),
 * because a client polls a payload far more often than the payload changes, and writing 1.5 KB
 * of JSON is half of a GET (bench/README.md). The payloads give the same frozen record while
 * nothing it shows has changed (src/platform/payloads/record-memo.ts), so the record object is
 * its revision: a text is reused for that very object, never for a newer record of the payload.
 *
 * @example
 * ```ts
 * const bodies = createRecordBodies()
 * bodies.text(payloads.get(app, uuid)) // '{"meta":{"exists":true,…'
 * ```
 */
export function createRecordBodies(maxChars = MAX_TEXT_CHARS): RecordBodies {
  // Keys are payload UUIDs (36 characters).
  const texts = createBoundedCache<{ record: PayloadRecord; text: string }>({
    maxKeyLength: 36,
    maxChars,
    sizeOf: (kept) => kept.text.length,
  })
  return {
    text(record) {
      const kept = texts.get(record.meta.uuid)
      if (kept?.record === record) return kept.text
      const text = JSON.stringify(record)
      texts.set(record.meta.uuid, { record, text })
      return text
    },
    clear: () => texts.clear(),
    get chars() {
      return texts.chars
    },
  }
}

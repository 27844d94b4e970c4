import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { LedgerObject } from '../../../src/ledger/state/ledger-object'
import { createObjectStore } from '../../../src/ledger/state/object-store'
import type { ReadView } from '../../../src/ledger/state/read-view'

const fees = { base: 12n, reserve: 1_000_000n, increment: 200_000n }
const index = (n: number) => n.toString(16).toUpperCase().padStart(64, '0')
const object = (n: number, version: number) =>
  ({ index: index(n), LedgerEntryType: 'Ticket', Version: version }) as unknown as LedgerObject

// Every object a view holds, in its order, walked with `succ` (how ledger_data and books read).
const walk = (view: ReadView) => {
  const seen: unknown[] = []
  for (let at = view.succ(''); at !== undefined; at = view.succ(at)) seen.push(view.read(at))
  return seen
}

// A change to the store: put object n (a new version of it), or remove it.
const change = fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 24 }))

describe('copies of the object store are copy-on-write (the validated ledger at every close)', () => {
  it('each copy reads, walks and bounds (`succ` with `last`) as the store did when it was taken, however the store changed since', () => {
    fc.assert(
      fc.property(fc.array(fc.array(change, { maxLength: 12 }), { maxLength: 8 }), (rounds) => {
        const store = createObjectStore(() => ({ seq: 1, parentCloseTime: 0 }), fees)
        const taken: Array<{ view: ReadView; expected: unknown[] }> = []
        let version = 0
        for (const round of rounds) {
          for (const [put, n] of round) {
            const current = store.read(index(n))
            if (put) store.rawReplace(object(n, version++))
            else if (current) store.rawErase(current)
          }
          taken.push({ view: store.copy({ seq: 1, parentCloseTime: 0 }), expected: walk(store) })
        }
        store.rawReplace(object(3, version++))
        for (const { view, expected } of taken) {
          expect(walk(view)).toEqual(expected)
          const bounded: unknown[] = []
          for (let at = view.succ(index(5), index(15)); at; at = view.succ(at, index(15))) {
            bounded.push(at)
          }
          expect(bounded).toEqual(
            expected
              .map((o) => (o as LedgerObject).index)
              .filter((i) => i > index(5) && i < index(15)),
          )
        }
      }),
      { numRuns: 200 },
    )
  })

  it('a copy still reads what it held after the store is emptied (a restore)', () => {
    const store = createObjectStore(() => ({ seq: 1, parentCloseTime: 0 }), fees)
    store.rawInsert(object(1, 0))
    const copy = store.copy({ seq: 1, parentCloseTime: 0 })
    store.clear()
    store.rawInsert(object(2, 1))
    expect(walk(copy)).toEqual([object(1, 0)])
  })

  it('rawReplace on a copy changes only the copy (a direct credit shown in the validated ledger)', () => {
    const store = createObjectStore(() => ({ seq: 1, parentCloseTime: 0 }), fees)
    store.rawInsert(object(1, 0))
    const copy = store.copy({ seq: 1, parentCloseTime: 0 })
    copy.rawReplace(object(1, 7))
    expect(copy.read(index(1))).toEqual(object(1, 7))
    expect(store.read(index(1))).toEqual(object(1, 0))
  })
})

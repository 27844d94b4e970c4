import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hashes } from 'xrpl'
import { createStateTree } from '../../../src/ledger/closing/state-tree'
import { XRPL_CODEC } from '../../../src/ledger/codec/network-codec'
import type { LedgerObject } from '../../../src/ledger/state/ledger-object'
import { testKey } from '../test-keys'

const owner = testKey(21).address

// An AccountRoot at an arbitrary index: the keys share long prefixes (the first bytes come from
// a two-letter alphabet), so leaves sit deep and removals lift them through several levels.
const objectAt = (prefix: string, rest: number, balance: number): LedgerObject => ({
  LedgerEntryType: 'AccountRoot',
  Flags: 0,
  Account: owner,
  Balance: String(balance),
  Sequence: 1,
  OwnerCount: 0,
  PreviousTxnID: '0'.repeat(64),
  PreviousTxnLgrSeq: 1,
  index: (prefix + rest.toString(16).padStart(8, '0')).padEnd(64, 'A'),
})

const step = fc.record({
  prefix: fc.stringMatching(/^[0F]{1,6}$/),
  rest: fc.nat(3),
  balance: fc.nat(1_000),
  remove: fc.boolean(),
})

describe('the state tree (account_hash)', () => {
  it('hashes as xrpl.js hashStateTree after any adds, changes and removals, hashed between them', () => {
    fc.assert(
      fc.property(fc.array(fc.array(step, { maxLength: 12 }), { maxLength: 6 }), (closes) => {
        const objects = new Map<string, LedgerObject>()
        const tree = createStateTree((index) => objects.get(index), XRPL_CODEC)
        for (const changes of closes) {
          for (const { prefix, rest, balance, remove } of changes) {
            const object = objectAt(prefix, rest, balance)
            if (remove) objects.delete(object.index)
            else objects.set(object.index, object)
            tree.touch(object.index)
          }
          const expected =
            objects.size === 0
              ? '0'.repeat(64)
              : hashes.hashStateTree([...objects.values()] as never)
          expect(tree.hash()).toBe(expected)
        }
      }),
    )
  })
})

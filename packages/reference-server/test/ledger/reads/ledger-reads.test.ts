import { decode } from 'ripple-binary-codec'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { affectedAccounts, createLedger } from '../../../src/ledger'
import { XRPL_CODEC } from '../../../src/ledger/codec/network-codec'
import {
  accountRootIndex,
  ownerDirIndex,
  rippleStateIndex,
  signerListIndex,
} from '../../../src/ledger/state/keylets'
import { type LedgerFixture, ledgerFixture } from '../ledger-fixture'
import { signTx, testKey } from '../test-keys'

const UNIT = 1_000_000n
const alice = testKey(31)
const bob = testKey(32)
const carol = testKey(33)

let f: LedgerFixture
beforeEach(() => {
  f = ledgerFixture({ keys: [alice, bob, carol], drops: 1000n * UNIT })
})
afterEach(() => f.dispose())

const ok = (result: { engine_result: string }) => expect(result.engine_result).toBe('tesSUCCESS')

// Alice owns 40 tickets, a trust line to Bob and a SignerList: 42 entries, two directory pages.
function aliceOwnsMany() {
  ok(f.submit(alice, { TransactionType: 'TicketCreate', TicketCount: 40 }))
  ok(
    f.submit(alice, {
      TransactionType: 'TrustSet',
      LimitAmount: { currency: 'USD', issuer: bob.address, value: '10' },
    }),
  )
  ok(
    f.submit(alice, {
      TransactionType: 'SignerListSet',
      SignerQuorum: 1,
      SignerEntries: [{ SignerEntry: { Account: carol.address, SignerWeight: 1 } }],
    }),
  )
}

describe('reads for the node (docs/protocol.md §8.6)', () => {
  it('entry answers an object by its index, in either case, with its index', () => {
    const index = accountRootIndex(alice.address)
    const root = f.ledger.entry('TESTNET', index.toLowerCase())
    expect(root).toMatchObject({
      LedgerEntryType: 'AccountRoot',
      Account: alice.address,
      Balance: String(1000n * UNIT),
      index,
    })
    expect(f.ledger.entry('TESTNET', 'AB'.repeat(32))).toBeNull()
    expect(f.ledger.entry('TESTNET', 'nope')).toBeNull()
  })

  it("'validated' reads see the latest closed ledger; funding shows in both at once", () => {
    const index = accountRootIndex(alice.address)
    expect(f.ledger.entry('TESTNET', index, 'validated')?.Balance).toBe(String(1000n * UNIT))
    ok(f.submit(alice, { TransactionType: 'TicketCreate', TicketCount: 1 }))
    expect(f.ledger.entry('TESTNET', index, 'validated')?.Balance).toBe(String(1000n * UNIT))
    expect(f.ledger.entry('TESTNET', index)?.Balance).toBe(String(1000n * UNIT - 12n))
    const validatedObjects = () =>
      f.ledger.accountObjects('TESTNET', alice.address, { limit: 10, ledger: 'validated' })
    expect(validatedObjects()?.objects).toEqual([])
    f.ledger.close('TESTNET')
    expect(f.ledger.entry('TESTNET', index, 'validated')?.Balance).toBe(String(1000n * UNIT - 12n))
    expect(validatedObjects()?.objects.map((o) => o.LedgerEntryType)).toEqual(['Ticket'])
    expect(f.ledger.ledgerData('TESTNET', { limit: 100, ledger: 'validated' })?.objects).toEqual(
      f.ledger.ledgerData('TESTNET', { limit: 100 })?.objects,
    )
  })

  it('accountObjects walks the owner directory page by page with markers, and filters by type', () => {
    aliceOwnsMany()
    expect(f.ledger.entry('TESTNET', ownerDirIndex(alice.address))).toMatchObject({
      IndexNext: '1',
      IndexPrevious: '1',
    })
    const all = f.ledger.accountObjects('TESTNET', alice.address, { limit: 400 })
    expect(all?.marker).toBeUndefined()
    expect(all?.objects).toHaveLength(42)
    expect(f.ledger.account('TESTNET', alice.address)?.ownerCount).toBe(42)

    const paged = []
    let marker: string | undefined
    do {
      const page = f.ledger.accountObjects('TESTNET', alice.address, { limit: 10, marker })
      expect(page).not.toBeNull()
      expect(page?.objects.length).toBeLessThanOrEqual(10)
      paged.push(...(page?.objects ?? []))
      marker = page?.marker
    } while (marker)
    expect(paged).toEqual(all?.objects)

    const tickets = f.ledger.accountObjects('TESTNET', alice.address, {
      types: ['Ticket'],
      limit: 400,
    })
    expect(tickets?.objects).toHaveLength(40)
    const others = f.ledger.accountObjects('TESTNET', alice.address, {
      types: ['RippleState', 'SignerList'],
      limit: 400,
    })
    expect(others?.objects.map((o) => o.index).sort()).toEqual(
      [rippleStateIndex(alice.address, bob.address, 'USD'), signerListIndex(alice.address)].sort(),
    )
    // Bob sees the line in his directory too.
    expect(f.ledger.accountObjects('TESTNET', bob.address, { limit: 10 })?.objects).toHaveLength(1)
    expect(
      f.ledger.accountObjects('TESTNET', alice.address, {
        limit: 10,
        marker: `${ownerDirIndex(alice.address)},${'CD'.repeat(32)}`,
      }),
    ).toBeNull()
    expect(f.ledger.accountObjects('TESTNET', alice.address, { limit: 10, marker: 'x' })).toBeNull()
  })

  it('ledgerData pages every object in index order', () => {
    aliceOwnsMany()
    const all = f.ledger.ledgerData('TESTNET', { limit: 10_000 })
    const indexes = all?.objects.map((object) => object.index) ?? []
    expect(indexes).toEqual([...indexes].sort())
    expect(indexes).toContain(accountRootIndex(carol.address))
    const paged = []
    let marker: string | undefined
    do {
      const page = f.ledger.ledgerData('TESTNET', { limit: 7, marker })
      paged.push(...(page?.objects ?? []))
      marker = page?.marker
    } while (marker)
    expect(paged).toEqual(all?.objects)
    const roots = f.ledger.ledgerData('TESTNET', { limit: 10_000, type: 'AccountRoot' })
    expect(roots?.objects).toHaveLength(3)
    expect(f.ledger.ledgerData('TESTNET', { limit: 1, marker: 'zz' })).toBeNull()
  })

  it("stored transactions carry rippled's metadata, in JSON and binary, and the accounts they touched", () => {
    const { txid } = f.submit(alice, {
      TransactionType: 'Payment',
      Destination: bob.address,
      Amount: '1000',
    })
    f.ledger.close('TESTNET')
    const stored = f.ledger.storedTransaction('TESTNET', txid.toLowerCase())
    expect(stored?.meta).toMatchObject({ TransactionIndex: 0, TransactionResult: 'tesSUCCESS' })
    expect(f.ledger.storedTransaction('MAINNET', txid)).toBeNull()
    const blob = XRPL_CODEC.encode(stored?.meta as never)
    expect(decode(blob)).toMatchObject({
      TransactionIndex: 0,
      TransactionResult: 'tesSUCCESS',
      AffectedNodes: [{ ModifiedNode: expect.anything() }, { ModifiedNode: expect.anything() }],
    })
    expect(
      [...affectedAccounts(stored?.meta.AffectedNodes ?? [], XRPL_CODEC.definitions)].sort(),
    ).toEqual([alice.address, bob.address].sort())
    const closed = f.ledger.ledgerTransactions('TESTNET', f.ledger.latestClosedIndex('TESTNET'))
    expect(closed.map((t) => t.txid)).toEqual([txid])
  })
})

describe('snapshots (docs/protocol.md §10)', () => {
  it('save every ledger object and transaction, and load them back the same', () => {
    aliceOwnsMany()
    const { txid } = f.submit(bob, {
      TransactionType: 'Payment',
      Destination: carol.address,
      Amount: '5',
    })
    const saved = JSON.parse(JSON.stringify(f.ledger.saveState()))
    const copy = createLedger({ clock: f.clock, closeMs: false })
    copy.loadState(saved)
    expect(copy.ledgerData('TESTNET', { limit: 10_000 })).toEqual(
      f.ledger.ledgerData('TESTNET', { limit: 10_000 }),
    )
    expect(copy.account('TESTNET', alice.address)).toEqual(
      f.ledger.account('TESTNET', alice.address),
    )
    expect(copy.transaction(txid)).toEqual(f.ledger.transaction(txid))
    // The loaded ledger applies the next transaction on the same objects.
    const next = signedPayment()
    expect(copy.submit('TESTNET', next).engine_result).toBe('tesSUCCESS')
    expect(f.ledger.submit('TESTNET', next).engine_result).toBe('tesSUCCESS')
    expect(copy.ledgerData('TESTNET', { limit: 10_000 })).toEqual(
      f.ledger.ledgerData('TESTNET', { limit: 10_000 }),
    )
    copy.dispose()
  })
})

function signedPayment() {
  const tx = {
    TransactionType: 'Payment',
    Account: alice.address,
    Destination: bob.address,
    Amount: '7',
    Fee: '12',
    Sequence: f.ledger.account('TESTNET', alice.address)?.sequence,
  }
  return signTx(tx, alice)
}

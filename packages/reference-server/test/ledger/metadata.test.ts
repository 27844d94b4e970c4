import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getBalanceChanges } from 'xrpl'
import {
  accountRootIndex,
  ownerDirIndex,
  rippleStateIndex,
  ticketIndex,
} from '../../src/ledger/state/keylets'
import { type LedgerFixture, ledgerFixture } from './ledger-fixture'
import { testKey } from './test-keys'

const UNIT = 1_000_000n
const alice = testKey(21)
const bob = testKey(22)
const carol = testKey(23)

let f: LedgerFixture
beforeEach(() => {
  f = ledgerFixture({ keys: [alice, bob], drops: 100n * UNIT })
})
afterEach(() => f.dispose())

describe("metadata as rippled's ApplyStateTable writes it (docs/protocol.md §8.6)", () => {
  it('a TicketCreate creates the owner directory and the tickets, and changes the AccountRoot', () => {
    const { txid, engine_result } = f.submit(alice, {
      TransactionType: 'TicketCreate',
      TicketCount: 2,
    })
    expect(engine_result).toBe('tesSUCCESS')
    const sequence = f.ledger.account('TESTNET', alice.address)?.sequence ?? 0
    const nodes = f.meta(txid).AffectedNodes
    const indexes = nodes.map((node) => String(Object.values(node)[0]?.LedgerIndex))
    expect(indexes).toEqual([...indexes].sort())
    expect(nodes).toHaveLength(4)
    expect(f.node(txid, ownerDirIndex(alice.address))).toEqual({
      CreatedNode: {
        LedgerEntryType: 'DirectoryNode',
        LedgerIndex: ownerDirIndex(alice.address),
        NewFields: { Owner: alice.address, RootIndex: ownerDirIndex(alice.address) },
      },
    })
    expect(f.node(txid, ticketIndex(alice.address, sequence - 2))).toEqual({
      CreatedNode: {
        LedgerEntryType: 'Ticket',
        LedgerIndex: ticketIndex(alice.address, sequence - 2),
        NewFields: { Account: alice.address, TicketSequence: sequence - 2 },
      },
    })
    expect(f.node(txid, accountRootIndex(alice.address))).toEqual({
      ModifiedNode: {
        LedgerEntryType: 'AccountRoot',
        LedgerIndex: accountRootIndex(alice.address),
        FinalFields: {
          Account: alice.address,
          Balance: String(100n * UNIT - 12n),
          Flags: 0,
          OwnerCount: 2,
          Sequence: sequence,
          TicketCount: 2,
        },
        PreviousFields: { Balance: String(100n * UNIT), OwnerCount: 0, Sequence: sequence - 3 },
      },
    })
  })

  it('threads each object: its ModifiedNode names the transaction that touched it before', () => {
    const first = f.submit(alice, {
      TransactionType: 'Payment',
      Destination: bob.address,
      Amount: '1000',
    })
    const second = f.submit(bob, {
      TransactionType: 'Payment',
      Destination: alice.address,
      Amount: '5',
    })
    const ledgerIndex = f.ledger.latestClosedIndex('TESTNET') + 1
    expect(f.node(second.txid, accountRootIndex(alice.address))?.ModifiedNode).toMatchObject({
      PreviousTxnID: first.txid,
      PreviousTxnLgrSeq: ledgerIndex,
      PreviousFields: { Balance: String(100n * UNIT - 1012n) },
    })
    // Funded by the control API, never touched by a transaction: nothing to thread from.
    expect(
      f.node(first.txid, accountRootIndex(bob.address))?.ModifiedNode?.PreviousTxnID,
    ).toBeUndefined()
  })

  it('using a ticket deletes it, keeping its emptied directory root (Transactor::ticketDelete dirRemove(..., true))', () => {
    f.submit(alice, { TransactionType: 'TicketCreate', TicketCount: 1 })
    const sequence = (f.ledger.account('TESTNET', alice.address)?.sequence ?? 0) - 1
    const created = f.ledger.transaction(
      f.submit(bob, { TransactionType: 'Payment', Destination: alice.address, Amount: '1' }).txid,
    )
    const { txid } = f.submit(alice, {
      TransactionType: 'Payment',
      Destination: bob.address,
      Amount: '1000',
      Sequence: 0,
      TicketSequence: sequence,
    })
    expect(f.ledger.account('TESTNET', alice.address)?.tickets).toEqual([])
    const ticket = f.node(txid, ticketIndex(alice.address, sequence))?.DeletedNode
    expect(ticket).toMatchObject({
      LedgerEntryType: 'Ticket',
      FinalFields: { Account: alice.address, Flags: 0, OwnerNode: '0', TicketSequence: sequence },
    })
    expect(ticket?.FinalFields).toHaveProperty('PreviousTxnID')
    expect(f.node(txid, ownerDirIndex(alice.address))?.ModifiedNode).toMatchObject({
      LedgerEntryType: 'DirectoryNode',
      FinalFields: { Owner: alice.address, RootIndex: ownerDirIndex(alice.address), Flags: 0 },
    })
    expect(f.ledger.entry('TESTNET', ownerDirIndex(alice.address))?.Indexes).toEqual([])
    expect(f.node(txid, accountRootIndex(alice.address))?.ModifiedNode).toMatchObject({
      PreviousTxnID: created?.txid,
      PreviousFields: { OwnerCount: 1, TicketCount: 1 },
    })
  })

  it('a tec result keeps only the fee and the Sequence (Transactor::reset)', () => {
    const { txid, engine_result } = f.submit(alice, {
      TransactionType: 'Payment',
      Destination: bob.address,
      Amount: String(200n * UNIT),
    })
    expect(engine_result).toBe('tecUNFUNDED_PAYMENT')
    expect(f.meta(txid).AffectedNodes).toEqual([
      {
        ModifiedNode: expect.objectContaining({
          LedgerIndex: accountRootIndex(alice.address),
          PreviousFields: { Balance: String(100n * UNIT), Sequence: expect.any(Number) },
        }),
      },
    ])
  })

  it('a new account and a new trust line are CreatedNodes xrpl.js reads the balances of', () => {
    const payment = f.submit(alice, {
      TransactionType: 'Payment',
      Destination: carol.address,
      Amount: String(10n * UNIT),
    })
    expect(f.node(payment.txid, accountRootIndex(carol.address))).toEqual({
      CreatedNode: {
        LedgerEntryType: 'AccountRoot',
        LedgerIndex: accountRootIndex(carol.address),
        NewFields: {
          Account: carol.address,
          Balance: String(10n * UNIT),
          Sequence: f.ledger.latestClosedIndex('TESTNET') + 1,
        },
      },
    })
    expect(getBalanceChanges(f.meta(payment.txid) as never)).toEqual(
      [
        { account: alice.address, balances: [{ currency: 'XRP', value: '-10.000012' }] },
        { account: carol.address, balances: [{ currency: 'XRP', value: '10' }] },
      ].sort((a, b) => (accountRootIndex(a.account) < accountRootIndex(b.account) ? -1 : 1)),
    )
    expect(f.ledger.transaction(payment.txid)?.balanceChanges).toEqual({
      [alice.address]: [{ counterparty: '', currency: 'XRP', value: '-10.000012' }],
      [carol.address]: [{ counterparty: '', currency: 'XRP', value: '10' }],
    })

    const limit = { currency: 'USD', issuer: alice.address, value: '100' }
    const trust = f.submit(bob, { TransactionType: 'TrustSet', LimitAmount: limit })
    const line = rippleStateIndex(alice.address, bob.address, 'USD')
    const created = f.node(trust.txid, line)?.CreatedNode as { NewFields: Record<string, unknown> }
    expect(created.NewFields).toMatchObject({
      Balance: { currency: 'USD', issuer: 'rrrrrrrrrrrrrrrrrrrrBZbvji', value: '0' },
    })
    // Both owners' directories list the line; both AccountRoots are threaded.
    expect(f.node(trust.txid, ownerDirIndex(alice.address))).toHaveProperty('CreatedNode')
    expect(f.node(trust.txid, ownerDirIndex(bob.address))).toHaveProperty('CreatedNode')
    expect(f.node(trust.txid, accountRootIndex(alice.address))?.ModifiedNode).toEqual({
      LedgerEntryType: 'AccountRoot',
      LedgerIndex: accountRootIndex(alice.address),
      PreviousTxnID: payment.txid,
      PreviousTxnLgrSeq: f.ledger.latestClosedIndex('TESTNET') + 1,
    })
  })
})

describe('types without rules (docs/protocol.md §8.7)', () => {
  it.each([
    // A type whose amendment this ledger has not enabled: rippled's preflight answers temDISABLED.
    [{ TransactionType: 'XChainCreateClaimID' }, 'temDISABLED'],
    // A type with rules refuses a malformed transaction the same way: native for native is no
    // offer (rules/dex/offer-create.ts, rippled CreateOffer::preflight).
    [{ TransactionType: 'OfferCreate', TakerGets: '1000', TakerPays: '1000' }, 'temBAD_OFFER'],
  ])('%j answers %s and changes nothing, never tesSUCCESS without effects', (fields, code) => {
    const before = f.ledger.account('TESTNET', alice.address)
    const result = f.submit(alice, fields)
    expect(result.engine_result).toBe(code)
    expect(f.ledger.transaction(result.txid)).toBeNull()
    expect(f.ledger.account('TESTNET', alice.address)).toEqual(before)
  })
})

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { hashes } from 'xrpl'
import { createLedger, type LedgerClosed, type TransactionApplied } from '../../src/ledger'
import { createClock } from '../../src/platform'
import { type LedgerFixture, ledgerFixture } from './ledger-fixture'
import { signTx, testKey } from './test-keys'

const alice = testKey(1, 'ed25519')
const bob = testKey(2, 'ecdsa-secp256k1')
let fixture: LedgerFixture

beforeEach(() => {
  fixture = ledgerFixture()
  fixture.ledger.fund(alice.address, 100_000_000n)
  fixture.ledger.fund(bob.address, 100_000_000n)
})
afterEach(() => fixture.dispose())

const pay = (drops: string) =>
  fixture.submit(alice, { TransactionType: 'Payment', Destination: bob.address, Amount: drops })

describe('closed-ledger headers', () => {
  it('chains each close to its parent with rippled’s ledger hash (xrpl.js hashLedgerHeader agrees)', () => {
    const { ledger, clock } = fixture
    const genesis = ledger.header('TESTNET')
    clock.advance(4)
    ledger.close('TESTNET')
    const first = ledger.header('TESTNET')
    expect(first).toMatchObject({
      ledger_index: (genesis?.ledger_index ?? 0) + 1,
      parent_hash: genesis?.ledger_hash,
      parent_close_time: genesis?.close_time,
      close_time_resolution: 10,
      close_flags: 0,
      total_coins: '100000000000000000',
    })
    for (const header of [genesis, first]) {
      expect(header?.ledger_hash).toBe(hashes.hashLedgerHeader(header as never))
    }
  })

  it('rounds the close time to 10 s and keeps it after the parent’s (LedgerTiming.h effCloseTime)', () => {
    const { ledger, clock } = fixture
    const genesis = ledger.header('TESTNET')
    // 2026-01-01T00:00:00Z is 820_540_800 s after the Ripple epoch; +4 s rounds to :00 again.
    expect(genesis).toMatchObject({
      close_time: 820_540_800,
      close_time_iso: '2026-01-01T00:00:00Z',
    })
    clock.advance(4)
    ledger.close('TESTNET')
    expect(ledger.header('TESTNET')?.close_time).toBe(820_540_801)
    clock.advance(5)
    ledger.close('TESTNET')
    expect(ledger.header('TESTNET')).toMatchObject({
      close_time: 820_540_810,
      close_time_iso: '2026-01-01T00:00:10Z',
    })
  })

  it('hashes the transactions with their metadata (xrpl.js hashTxTree) and burns their fees', () => {
    const { ledger } = fixture
    const first = pay('1000000')
    const second = pay('2000000')
    const validated: LedgerClosed[] = []
    ledger.onClose((closed) => validated.push(closed))
    ledger.close('TESTNET')
    const header = ledger.header('TESTNET')
    const txs = [first, second].map(({ txid }) => {
      const {
        hash: _hash,
        meta,
        validated: _v,
        ledger_index: _l,
        ctid: _c,
        date: _d,
        ...tx
      } = ledger.transaction(txid)?.transaction ?? ({} as never)
      const { delivered_amount: _delivered, ...stored } = meta
      return { ...tx, metaData: JSON.parse(JSON.stringify(stored)) }
    })
    expect(header?.transaction_hash).toBe(hashes.hashTxTree(txs as never))
    expect(header?.total_coins).toBe(String(100_000_000_000_000_000n - 24n))
    expect(validated).toHaveLength(1)
    expect(validated[0]?.header).toEqual(header)
    expect(validated[0]?.transactions().map((t) => t.txid)).toEqual([first.txid, second.txid])
    expect(ledger.transaction(first.txid)?.transaction.date).toBe(header?.close_time)
  })

  it('hashes the ledger objects into account_hash (xrpl.js hashStateTree), kept by a restore', () => {
    const { ledger } = fixture
    const stateHash = () => {
      const objects = ledger.ledgerData('TESTNET', { ledger: 'validated', limit: 100_000 })?.objects
      return hashes.hashStateTree(JSON.parse(JSON.stringify(objects)))
    }
    ledger.close('TESTNET')
    const funded = ledger.header('TESTNET')?.account_hash
    expect(funded).toBe(stateHash())
    // A ledger without changes keeps the hash; a payment changes it.
    ledger.close('TESTNET')
    expect(ledger.header('TESTNET')?.account_hash).toBe(funded)
    pay('1000000')
    ledger.close('TESTNET')
    const paid = ledger.header('TESTNET')
    expect(paid?.account_hash).not.toBe(funded)
    expect(paid?.account_hash).toBe(stateHash())
    expect(paid?.ledger_hash).toBe(hashes.hashLedgerHeader(paid as never))
    const restored = ledgerFixture()
    restored.ledger.loadState(JSON.parse(JSON.stringify(ledger.saveState())))
    expect(restored.ledger.header('TESTNET')?.account_hash).toBe(paid?.account_hash)
    restored.dispose()
  })

  it('tells listeners of each applied transaction, and the close a listener triggers validates it', () => {
    const { ledger } = fixture
    const applied: TransactionApplied[] = []
    const stop = ledger.onTransaction((event) => {
      applied.push(event)
      ledger.close(event.network)
    })
    const { txid } = pay('1000000')
    expect(applied).toEqual([{ network: 'TESTNET', txid, engine_result: 'tesSUCCESS' }])
    expect(ledger.transaction(txid)?.transaction.validated).toBe(true)
    stop()
    const refused = fixture.ledger.submit('TESTNET', signTx({ TransactionType: 'Payment' }, alice))
    expect(refused.applied).toBe(false)
    expect(applied).toHaveLength(1)
  })

  it('shows a clock jump as a gap in complete_ledgers, its skipped ledgers without headers', () => {
    const clock = createClock({ start: Date.parse('2026-01-01T00:00:00Z'), manual: true })
    const ledger = createLedger({ clock, closeMs: 4000 })
    const start = ledger.latestClosedIndex('TESTNET')
    clock.advance(4)
    expect(ledger.completeLedgers('TESTNET')).toBe(`${start}-${start + 1}`)
    clock.advance(60 * 60) // 900 closes in one step
    expect(ledger.completeLedgers('TESTNET')).toBe(`${start}-${start + 1},${start + 901}`)
    expect(ledger.header('TESTNET', start + 2)).toBeNull()
    expect(ledger.header('TESTNET', start + 901)?.parent_hash).toBe(
      ledger.header('TESTNET', start + 1)?.ledger_hash,
    )
    ledger.dispose()
    clock.dispose()
  })
})

import { decode } from 'ripple-binary-codec'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { multisign } from 'xrpl'
import { createLedger, type LedgerClosed, type TransactionApplied } from '../../src/ledger'
import { createClock } from '../../src/platform'
import { type LedgerFixture, ledgerFixture, multisignedPayment } from './ledger-fixture'
import { signTx, testKey } from './test-keys'

const alice = testKey(71)
const bob = testKey(72, 'ecdsa-secp256k1')
const carol = testKey(73)
let f: LedgerFixture

beforeEach(() => {
  f = ledgerFixture({ keys: [alice, bob, carol], drops: 100_000_000n }, 'auto')
})
afterEach(() => f.dispose())

const pay = (drops: string) =>
  f.submit(alice, { TransactionType: 'Payment', Destination: bob.address, Amount: drops })
const closeTime = () => f.ledger.header('TESTNET')?.close_time ?? 0

describe("closeMs: 'auto' closes a network's ledger as soon as a transaction applies (automine)", () => {
  it('validates the transaction before submit returns: applied is heard, then the close, on its network only', () => {
    const heard: string[] = []
    f.ledger.onTransaction((event: TransactionApplied) => heard.push(`applied ${event.network}`))
    f.ledger.onClose((event: LedgerClosed) =>
      heard.push(`closed ${event.network} with ${event.transactions().length}`),
    )
    const before = f.ledger.latestClosedIndex('TESTNET')
    const mainnet = f.ledger.latestClosedIndex('MAINNET')
    const { txid, engine_result } = pay('1000000')
    expect(engine_result).toBe('tesSUCCESS')
    expect(heard).toEqual(['applied TESTNET', 'closed TESTNET with 1'])
    expect(f.ledger.transaction(txid)?.transaction).toMatchObject({
      validated: true,
      ledger_index: before + 1,
    })
    expect(f.ledger.account('TESTNET', bob.address, 'validated')?.balance).toBe('101000000')
    expect(f.ledger.latestClosedIndex('MAINNET')).toBe(mainnet)
  })

  it('a claimed (tec) transaction closes its ledger too; a refused one closes nothing', () => {
    const index = f.ledger.latestClosedIndex('TESTNET')
    const claimed = pay('500000000')
    expect(claimed.engine_result).toBe('tecUNFUNDED_PAYMENT')
    expect(f.ledger.transaction(claimed.txid)?.transaction.validated).toBe(true)
    expect(f.ledger.latestClosedIndex('TESTNET')).toBe(index + 1)
    const refused = f.ledger.submit('TESTNET', signTx({ TransactionType: 'Payment' }, alice))
    expect(refused.applied).toBe(false)
    expect(f.ledger.latestClosedIndex('TESTNET')).toBe(index + 1)
  })

  it('a multisigned submission (submit_multisigned) validates at once as well', () => {
    const { blobs } = multisignedPayment(f, alice, [bob, carol])
    const answer = f.ledger.submitMultisigned('TESTNET', decode(multisign(blobs)))
    expect(answer).toMatchObject({ engine_result: 'tesSUCCESS' })
    const txid = 'txid' in answer ? answer.txid : ''
    expect(f.ledger.transaction(txid)?.transaction.validated).toBe(true)
  })

  it('idle networks close every 10 s of clock time, so an EscrowFinish after an advance meets a fresh parent close time [rippled Escrow.cpp]', () => {
    const finishAfter = closeTime() + 30
    const sequence = f.ledger.account('TESTNET', alice.address)?.sequence
    const created = f.submit(alice, {
      TransactionType: 'EscrowCreate',
      Destination: bob.address,
      Amount: '1000000',
      FinishAfter: finishAfter,
    })
    expect(created.engine_result).toBe('tesSUCCESS')
    const finish = {
      TransactionType: 'EscrowFinish',
      Owner: alice.address,
      OfferSequence: sequence,
    }
    expect(f.submit(bob, finish).engine_result).toBe('tecNO_PERMISSION')
    const index = f.ledger.latestClosedIndex('TESTNET')
    f.clock.advance(9)
    expect(f.ledger.latestClosedIndex('TESTNET')).toBe(index)
    f.clock.advance(41)
    expect(f.ledger.latestClosedIndex('TESTNET')).toBeGreaterThan(index)
    expect(closeTime()).toBeGreaterThan(finishAfter)
    expect(f.submit(bob, finish).engine_result).toBe('tesSUCCESS')
  })

  it('refuses a close mode that is none, naming the option', () => {
    const clock = createClock({ manual: true })
    for (const closeMs of [0, -4000, 1.5, 'soon', true]) {
      expect(() => createLedger({ clock, closeMs: closeMs as never })).toThrow(
        "closeMs must be 'auto', false or a positive integer of milliseconds",
      )
    }
    clock.dispose()
  })
})

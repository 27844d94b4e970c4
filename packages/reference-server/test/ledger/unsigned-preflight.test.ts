import { afterAll, describe, expect, it } from 'vitest'
import { createLedger } from '../../src/ledger'
import { createClock } from '../../src/platform'
import { testKey } from './test-keys'

const clock = createClock({ manual: true })
const ledger = createLedger({ clock, closeMs: false })
afterAll(() => {
  ledger.dispose()
  clock.dispose()
})

const alice = testKey(61).address
const bob = testKey(62).address
// What the signer fills in later: never to blame.
const FILLED = new Set(['Account', 'Sequence', 'Fee'])
const filled = (fields: Record<string, unknown>) => ({
  Account: alice,
  Sequence: 1,
  Fee: '12',
  ...fields,
})
const preflight = (fields: Record<string, unknown>, network: 'TESTNET' | 'XAHAU' = 'TESTNET') =>
  ledger.preflight(network, filled(fields), { blame: (field) => !FILLED.has(field) })

describe("the ledger's preflight of an unsigned transaction names the result and the field", () => {
  it.each<[string, Record<string, unknown>, string, string | null]>([
    [
      'NFTokenMint without NFTokenTaxon [rippled NFTokenMint.cpp]',
      { TransactionType: 'NFTokenMint' },
      'temMALFORMED',
      'NFTokenTaxon',
    ],
    [
      'NFTokenMint with a TransferFee above 50,000 [rippled NFTokenMint.cpp]',
      { TransactionType: 'NFTokenMint', NFTokenTaxon: 0, Flags: 8, TransferFee: 50_001 },
      'temBAD_NFTOKEN_TRANSFER_FEE',
      'TransferFee',
    ],
    [
      'NFTokenMint with a TransferFee and no tfTransferable [rippled NFTokenMint.cpp]',
      { TransactionType: 'NFTokenMint', NFTokenTaxon: 0, TransferFee: 100 },
      'temMALFORMED',
      'TransferFee',
    ],
    [
      'a Payment to its own account (the filled Account is never blamed) [rippled Payment.cpp]',
      { TransactionType: 'Payment', Account: bob, Destination: bob, Amount: '1000' },
      'temREDUNDANT',
      'Destination',
    ],
    [
      'a NetworkID on a network below 1025 [rippled Transactor.cpp preflight0]',
      { TransactionType: 'Payment', Destination: bob, Amount: '1000', NetworkID: 21337 },
      'telNETWORK_ID_MAKES_TX_NON_CANONICAL',
      'NetworkID',
    ],
    [
      'a fee that is no amount of drops [rippled Transactor.cpp preflight1]',
      { TransactionType: 'Payment', Destination: bob, Amount: '1000', Fee: 'twelve' },
      'temBAD_FEE',
      null,
    ],
  ])('%s', (_, fields, result, field) => {
    expect(preflight(fields)).toEqual({ result, field })
  })

  it('a field that needs an amendment the network has not enabled is to blame [rippled Transactor.cpp]', () => {
    const offer = {
      TransactionType: 'OfferCreate',
      TakerGets: '1000000',
      TakerPays: { currency: 'USD', issuer: bob, value: '1' },
    }
    expect(preflight(offer)).toBeNull()
    expect(preflight({ ...offer, DomainID: 'AB'.repeat(32) })).toEqual({
      result: 'temDISABLED',
      field: 'DomainID',
    })
  })

  it('a fee the request gave is to blame when it is no amount of drops', () => {
    const payment = { TransactionType: 'Payment', Destination: bob, Amount: '1000', Fee: 'twelve' }
    expect(ledger.preflight('TESTNET', filled(payment))).toEqual({
      result: 'temBAD_FEE',
      field: 'Fee',
    })
  })

  it('a type the network has not enabled blames TransactionType (NFTokenMint on XAHAU)', () => {
    expect(
      ledger.preflight(
        'XAHAU',
        filled({ TransactionType: 'NFTokenMint', NFTokenTaxon: 0, NetworkID: 21337 }),
      ),
    ).toEqual({ result: 'temDISABLED', field: 'TransactionType' })
  })

  it('passes what the ledger accepts, with no signature', () => {
    expect(
      preflight({ TransactionType: 'NFTokenMint', NFTokenTaxon: 0, Flags: 8, TransferFee: 100 }),
    ).toBeNull()
    expect(preflight({ TransactionType: 'Payment', Destination: bob, Amount: '1000' })).toBeNull()
  })

  it('changes nothing on the ledger', () => {
    const changes = ledger.changes
    preflight({ TransactionType: 'NFTokenMint' })
    expect(ledger.changes).toBe(changes)
  })
})

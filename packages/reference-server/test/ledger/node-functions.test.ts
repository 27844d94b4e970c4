import { decode } from 'ripple-binary-codec'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { multisign } from 'xrpl'
import { type LedgerFixture, ledgerFixture, multisignedPayment } from './ledger-fixture'
import { testKey } from './test-keys'

let f: LedgerFixture
const alice = testKey(91)
const bob = testKey(92)
const carol = testKey(93, 'ecdsa-secp256k1')
beforeEach(() => {
  f = ledgerFixture({ keys: [alice, bob, carol], drops: 50_000_000n })
})
afterEach(() => f.dispose())

describe('what the node reads of the ledger for issue 32', () => {
  it('amendments: the network table feature answers from', () => {
    expect(f.ledger.amendments('TESTNET').find('DepositPreauth')?.enabled).toBe(true)
    expect(f.ledger.amendments('XAHAU').find('NonFungibleTokensV1_1')?.enabled).toBe(false)
  })

  it('depositAuthorized answers deposit_authorized (rippled DepositAuthorized.cpp)', () => {
    const answer = () => f.ledger.depositAuthorized('TESTNET', alice.address, bob.address)
    expect(answer()).toBe(true)
    expect(f.submit(bob, { TransactionType: 'AccountSet', SetFlag: 9 }).engine_result).toBe(
      'tesSUCCESS',
    )
    expect(answer()).toBe(false)
    expect(f.ledger.depositAuthorized('TESTNET', bob.address, bob.address)).toBe(true)
    expect(
      f.submit(bob, { TransactionType: 'DepositPreauth', Authorize: alice.address }).engine_result,
    ).toBe('tesSUCCESS')
    expect(answer()).toBe(true)
    const stranger = testKey(99).address
    expect(f.ledger.depositAuthorized('TESTNET', stranger, bob.address)).toBe('srcActNotFound')
    expect(f.ledger.depositAuthorized('TESTNET', alice.address, stranger)).toBe('dstActNotFound')
    expect(() => f.ledger.depositAuthorized('TESTNET', 'nope', bob.address)).toThrow(/source/)
  })

  it('submitMultisigned applies a tx_json xrpl.js multisign built, and refuses a single-signed one', () => {
    const { tx, blobs } = multisignedPayment(f, alice, [bob, carol])
    const combined = multisign(blobs)
    const answer = f.ledger.submitMultisigned('TESTNET', decode(combined))
    expect(answer).toMatchObject({ engine_result: 'tesSUCCESS', tx_blob: combined })
    expect(
      f.ledger.submitMultisigned('TESTNET', { ...tx, SigningPubKey: alice.publicKey }),
    ).toEqual({
      error: 'invalidParams',
      error_message: "When multi-signing 'tx_json.SigningPubKey' must be empty.",
    })
  })
})

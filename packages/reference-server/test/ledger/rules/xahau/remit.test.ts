import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  accountRootIndex,
  rippleStateIndex,
  uriTokenIndex,
} from '../../../../src/ledger/state/keylets'
import { testKey } from '../../test-keys'
import { type XahauFixture, xahauFixture } from './xahau-fixture'

// Remit on XAHAU (xahaud src/ripple/app/tx/impl/Remit.cpp): what the sender and the destination
// see, and each result code.
const alice = testKey(71)
const bob = testKey(72)
const issuer = testKey(73)
const XAH = 1_000_000n
const RESERVE = 1_000_000n
const INCREMENT = 200_000n
const URI = Buffer.from('https://example.com/ticket/1', 'utf8').toString('hex').toUpperCase()
const usd = (value: string) => ({ currency: 'USD', issuer: issuer.address, value })
const entry = (Amount: unknown) => ({ AmountEntry: { Amount } })

let f: XahauFixture
beforeEach(() => {
  f = xahauFixture([alice, bob, issuer], 100n * XAH)
})
afterEach(() => f.dispose())

const remit = (fields: Record<string, unknown>, key = alice) =>
  f.submit(key, { TransactionType: 'Remit', Destination: bob.address, ...fields })

// Gives alice 100 USD of the issuer, who ripples by default and charges `rate` on transfers.
function fundUsd(rate?: number) {
  const set = { TransactionType: 'AccountSet', SetFlag: 8, ...(rate ? { TransferRate: rate } : {}) }
  expect(f.submit(issuer, set).engine_result).toBe('tesSUCCESS')
  f.submit(alice, { TransactionType: 'TrustSet', LimitAmount: usd('1000') })
  f.submit(issuer, { TransactionType: 'Payment', Destination: alice.address, Amount: usd('100') })
}
const held = (address: string) => {
  const line = f.entry(rippleStateIndex(address, issuer.address, 'USD')) as {
    Balance: { value: string }
    LowLimit: { issuer: string }
  } | null
  if (!line) return null
  const value = Number(line.Balance.value)
  return line.LowLimit.issuer === address ? value : -value
}

describe('Remit [xahaud Remit.cpp]', () => {
  it('creates a destination that does not exist, the sender paying its reserve on top [xahaud Remit.cpp]', () => {
    const carol = testKey(74)
    const before = f.balance(alice.address)
    const answer = remit({ Destination: carol.address, Amounts: [entry(String(2n * XAH))] })
    expect(answer.engine_result).toBe('tesSUCCESS')
    expect(f.balance(carol.address)).toBe(2n * XAH + RESERVE)
    expect(before - f.balance(alice.address)).toBe(2n * XAH + RESERVE + 10n)
    // XahauGenesis numbers the new account from the parent ledger's close time.
    const root = f.entry(accountRootIndex(carol.address))
    expect(root).toMatchObject({ Balance: String(2n * XAH + RESERVE), OwnerCount: 0 })
    expect(Number(root?.Sequence)).toBeGreaterThan(700_000_000)
  })

  it('native, issued and a minted URIToken in one transaction; the destination gets each in full [xahaud Remit.cpp]', () => {
    fundUsd(1_010_000_000)
    const [a, b] = [f.balance(alice.address), f.balance(bob.address)]
    const answer = remit({
      Amounts: [entry(String(XAH)), entry(usd('10'))],
      MintURIToken: { URI, Flags: 1 },
    })
    expect(answer.engine_result).toBe('tesSUCCESS')
    // bob had no USD line: the sender pays its reserve and the minted token's.
    expect(f.balance(bob.address) - b).toBe(XAH + 2n * INCREMENT)
    expect(a - f.balance(alice.address)).toBe(XAH + 2n * INCREMENT + 10n)
    expect(held(bob.address)).toBe(10)
    expect(held(alice.address)).toBeCloseTo(89.9, 12) // 10 plus the 1 % transfer fee
    expect(f.entry(uriTokenIndex(alice.address, URI))).toMatchObject({
      Owner: bob.address,
      Issuer: alice.address,
      Flags: 1,
    })
    expect(f.ownerCount(bob.address)).toBe(2) // the line and the token
  })

  it('hands over the URITokens the sender owns, their sell offers cleared, one object reserve each [xahaud Remit.cpp]', () => {
    f.submit(alice, { TransactionType: 'URITokenMint', URI, Amount: '5' })
    const id = uriTokenIndex(alice.address, URI)
    const b = f.balance(bob.address)
    expect(remit({ URITokenIDs: [id] }).engine_result).toBe('tesSUCCESS')
    expect(f.entry(id)).toMatchObject({ Owner: bob.address })
    expect(f.entry(id)).not.toHaveProperty('Amount')
    expect(f.balance(bob.address) - b).toBe(INCREMENT)
    expect([f.ownerCount(alice.address), f.ownerCount(bob.address)]).toEqual([0, 1])
    // bob now owns it: alice cannot hand it again.
    expect(remit({ URITokenIDs: [id] }).engine_result).toBe('tecNO_PERMISSION')
  })

  it.each([
    ['to itself', 'temREDUNDANT', { Destination: alice.address }],
    ['with a flag', 'temINVALID_FLAG', { Flags: 1 }],
    ['the native asset twice', 'temMALFORMED', { Amounts: [entry('1'), entry('2')] }],
    ['a zero amount', 'temBAD_AMOUNT', { Amounts: [entry('0')] }],
    ['33 amounts', 'temMALFORMED', { Amounts: Array.from({ length: 33 }, () => entry('1')) }],
    ['a URITokenID twice', 'temMALFORMED', { URITokenIDs: ['A'.repeat(64), 'A'.repeat(64)] }],
    ['a MintURIToken without URI', 'temMALFORMED', { MintURIToken: { Flags: 1 } }],
    [
      'a MintURIToken flag beside tfBurnable',
      'temINVALID_FLAG',
      { MintURIToken: { URI, Flags: 2 } },
    ],
    ['Inform naming the destination', 'temMALFORMED', { Inform: bob.address }],
  ])('%s is %s, nothing applied [xahaud Remit.cpp preflight]', (_, result, fields) => {
    const before = f.balance(alice.address)
    expect(remit(fields).engine_result).toBe(result)
    expect(f.balance(alice.address)).toBe(before)
  })

  it.each([
    [
      'an Inform account that does not exist',
      'tecNO_TARGET',
      () => ({ Inform: testKey(75).address }),
    ],
    ['a token that does not exist', 'tecNO_ENTRY', () => ({ URITokenIDs: ['C'.repeat(64)] })],
    ['more USD than it holds', 'tecUNFUNDED_PAYMENT', () => ({ Amounts: [entry(usd('1'))] })],
    [
      'more native than it has',
      'tecUNFUNDED_PAYMENT',
      () => ({ Amounts: [entry(String(100n * XAH))] }),
    ],
    [
      'leaving itself below its reserve',
      'tecINSUFFICIENT_RESERVE',
      () => ({ Amounts: [entry(String(99n * XAH))] }),
    ],
    [
      'a URI it minted already',
      'tecDUPLICATE',
      () => {
        f.submit(alice, { TransactionType: 'URITokenMint', URI })
        return { MintURIToken: { URI } }
      },
    ],
  ])('%s is %s, the fee charged and nothing else [xahaud Remit.cpp]', (_, result, fields) => {
    const extra = fields()
    const [a, b] = [f.balance(alice.address), f.balance(bob.address)]
    expect(remit(extra).engine_result).toBe(result)
    expect(a - f.balance(alice.address)).toBe(10n)
    expect(f.balance(bob.address)).toBe(b)
  })

  it('a destination that requires a tag is tecDST_TAG_NEEDED; DepositAuth without preauthorization tecNO_PERMISSION [xahaud Remit.cpp]', () => {
    f.submit(bob, { TransactionType: 'AccountSet', SetFlag: 1 })
    expect(remit({ Amounts: [entry('1')] }).engine_result).toBe('tecDST_TAG_NEEDED')
    expect(remit({ Amounts: [entry('1')], DestinationTag: 7 }).engine_result).toBe('tesSUCCESS')
    f.submit(bob, { TransactionType: 'AccountSet', SetFlag: 9 })
    expect(remit({ Amounts: [entry('1')], DestinationTag: 7 }).engine_result).toBe(
      'tecNO_PERMISSION',
    )
    f.submit(bob, { TransactionType: 'DepositPreauth', Authorize: alice.address })
    expect(remit({ Amounts: [entry('1')], DestinationTag: 7 }).engine_result).toBe('tesSUCCESS')
  })

  it('a Blob costs a drop a byte of fee more [xahaud Remit.cpp calculateBaseFee]', () => {
    const tx = {
      TransactionType: 'Remit',
      Account: alice.address,
      Destination: bob.address,
      Blob: 'AB'.repeat(100),
    }
    expect(f.ledger.minimumFee('XAHAU', { ...tx, Fee: '0', Sequence: 1 })).toBe('110')
  })
})

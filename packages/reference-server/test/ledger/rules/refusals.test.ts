import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Refusal } from '../../../src/ledger'
import { type TestKey, testKey } from '../test-keys'
import { type NftFixture, nftFixture } from './nft/nft-fixture'

// Every result but tesSUCCESS comes with why: the rule, the values it compared and the rippled
// file it follows (issue 43 §0, for issue 40 §6's `explain`).
const UNIT = 1_000_000n
const issuer = testKey(121)
const alice = testKey(122)
const bob = testKey(123)
const TRANSFERABLE = 0x0008

let f: NftFixture
beforeEach(() => {
  f = nftFixture({ keys: [issuer, alice, bob], drops: 100n * UNIT })
})
afterEach(() => f.dispose())

const refusalOf = (key: TestKey, fields: Record<string, unknown>) =>
  (f.submit(key, fields) as { refusal?: Refusal }).refusal
const usd = (value: string) => ({ currency: 'USD', issuer: issuer.address, value })

describe('typed refusals {result, rule, detail, source}', () => {
  it('a success carries none', () => {
    const pay = { TransactionType: 'Payment', Destination: bob.address, Amount: '1000000' }
    expect(refusalOf(alice, pay)).toBeUndefined()
  })

  it('tefPAST_SEQ names both sequences [rippled Transactor.cpp checkSeqProxy]', () => {
    const next = f.ledger.account('TESTNET', alice.address)?.sequence ?? 0
    f.submit(alice, { TransactionType: 'AccountSet' })
    expect(refusalOf(alice, { TransactionType: 'AccountSet', Sequence: next, SetFlag: 1 })).toEqual(
      {
        result: 'tefPAST_SEQ',
        rule: 'sequence-past',
        detail: `Sequence ${next} is before the account's next sequence ${next + 1}`,
        source: 'Transactor.cpp',
      },
    )
  })

  it('telINSUF_FEE_P names the fee and the least one [rippled Transactor.cpp checkFee]', () => {
    const base = f.view().fees.base
    expect(refusalOf(alice, { TransactionType: 'AccountSet', Fee: '1' })).toEqual({
      result: 'telINSUF_FEE_P',
      rule: 'fee-too-low',
      detail: `Fee 1 drops is below this transaction's least fee of ${base} drops`,
      source: 'Transactor.cpp',
    })
  })

  it("tecEXPIRED: the offer's Expiration is not after the parent ledger's close [rippled NFTokenAcceptOffer.cpp]", () => {
    const id = f.mint(alice, { Flags: TRANSFERABLE })
    const expiration = f.view().info.parentCloseTime + 10
    const offer = f.offer(alice, { NFTokenID: id, Amount: '1', Flags: 1, Expiration: expiration })
    f.clock.advance(20_000)
    f.ledger.close('TESTNET')
    const close = f.view().info.parentCloseTime
    expect(close).toBeGreaterThanOrEqual(expiration)
    expect(
      refusalOf(bob, { TransactionType: 'NFTokenAcceptOffer', NFTokenSellOffer: offer }),
    ).toEqual({
      result: 'tecEXPIRED',
      rule: 'expired',
      detail: `the offer's Expiration ${expiration} is not after the parent ledger's close ${close}`,
      source: 'NFTokenAcceptOffer.cpp',
    })
  })

  it('tecINSUFFICIENT_RESERVE names the balance and the reserve [rippled CreateTicket.cpp]', () => {
    const { reserve, increment } = f.view().fees
    const pay = { TransactionType: 'Payment', Destination: bob.address, Amount: String(80n * UNIT) }
    expect(f.submit(alice, pay).engine_result).toBe('tesSUCCESS')
    const balance = f.balance(alice.address)
    const refusal = refusalOf(alice, { TransactionType: 'TicketCreate', TicketCount: 200 })
    expect(refusal).toEqual({
      result: 'tecINSUFFICIENT_RESERVE',
      rule: 'reserve',
      detail: `the balance of ${balance} drops is below the reserve of ${reserve + 200n * increment} drops for 200 owned objects`,
      source: 'CreateTicket.cpp',
    })
  })

  it('tecUNFUNDED_PAYMENT names the balance, the reserve and the amount [rippled Payment.cpp]', () => {
    const balance = f.balance(alice.address)
    const amount = balance - 1n
    const pay = { TransactionType: 'Payment', Destination: bob.address, Amount: String(amount) }
    expect(refusalOf(alice, pay)).toMatchObject({
      result: 'tecUNFUNDED_PAYMENT',
      rule: 'unfunded',
      detail: expect.stringContaining(`the balance of ${balance} drops`),
      source: 'Payment.cpp',
    })
  })

  it('tecPATH_DRY when no strand can be built: names the result and what was to arrive [rippled Payment.cpp]', () => {
    const pay = { TransactionType: 'Payment', Destination: bob.address, Amount: usd('5') }
    expect(refusalOf(issuer, pay)).toEqual({
      result: 'tecPATH_DRY',
      rule: 'path-unbuildable',
      detail: `no path can be built (terNO_LINE) to deliver 5 USD/${issuer.address}`,
      source: 'Payment.cpp',
    })
  })

  it('a rule not converted yet still answers a refusal: its code, rule "unexplained"', () => {
    const self = { TransactionType: 'Payment', Destination: alice.address, Amount: '1' }
    expect(refusalOf(alice, self)).toEqual({
      result: 'temREDUNDANT',
      rule: 'unexplained',
      detail: '',
      source: '',
    })
  })
})

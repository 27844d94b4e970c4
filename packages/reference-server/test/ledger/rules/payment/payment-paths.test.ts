import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getBalanceChanges } from 'xrpl'
import { type LedgerFixture, ledgerFixture } from '../../ledger-fixture'
import { type TestKey, testKey } from '../../test-keys'

// Explicit Paths on a Payment (xrpl.org "Paths", "Payment"; rippled Payment.cpp, PaySteps.cpp
// toStrand/toStrands, StrandFlow.h): each path becomes a strand beside the default one, a path
// that cannot be built is left out (its ter result, charged as tecPATH_DRY, when none is left),
// malformed ones get rippled's tem codes.
const UNIT = 1_000_000n
const FEE = 12n
const issuer = testKey(101)
const alice = testKey(102)
const bob = testKey(103)
const other = testKey(104)
const TF_NO_RIPPLE_DIRECT = 0x00010000

let f: LedgerFixture
beforeEach(() => {
  f = ledgerFixture()
  for (const key of [issuer, alice, bob, other])
    f.ledger.fund(key.address, 100n * UNIT, ['TESTNET'])
  f.submit(issuer, { TransactionType: 'AccountSet', SetFlag: 8 })
  for (const key of [alice, bob]) {
    f.submit(key, { TransactionType: 'TrustSet', LimitAmount: usd('1000') })
  }
  f.submit(issuer, { TransactionType: 'Payment', Destination: alice.address, Amount: usd('100') })
})
afterEach(() => f.dispose())

function usd(value: string) {
  return { currency: 'USD', issuer: issuer.address, value }
}
const holds = (key: TestKey) =>
  f.ledger
    .account('TESTNET', key.address)
    ?.lines.find((l) => l.currency === 'USD' && l.counterparty === issuer.address)?.balance
const pay = (fields: Record<string, unknown>, from = alice) =>
  f.submit(from, {
    TransactionType: 'Payment',
    Destination: bob.address,
    Amount: usd('10'),
    ...fields,
  })

describe('paths that restate the default path are applied (toStrand normalizes to the same strand)', () => {
  it.each([
    ['through the issuer, named as an account', [[{ account: issuer.address }]], 0],
    [
      'the delivered asset named by currency and issuer',
      [[{ currency: 'USD', issuer: issuer.address }]],
      0,
    ],
    [
      'tfNoRippleDirect with a path through the issuer',
      [[{ account: issuer.address }]],
      TF_NO_RIPPLE_DIRECT,
    ],
  ])('%s: tesSUCCESS, the same balances as without a path', (_, Paths, Flags) => {
    const { txid, engine_result } = pay({ Paths, Flags })
    expect(engine_result).toBe('tesSUCCESS')
    expect([holds(alice), holds(bob)]).toEqual(['90', '10'])
    const changes = getBalanceChanges(f.ledger.transaction(txid)?.transaction.meta as never)
    expect(changes.find((c) => c.account === bob.address)?.balances).toEqual([
      { currency: 'USD', issuer: issuer.address, value: '10' },
    ])
  })

  it('a native SendMax through the book with the book named in the path takes the offer', () => {
    // The issuer sells 50 USD for 100 XRP.
    f.submit(issuer, {
      TransactionType: 'OfferCreate',
      TakerGets: usd('50'),
      TakerPays: String(100n * UNIT),
    })
    const { engine_result } = pay({
      SendMax: String(30n * UNIT),
      Paths: [[{ currency: 'USD', issuer: issuer.address }]],
    })
    expect(engine_result).toBe('tesSUCCESS')
    expect(holds(bob)).toBe('10')
  })
})

describe('paths beside the default one (PaySteps.cpp toStrands, StrandFlow.h flow)', () => {
  it('a path that cannot be built is left out and the default path delivers: tesSUCCESS', () => {
    // Alice has no line to other: the strand alice → other is terNO_LINE.
    expect(pay({ Paths: [[{ account: other.address }]] }).engine_result).toBe('tesSUCCESS')
    expect([holds(alice), holds(bob)]).toEqual(['90', '10'])
  })

  it('tfNoRippleDirect and no path that can be built: tecPATH_DRY, the fee charged, nothing moved', () => {
    const before = f.balance(alice.address)
    const Paths = [[{ account: other.address }]]
    expect(pay({ Paths, Flags: TF_NO_RIPPLE_DIRECT }).engine_result).toBe('tecPATH_DRY')
    expect([holds(alice), holds(bob)]).toEqual(['100', '0'])
    expect(f.balance(alice.address)).toBe(before - FEE)
  })

  it('ripples through another account along its trust lines: alice issues her own USD to other, other redeems the issuer’s', () => {
    f.submit(other, { TransactionType: 'TrustSet', LimitAmount: usd('1000') })
    f.submit(issuer, { TransactionType: 'Payment', Destination: other.address, Amount: usd('50') })
    const aliceUsd = { currency: 'USD', issuer: alice.address, value: '100' }
    f.submit(other, { TransactionType: 'TrustSet', LimitAmount: aliceUsd })
    const Paths = [[{ account: other.address }]]
    expect(pay({ Paths, Flags: TF_NO_RIPPLE_DIRECT }).engine_result).toBe('tesSUCCESS')
    const lines = f.ledger.account('TESTNET', other.address)?.lines ?? []
    const byPeer = Object.fromEntries(lines.map((line) => [line.counterparty, line.balance]))
    expect(byPeer).toEqual({ [issuer.address]: '40', [alice.address]: '10' })
    expect([holds(alice), holds(bob)]).toEqual(['100', '10'])
  })

  it('the native bridge named in a path: EUR → XRP → USD takes an offer in each book', () => {
    const eur = (value: string) => ({ currency: 'EUR', issuer: other.address, value })
    // Without DefaultRipple on other, EUR could not go from alice through other into the book.
    f.submit(other, { TransactionType: 'AccountSet', SetFlag: 8 })
    f.submit(alice, { TransactionType: 'TrustSet', LimitAmount: eur('1000') })
    f.submit(other, { TransactionType: 'Payment', Destination: alice.address, Amount: eur('100') })
    // 2 XRP a USD from the issuer, 0.5 EUR an XRP from other.
    f.submit(issuer, {
      TransactionType: 'OfferCreate',
      TakerGets: usd('50'),
      TakerPays: '100000000',
    })
    f.submit(other, { TransactionType: 'OfferCreate', TakerGets: '40000000', TakerPays: eur('20') })
    const Paths = [[{ currency: 'XRP' }]]
    const { engine_result } = pay({ SendMax: eur('12'), Paths, Flags: TF_NO_RIPPLE_DIRECT })
    expect(engine_result).toBe('tesSUCCESS')
    const aliceEur = f.ledger
      .account('TESTNET', alice.address)
      ?.lines.find((line) => line.currency === 'EUR')?.balance
    expect([aliceEur, holds(bob)]).toEqual(['90', '10'])
  })

  it('to oneself with paths: not temREDUNDANT (an arbitrage loop, Payment::preflight); through the issuer and back nets out', () => {
    const self = f.submit(alice, {
      TransactionType: 'Payment',
      Destination: alice.address,
      Amount: usd('1'),
      Paths: [[{ account: issuer.address }]],
    })
    expect(self.engine_result).toBe('tesSUCCESS')
    expect(holds(alice)).toBe('100')
  })
})

describe('the default path between two tokens is their direct book only [rippled PaySteps.cpp toStrands, Flow.cpp]', () => {
  const eur = (value: string) => ({ currency: 'EUR', issuer: other.address, value })
  const gbp = (value: string) => ({ currency: 'GBP', issuer: other.address, value })
  const aliceEur = () =>
    f.ledger.account('TESTNET', alice.address)?.lines.find((line) => line.currency === 'EUR')
      ?.balance
  beforeEach(() => {
    f.submit(other, { TransactionType: 'AccountSet', SetFlag: 8 })
    f.submit(alice, { TransactionType: 'TrustSet', LimitAmount: eur('1000') })
    f.submit(other, { TransactionType: 'Payment', Destination: alice.address, Amount: eur('100') })
  })

  // An empty book delivers nothing: StrandFlow.h answers a payment that is not partial
  // tecPATH_PARTIAL (actualOut != outReq), a partial one tecPATH_DRY (actualOut == 0).
  it('EUR → USD without a path and without a EUR/USD book delivers nothing, though the native asset has a price in both: tecPATH_PARTIAL, partial tecPATH_DRY [rippled StrandFlow.h]', () => {
    expect(pay({ SendMax: eur('12') }).engine_result).toBe('tecPATH_PARTIAL')
    expect(pay({ SendMax: eur('12'), Flags: 0x00020000 }).engine_result).toBe('tecPATH_DRY')
    expect([aliceEur(), holds(bob)]).toEqual(['100', '0'])
  })

  it('the same Payment naming the native bridge delivers through it (the simulator’s market on each side)', () => {
    expect(pay({ SendMax: eur('12'), Paths: [[{ currency: 'XRP' }]] }).engine_result).toBe(
      'tesSUCCESS',
    )
    expect(holds(bob)).toBe('10')
    expect(Number(aliceEur())).toBeLessThan(100)
  })

  describe('several paths: the best quality is taken first, as flow() sorts its strands', () => {
    beforeEach(() => {
      // EUR → GBP → USD: 0.5 EUR a GBP (other's offer), 1 GBP a USD (the issuer's).
      f.submit(issuer, { TransactionType: 'TrustSet', LimitAmount: gbp('1000') })
      f.submit(other, {
        TransactionType: 'OfferCreate',
        TakerGets: gbp('20'),
        TakerPays: eur('10'),
      })
      f.submit(issuer, {
        TransactionType: 'OfferCreate',
        TakerGets: usd('50'),
        TakerPays: gbp('50'),
      })
    })

    it('through GBP and through XRP: the GBP path, cheaper, delivers all (5 EUR spent)', () => {
      const Paths = [[{ currency: 'XRP' }], [{ currency: 'GBP', issuer: other.address }]]
      const result = pay({ SendMax: eur('12'), Paths, Flags: TF_NO_RIPPLE_DIRECT })
      expect(result.engine_result).toBe('tesSUCCESS')
      expect([aliceEur(), holds(bob)]).toEqual(['95', '10'])
    })

    it('a path that delivers part of the Amount is tecPATH_PARTIAL; partial, it delivers that part', () => {
      const Paths = [[{ currency: 'GBP', issuer: other.address }]]
      const Amount = usd('30')
      expect(pay({ Amount, SendMax: eur('20'), Paths }).engine_result).toBe('tecPATH_PARTIAL')
      const partial = pay({ Amount, SendMax: eur('20'), Paths, Flags: 0x00020000 })
      expect(partial.engine_result).toBe('tesSUCCESS')
      expect([aliceEur(), holds(bob)]).toEqual(['90', '20'])
    })

    it('a path whose book is empty is not ignored: alone, it delivers nothing (tecPATH_PARTIAL; partial, tecPATH_DRY)', () => {
      const Paths = [[{ currency: 'JPY', issuer: other.address }]]
      const Flags = TF_NO_RIPPLE_DIRECT
      expect(pay({ SendMax: eur('12'), Paths, Flags }).engine_result).toBe('tecPATH_PARTIAL')
      expect(pay({ SendMax: eur('12'), Paths, Flags: Flags | 0x00020000 }).engine_result).toBe(
        'tecPATH_DRY',
      )
      expect([aliceEur(), holds(bob)]).toEqual(['100', '0'])
    })
  })
})

describe('path result codes (rippled line each follows)', () => {
  const nine = Array.from({ length: 9 }, () => ({ account: issuer.address }))
  it.each([
    [
      'an account step with a currency (toStrand: hasAccount && hasCurrency)',
      { Paths: [[{ account: issuer.address, currency: 'USD' }]] },
      'temBAD_PATH',
    ],
    [
      'an issuer that is noAccount (toStrand)',
      { Paths: [[{ issuer: 'rrrrrrrrrrrrrrrrrrrrBZbvji' }]] },
      'temBAD_PATH',
    ],
    [
      'an account that is the zero account (toStrand: isXRP(account))',
      { Paths: [[{ account: 'rrrrrrrrrrrrrrrrrrrrrhoLvTp' }]] },
      'temBAD_PATH',
    ],
    [
      'the native currency with an issuer (toStrand)',
      { Paths: [[{ currency: 'XRP', issuer: other.address }]] },
      'temBAD_PATH',
    ],
    [
      'tfNoRippleDirect without paths (toStrands)',
      { Flags: TF_NO_RIPPLE_DIRECT },
      'temRIPPLE_EMPTY',
    ],
    [
      '7 paths (Payment::preclaim, MaxPathSize 6)',
      { Paths: Array.from({ length: 7 }, () => [{ account: issuer.address }]) },
      'telBAD_PATH_COUNT',
    ],
    ['a path of 9 steps (MaxPathLength 8)', { Paths: [nine] }, 'telBAD_PATH_COUNT'],
    [
      'native to native with paths (Payment::preflight)',
      { Amount: '1000000', Paths: [[{ account: issuer.address }]] },
      'temBAD_SEND_XRP_PATHS',
    ],
  ])('%s → %s, nothing charged', (_, fields, code) => {
    const before = f.balance(alice.address)
    const sequence = f.ledger.account('TESTNET', alice.address)?.sequence
    expect(pay(fields).engine_result).toBe(code)
    expect(f.balance(alice.address)).toBe(before)
    expect(f.ledger.account('TESTNET', alice.address)?.sequence).toBe(sequence)
  })
})

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { swapAssetIn, swapAssetOut } from '../../../../src/ledger/amm/amm-formulas'
import { LedgerAmount } from '../../../../src/ledger/amounts/ledger-amount'
import { testKey } from '../../test-keys'
import { type AmmFixture, ammFixture } from './amm-fixture'

const alice = testKey(81)
const bob = testKey(82)
const carol = testKey(83)
const gateway = testKey(84)
const XRP = { currency: 'XRP' }

let f: AmmFixture
let USD: { currency: string; issuer: string }
let EUR: { currency: string; issuer: string }
beforeEach(() => {
  f = ammFixture([alice, bob, carol, gateway])
  USD = { currency: 'USD', issuer: gateway.address }
  EUR = { currency: 'EUR', issuer: gateway.address }
})
afterEach(() => {
  expect(f.invariantHolds(XRP, USD)).toBe(true)
  expect(f.invariantHolds(USD, EUR)).toBe(true)
  f.dispose()
})

const poolOf = (a: unknown, b: unknown) => {
  const amm = f.amm(a, b)
  const account = amm?.Account as string
  const side = (json: unknown) => {
    const { currency, issuer } = json as { currency: string; issuer?: string }
    return issuer ? f.holds(account, issuer, currency) : String(f.balance(account))
  }
  return [side(a), side(b)]
}

describe('the AMM inside payments and offer crossing (rippled BookStep.cpp, AMMLiquidity.cpp, AMMOffer.cpp)', () => {
  it('[rippled BookStep.cpp, AMMHelpers.h] a swap: a self-Payment of 10 USD with SendMax in XRP takes swapOut of the pool, no book', () => {
    expect(f.create(alice, '1000000000', f.usd('1000'), 1000).engine_result).toBe('tesSUCCESS')
    const expected = swapAssetOut(
      { in: LedgerAmount.drops(1_000_000_000n), out: LedgerAmount.fromJson(f.usd('1000')) },
      LedgerAmount.fromJson(f.usd('10')),
      1000,
    )
    const before = f.balance(bob.address)
    const { txid, engine_result } = f.submit(bob, {
      TransactionType: 'Payment',
      Destination: bob.address,
      Amount: f.usd('10'),
      SendMax: '20000000',
    })
    expect(engine_result).toBe('tesSUCCESS')
    expect(f.holds(bob.address, gateway.address, 'USD')).toBe('10010')
    expect(f.balance(bob.address)).toBe(before - 12n - expected.mantissa)
    expect(poolOf(XRP, USD)).toEqual([String(1_000_000_000n + expected.mantissa), '990'])
    // The metadata shows the pool's balances moving.
    const account = f.amm(XRP, USD)?.Account as string
    const modified = f
      .meta(txid)
      .AffectedNodes.find(
        (node) =>
          node.ModifiedNode?.LedgerEntryType === 'AccountRoot' &&
          (node.ModifiedNode?.FinalFields as { Account?: string } | undefined)?.Account === account,
      )
    expect((modified?.ModifiedNode?.FinalFields as { Balance?: string } | undefined)?.Balance).toBe(
      String(1_000_000_000n + expected.mantissa),
    )
  })

  it('[rippled BookStep.cpp] a cross-currency payment through a USD/EUR pool: carol receives EUR, alice pays USD', () => {
    expect(f.create(bob, f.usd('1000'), f.eur('500'), 1000).engine_result).toBe('tesSUCCESS')
    const { engine_result } = f.submit(alice, {
      TransactionType: 'Payment',
      Destination: carol.address,
      Amount: f.eur('4'),
      SendMax: f.usd('10'),
    })
    expect(engine_result).toBe('tesSUCCESS')
    expect(f.holds(carol.address, gateway.address, 'EUR')).toBe('10004')
    const paid = 10000 - Number(f.holds(alice.address, gateway.address, 'USD'))
    const cost = swapAssetOut(
      { in: LedgerAmount.fromJson(f.usd('1000')), out: LedgerAmount.fromJson(f.eur('500')) },
      LedgerAmount.fromJson(f.eur('4')),
      1000,
    )
    expect(paid).toBeCloseTo(Number(cost.text()), 9)
    const [usd, eur] = poolOf(USD, EUR)
    expect(eur).toBe('496')
    expect(Number(usd)).toBeCloseTo(1000 + paid, 9)
    // Swapping 10 in would give 4.901475394: 4 costs less than 10.
    expect(
      swapAssetIn(
        { in: LedgerAmount.fromJson(f.usd('1000')), out: LedgerAmount.fromJson(f.eur('500')) },
        LedgerAmount.fromJson(f.usd('10')),
        1000,
      ).text(),
    ).toBe('4.9014753936033')
  })

  it('[rippled BookStep.cpp, AMMHelpers.h changeSpotPriceQuality] with a book, the pool trades down to the tip and the book fills the rest', () => {
    expect(f.create(alice, '1000000000', f.usd('1000'), 0).engine_result).toBe('tesSUCCESS')
    // Carol sells 100 USD at 1.2 XRP each: worse than the pool's 1 XRP until the pool moves.
    f.submit(carol, {
      TransactionType: 'OfferCreate',
      TakerPays: '120000000',
      TakerGets: f.usd('100'),
    })
    const { engine_result } = f.submit(bob, {
      TransactionType: 'Payment',
      Destination: bob.address,
      Amount: f.usd('150'),
      SendMax: '1000000000',
    })
    expect(engine_result).toBe('tesSUCCESS')
    expect(f.holds(bob.address, gateway.address, 'USD')).toBe('10150')
    const [drops, usd] = poolOf(XRP, USD)
    // The pool's spot price ends at the book's 1.2 XRP per USD or better for the pool.
    expect(Number(drops) / 1e6 / Number(usd)).toBeGreaterThanOrEqual(1.2 * 0.9999)
    expect(Number(usd)).toBeLessThan(1000)
    // And carol's offer was taken for the rest.
    expect(Number(f.holds(carol.address, gateway.address, 'USD'))).toBeLessThan(10000)
  })

  it('[rippled AMMLiquidity.cpp getOffer] a pool whose spot price is within 10⁻⁷ of the book tip makes no offer: the book fills the payment', () => {
    expect(f.create(alice, '1000000000', f.usd('1000'), 0).engine_result).toBe('tesSUCCESS')
    // Carol sells 100 USD at 1.00000001 XRP each; the pool's spot price is 1 XRP: 10⁻⁸ apart.
    f.submit(carol, {
      TransactionType: 'OfferCreate',
      TakerPays: '100000001',
      TakerGets: f.usd('100'),
    })
    const { engine_result } = f.submit(bob, {
      TransactionType: 'Payment',
      Destination: bob.address,
      Amount: f.usd('10'),
      SendMax: '20000000',
    })
    expect(engine_result).toBe('tesSUCCESS')
    expect(f.holds(bob.address, gateway.address, 'USD')).toBe('10010')
    expect(f.holds(carol.address, gateway.address, 'USD')).toBe('9990')
    expect(poolOf(XRP, USD)).toEqual(['1000000000', '1000'])
  })

  it('[rippled CreateOffer.cpp, BookStep.cpp] an OfferCreate crosses the pool when it is cheaper than the book', () => {
    expect(f.create(alice, '1000000000', f.usd('1000'), 0).engine_result).toBe('tesSUCCESS')
    // Bob offers up to 12 XRP for 10 USD: the pool sells at about 1 XRP per USD.
    const { engine_result } = f.submit(bob, {
      TransactionType: 'OfferCreate',
      TakerPays: f.usd('10'),
      TakerGets: '12000000',
    })
    expect(engine_result).toBe('tesSUCCESS')
    expect(f.holds(bob.address, gateway.address, 'USD')).toBe('10010')
    expect(poolOf(XRP, USD)[1]).toBe('990')
  })

  it('[rippled AMMLiquidity.cpp generateFibSeqOffer, AMMContext.h] on several paths the pools offer a Fibonacci sequence, one offer an iteration', () => {
    expect(f.create(alice, f.usd('1000'), f.eur('1000'), 0).engine_result).toBe('tesSUCCESS')
    expect(f.create(alice, '1000000000', f.usd('1000'), 0).engine_result).toBe('tesSUCCESS')
    expect(f.create(bob, '1000000000', f.eur('1000'), 0).engine_result).toBe('tesSUCCESS')
    // The default path (the USD/EUR pool) and one through XRP (two pools): two strands.
    const { txid, engine_result } = f.submit(carol, {
      TransactionType: 'Payment',
      Destination: carol.address,
      Amount: f.eur('20'),
      SendMax: f.usd('21'),
      Paths: [[{ currency: 'XRP' }]],
    })
    expect(engine_result).toBe('tesSUCCESS')
    expect(f.holds(carol.address, gateway.address, 'EUR')).toBe('10020')
    const paid = 10000 - Number(f.holds(carol.address, gateway.address, 'USD'))
    // Fibonacci offers sized from 0.025 % of each pool: many small trades, both routes at par.
    expect(paid).toBeGreaterThan(20)
    expect(paid).toBeLessThan(21)
    expect(f.invariantHolds(XRP, EUR)).toBe(true)
    const pools = f
      .meta(txid)
      .AffectedNodes.filter((node) => node.ModifiedNode?.LedgerEntryType === 'RippleState').length
    expect(pools).toBeGreaterThanOrEqual(3)
  })

  it('[rippled Pathfinder.cpp, PathRequest.cpp, BookStep.cpp] the path search quotes through a pool, and the Payment it proposes pays through it', () => {
    // A pool cheaper than the simulator's market through XRP (about 1.08 USD a EUR): 0.5 USD a EUR.
    expect(f.create(bob, f.usd('1000'), f.eur('2000'), 1000).engine_result).toBe('tesSUCCESS')
    const [found] = f.ledger.findPaths('TESTNET', {
      source: alice.address,
      destination: carol.address,
      amount: f.eur('4'),
      sendMax: f.usd('100'),
    })
    expect(found?.destination_amount).toEqual(f.eur('4'))
    const quoted = LedgerAmount.fromJson(found?.source_amount)
    expect(quoted.asset.currency).toBe('USD')
    const [poolUsdBefore] = poolOf(USD, EUR)
    const { engine_result } = f.submit(alice, {
      TransactionType: 'Payment',
      Destination: carol.address,
      Amount: f.eur('4'),
      SendMax: found?.source_amount,
      ...(found?.paths.length ? { Paths: found.paths } : {}),
    })
    expect(engine_result).toBe('tesSUCCESS')
    // Two strands (the default path through the pool and the one through XRP): the line's sum keeps
    // 16 digits, as an STAmount does.
    expect(Number(f.holds(carol.address, gateway.address, 'EUR'))).toBeCloseTo(10004, 9)
    // The pool took what the quote said alice would pay.
    const [poolUsdAfter] = poolOf(USD, EUR)
    expect(Number(poolUsdAfter) - Number(poolUsdBefore)).toBeCloseTo(
      Number(quoted.toNumber().toString()),
      9,
    )
  })
})

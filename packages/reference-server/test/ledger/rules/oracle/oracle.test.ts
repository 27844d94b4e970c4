import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { oracleIndex } from '../../../../src/ledger/state/keylets'
import { testKey } from '../../test-keys'
import { type ObjectFixture, objectFixture } from '../object-fixture'

const alice = testKey(71)
const bob = testKey(72)
const PROVIDER = Buffer.from('chainlink').toString('hex').toUpperCase()
const CLASS = Buffer.from('currency').toString('hex').toUpperCase()
const RIPPLE_EPOCH_S = 946_684_800

let f: ObjectFixture
beforeEach(() => {
  f = objectFixture([alice, bob])
})
afterEach(() => f.dispose())

// The parent ledger's close in Unix seconds, what an oracle's LastUpdateTime is compared with.
const unixNow = () => f.now() + RIPPLE_EPOCH_S
const pair = (base: string, quote: string, price?: string, scale?: number) => ({
  PriceData: {
    BaseAsset: base,
    QuoteAsset: quote,
    ...(price === undefined ? {} : { AssetPrice: price }),
    ...(scale === undefined ? {} : { Scale: scale }),
  },
})
const QUOTES = ['USD', 'EUR', 'JPY', 'GBP', 'CHF', 'CAD', 'AUD', 'CNY', 'SEK', 'NZD', 'MXN']
const pairs = (n: number) =>
  QUOTES.slice(0, n).map((quote, i) => pair('XRP', quote, (i + 1).toString(16)))

const set = (fields: Record<string, unknown>, by = alice) =>
  f.submit(by, {
    TransactionType: 'OracleSet',
    OracleDocumentID: 1,
    LastUpdateTime: unixNow(),
    ...fields,
  })
const create = (series = [pair('XRP', 'USD', '2E4', 3)], fields: Record<string, unknown> = {}) =>
  set({ Provider: PROVIDER, AssetClass: CLASS, PriceDataSeries: series, ...fields })
const oracleOf = (id = 1) => f.ledger.entry('TESTNET', oracleIndex(alice.address, id))
const seriesOf = () =>
  ((oracleOf()?.PriceDataSeries ?? []) as { PriceData: Record<string, unknown> }[]).map(
    (e) => e.PriceData,
  )

describe('Price Oracle: OracleSet creates, updates pair by pair, OracleDelete removes (rippled SetOracle.cpp, DeleteOracle.cpp)', () => {
  it('creates the oracle at its keylet, pairs sorted, price as rippled writes a UInt64, one reserve item [rippled SetOracle.cpp]', () => {
    const t = unixNow()
    const { txid, engine_result } = create([
      pair('XRP', 'USD', '0002E4', 3),
      pair('XRP', 'EUR', '10'),
    ])
    expect(engine_result).toBe('tesSUCCESS')
    const index = oracleIndex(alice.address, 1)
    expect(f.node(txid, index)).toEqual({
      CreatedNode: {
        LedgerEntryType: 'Oracle',
        LedgerIndex: index,
        NewFields: {
          Owner: alice.address,
          Provider: PROVIDER,
          AssetClass: CLASS,
          LastUpdateTime: t,
          // fixPriceOracleOrder: EUR's code sorts before USD's.
          PriceDataSeries: [
            { PriceData: { BaseAsset: 'XRP', QuoteAsset: 'EUR', AssetPrice: '10' } },
            { PriceData: { BaseAsset: 'XRP', QuoteAsset: 'USD', AssetPrice: '2e4', Scale: 3 } },
          ],
        },
      },
    })
    expect(f.ownerCount(alice)).toBe(1)
  })

  it('six pairs or more count two reserve items [rippled SetOracle.cpp]', () => {
    expect(create(pairs(6)).engine_result).toBe('tesSUCCESS')
    expect(f.ownerCount(alice)).toBe(2)
  })

  it('an update adds, updates and deletes pairs; pairs not given keep no price; the reserve follows the count [rippled SetOracle.cpp doApply]', () => {
    create(pairs(5))
    f.pass(10)
    const updated = set({
      PriceDataSeries: [
        pair('XRP', 'USD', 'FF', 2), // update, with a scale
        pair('XRP', 'EUR'), // delete: no price
        pair('XRP', 'CAD', '7'), // add
        pair('XRP', 'AUD', '8'), // add: six pairs now
      ],
    })
    expect(updated.engine_result).toBe('tesSUCCESS')
    expect(seriesOf()).toEqual([
      { BaseAsset: 'XRP', QuoteAsset: 'AUD', AssetPrice: '8' },
      { BaseAsset: 'XRP', QuoteAsset: 'CAD', AssetPrice: '7' },
      { BaseAsset: 'XRP', QuoteAsset: 'CHF' },
      { BaseAsset: 'XRP', QuoteAsset: 'GBP' },
      { BaseAsset: 'XRP', QuoteAsset: 'JPY' },
      { BaseAsset: 'XRP', QuoteAsset: 'USD', AssetPrice: 'ff', Scale: 2 },
    ])
    expect(f.ownerCount(alice)).toBe(2)
    expect(oracleOf()?.LastUpdateTime).toBe(unixNow())
  })

  it.each([
    ['301 s after the parent close', 301],
    ['301 s before it', -301],
  ])(
    'a LastUpdateTime %s is tecINVALID_UPDATE_TIME [rippled SetOracle.cpp preclaim]',
    (_what, delta) => {
      expect(create(undefined, { LastUpdateTime: unixNow() + delta }).engine_result).toBe(
        'tecINVALID_UPDATE_TIME',
      )
      expect(oracleOf()).toBeNull()
    },
  )

  it('300 s either side of the parent close is allowed; a time before the Ripple epoch is not [rippled SetOracle.cpp preclaim]', () => {
    expect(create(undefined, { LastUpdateTime: unixNow() + 300 }).engine_result).toBe('tesSUCCESS')
    expect(
      create(undefined, { OracleDocumentID: 2, LastUpdateTime: unixNow() - 300 }).engine_result,
    ).toBe('tesSUCCESS')
    expect(create(undefined, { OracleDocumentID: 3, LastUpdateTime: 1000 }).engine_result).toBe(
      'tecINVALID_UPDATE_TIME',
    )
  })

  it('an update not after the stored LastUpdateTime is tecINVALID_UPDATE_TIME [rippled SetOracle.cpp preclaim]', () => {
    create()
    const again = set({ PriceDataSeries: [pair('XRP', 'USD', '1')] })
    expect(again.engine_result).toBe('tecINVALID_UPDATE_TIME')
    expect(seriesOf()[0]?.AssetPrice).toBe('2e4')
  })

  it.each([
    ['an empty series', { PriceDataSeries: [] }, 'temARRAY_EMPTY'],
    ['eleven entries', { PriceDataSeries: pairs(11) }, 'temARRAY_TOO_LARGE'],
    ['an empty Provider', { Provider: '' }, 'temMALFORMED'],
    ['an AssetClass of 17 bytes', { AssetClass: '00'.repeat(17) }, 'temMALFORMED'],
    ['a URI of 257 bytes', { URI: '00'.repeat(257) }, 'temMALFORMED'],
    ['a pair of one asset', { PriceDataSeries: [pair('USD', 'USD', '1')] }, 'temMALFORMED'],
    [
      'a pair given twice',
      { PriceDataSeries: [pair('XRP', 'USD', '1'), pair('XRP', 'USD', '2')] },
      'temMALFORMED',
    ],
    ['a Scale of 21', { PriceDataSeries: [pair('XRP', 'USD', '1', 21)] }, 'temMALFORMED'],
    ['a new pair without a price', { PriceDataSeries: [pair('XRP', 'USD')] }, 'temMALFORMED'],
    ['no Provider on a new oracle', { Provider: undefined }, 'temMALFORMED'],
    ['a flag', { Flags: 1 }, 'temINVALID_FLAG'],
  ])(
    'a new oracle with %s is %s, nothing charged [rippled SetOracle.cpp]',
    (_what, fields, result) => {
      const before = f.balance(alice.address)
      expect(create(undefined, fields).engine_result).toBe(result)
      expect([oracleOf(), f.balance(alice.address)]).toEqual([null, before])
    },
  )

  it('a Scale of 20 is allowed [rippled SetOracle.cpp, Protocol.h maxPriceScale]', () => {
    expect(create([pair('XRP', 'USD', '1', 20)]).engine_result).toBe('tesSUCCESS')
  })

  it('an update may not change Provider or AssetClass (temMALFORMED), may omit them [rippled SetOracle.cpp isConsistent]', () => {
    create()
    f.pass(10)
    const other = Buffer.from('other').toString('hex')
    expect(set({ Provider: other, PriceDataSeries: pairs(1) }).engine_result).toBe('temMALFORMED')
    expect(set({ AssetClass: other, PriceDataSeries: pairs(1) }).engine_result).toBe('temMALFORMED')
    expect(set({ Provider: PROVIDER, PriceDataSeries: pairs(1) }).engine_result).toBe('tesSUCCESS')
  })

  it('deleting a pair the oracle lacks is tecTOKEN_PAIR_NOT_FOUND; deleting every pair tecARRAY_EMPTY [rippled SetOracle.cpp]', () => {
    create()
    f.pass(10)
    expect(set({ PriceDataSeries: [pair('XRP', 'EUR')] }).engine_result).toBe(
      'tecTOKEN_PAIR_NOT_FOUND',
    )
    expect(set({ PriceDataSeries: [pair('XRP', 'USD')] }).engine_result).toBe('tecARRAY_EMPTY')
    expect(seriesOf()).toHaveLength(1)
  })

  it('more than ten pairs after the merge is tecARRAY_TOO_LARGE [rippled SetOracle.cpp]', () => {
    create(pairs(10))
    f.pass(10)
    expect(set({ PriceDataSeries: [pair('BTC', 'USD', '1')] }).engine_result).toBe(
      'tecARRAY_TOO_LARGE',
    )
  })

  it('the reserve is checked against the balance before the fee [rippled SetOracle.cpp preclaim]', () => {
    const poor = testKey(73)
    // 1,200,000 before the fee carries one item; 1,199,999 does not.
    f.ledger.fund(poor.address, 1_199_999n, ['TESTNET'])
    const series = [pair('XRP', 'USD', '1')]
    const fields = { Provider: PROVIDER, AssetClass: CLASS, PriceDataSeries: series }
    expect(set(fields, poor).engine_result).toBe('tecINSUFFICIENT_RESERVE')
    f.ledger.fund(poor.address, 13n, ['TESTNET'])
    expect(set(fields, poor).engine_result).toBe('tesSUCCESS')
  })

  it('OracleDelete removes it and frees both items of a six-pair oracle; none → tecNO_ENTRY [rippled DeleteOracle.cpp]', () => {
    create(pairs(6))
    const deleted = f.submit(alice, { TransactionType: 'OracleDelete', OracleDocumentID: 1 })
    expect(deleted.engine_result).toBe('tesSUCCESS')
    expect(f.node(deleted.txid, oracleIndex(alice.address, 1))).toMatchObject({
      DeletedNode: { LedgerEntryType: 'Oracle' },
    })
    expect([oracleOf(), f.ownerCount(alice)]).toEqual([null, 0])
    const again = f.submit(alice, { TransactionType: 'OracleDelete', OracleDocumentID: 1 })
    expect(again.engine_result).toBe('tecNO_ENTRY')
  })

  it('AccountDelete deletes the oracles with the account [rippled DeleteAccount.cpp removeOracleFromLedger]', () => {
    create(pairs(6))
    create(undefined, { OracleDocumentID: 2 })
    f.pass(10)
    for (let i = 0; i < 256; i += 1) f.ledger.close('TESTNET')
    const deleted = f.submit(alice, {
      TransactionType: 'AccountDelete',
      Destination: bob.address,
      Fee: '200000',
    })
    expect(deleted.engine_result).toBe('tesSUCCESS')
    expect([oracleOf(1), oracleOf(2)]).toEqual([null, null])
  })
})

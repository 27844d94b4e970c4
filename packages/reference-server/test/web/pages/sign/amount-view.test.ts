import type { TransactionJson } from 'pullsign/wire'
import { describe, expect, it } from 'vitest'
import { currencyName, readAmount } from '../../../../src/web/pages/sign/amount-view'
import { transactionRows } from '../../../../src/web/pages/sign/transaction-rows'

describe('readAmount', () => {
  it.each([
    ['1500000', { kind: 'native', units: '1.5', drops: '1500000' }],
    ['1', { kind: 'native', units: '0.000001', drops: '1' }],
    ['1000000000', { kind: 'native', units: '1000', drops: '1000000000' }],
    ['0', { kind: 'native', units: '0', drops: '0' }],
  ])('native %s drops', (drops, expected) => {
    expect(readAmount(drops)).toEqual(expected)
  })

  it('issued amounts keep value, currency and issuer', () => {
    expect(
      readAmount({ currency: 'USD', issuer: 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq', value: '10.25' }),
    ).toEqual({
      kind: 'issued',
      value: '10.25',
      currency: 'USD',
      issuer: 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq',
    })
  })

  it.each([['1.5'], ['-1'], [12], [{ currency: 'USD' }]])('%j is shown raw', (value) => {
    expect(readAmount(value)).toEqual({ kind: 'raw', json: JSON.stringify(value) })
  })
})

describe('currencyName', () => {
  it.each([
    ['USD', 'USD'],
    // "SOLO" padded with zero bytes
    ['534F4C4F00000000000000000000000000000000', 'SOLO'],
    // not printable text (an LP token style code) stays hex
    ['03A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3', '03A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3'],
  ])('%s → %s', (code, name) => {
    expect(currencyName(code)).toBe(name)
  })
})

describe('transactionRows', () => {
  it('reads a payment in request order, leaving out the fields the wallet fills', () => {
    const rows = transactionRows({
      TransactionType: 'Payment',
      Account: 'rIgnoredIgnoredIgnoredIgnored1111',
      Destination: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
      DestinationTag: 42,
      Amount: { currency: 'USD', issuer: 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq', value: '5' },
      SendMax: '2000000',
      Memos: [{ Memo: { MemoType: '746578742F706C61696E', MemoData: '48656C6C6F' } }],
    })
    expect(rows.map((row) => [row.label, row.value])).toEqual([
      ['Destination', { kind: 'text', text: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY' }],
      ['Destination tag', { kind: 'text', text: '42' }],
      [
        'Amount',
        {
          kind: 'amount',
          amount: {
            kind: 'issued',
            value: '5',
            currency: 'USD',
            issuer: 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq',
          },
        },
      ],
      [
        'Send at most',
        { kind: 'amount', amount: { kind: 'native', units: '2', drops: '2000000' } },
      ],
      ['Memo', { kind: 'memo', type: 'text/plain', data: 'Hello' }],
    ])
  })

  it('a SignIn has no rows besides its type', () => {
    expect(transactionRows({ TransactionType: 'SignIn' })).toEqual([])
  })
})

describe('transactionRows of escrows, checks and channels (docs/protocol.md §8.7)', () => {
  const read = (tx: TransactionJson) =>
    transactionRows(tx).map((row) => [
      row.label,
      row.value.kind === 'text' ? row.value.text : row.value.kind,
    ])

  it("shows an escrow's held amount and its times as UTC dates", () => {
    expect(
      read({
        TransactionType: 'EscrowCreate',
        Amount: '1000000',
        FinishAfter: 820540800,
        CancelAfter: 820544400,
      }),
    ).toEqual([
      ['Held in escrow', 'amount'],
      ['Can be finished after', '2026-01-01 00:00:00 UTC (820540800)'],
      ['Can be cancelled after', '2026-01-01 01:00:00 UTC (820544400)'],
    ])
  })

  it("shows a check's amount and a channel's funds and settle delay", () => {
    expect(read({ TransactionType: 'CheckCreate', SendMax: '5', Expiration: 0 })[0]).toEqual([
      'Check for at most',
      'amount',
    ])
    expect(read({ TransactionType: 'CheckCash', DeliverMin: '5' })).toEqual([
      ['Cash at least', 'amount'],
    ])
    expect(
      read({ TransactionType: 'PaymentChannelCreate', Amount: '5', SettleDelay: 86_400 + 90 }),
    ).toEqual([
      ['Channel funds', 'amount'],
      ['Settle delay', '24 h 1 min (86490 s)'],
    ])
    expect(read({ TransactionType: 'PaymentChannelCreate', SettleDelay: 30 })).toEqual([
      ['Settle delay', '30 s'],
    ])
  })
})

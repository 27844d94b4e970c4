import { describe, expect, it } from 'vitest'
import { renderSignPage } from '../../../../src/web/pages/sign/sign-page'
import { signPageView } from '../../../../src/web/pages/sign/sign-page-view'
import { transactionRows } from '../../../../src/web/pages/sign/transaction-rows'
import { payloadRecord, USERS } from '../../payload-record-fixture'

const ISSUER = 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq'
const offer = {
  TransactionType: 'OfferCreate',
  TakerGets: '20000000',
  TakerPays: { currency: 'USD', issuer: ISSUER, value: '10' },
  Flags: 0x00080000 | 0x00020000,
}

describe('sign page: an offer (docs/protocol.md §8.7)', () => {
  it('shows what is given and got, the price per unit got, and the flags in words', () => {
    const rows = transactionRows(offer as never)
    const text = Object.fromEntries(
      rows.map((row) => [row.label, row.value.kind === 'text' ? row.value.text : row.value.kind]),
    )
    expect(text).toEqual({
      'You give': 'amount',
      'You get': 'amount',
      Flags: 'immediate or cancel, sell all of what you give',
      Price: '2 XRP per USD',
    })
  })

  it('names the native asset of the network on the page', () => {
    const html = renderSignPage(
      signPageView({
        record: payloadRecord({
          meta: { force_network: 'XAHAU' },
          payload: { request_json: offer as never },
        }),
        users: USERS,
        boundUser: null,
        serverNow: Date.parse('2026-11-21T18:01:00.000Z'),
        variant: 'sign',
        links: 'http://127.0.0.1:8787',
      }),
    )
    expect(html).toContain('2 XAH per USD')
  })

  it('leaves the price out when an amount is zero or malformed', () => {
    const rows = transactionRows({
      ...offer,
      TakerPays: { currency: 'USD', issuer: ISSUER, value: '0' },
    } as never)
    expect(rows.some((row) => row.label === 'Price')).toBe(false)
  })
})

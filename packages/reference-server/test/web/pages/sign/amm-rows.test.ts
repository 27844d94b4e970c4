import { describe, expect, it } from 'vitest'
import { renderSignPage } from '../../../../src/web/pages/sign/sign-page'
import { signPageView } from '../../../../src/web/pages/sign/sign-page-view'
import { transactionRows } from '../../../../src/web/pages/sign/transaction-rows'
import { payloadRecord, USERS } from '../../payload-record-fixture'

const ISSUER = 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq'
const AMM = 'rE54zDvgnf2DNHz7qbFwovLMfRBCMrXFDA'
const LPT = '039C99CD9AB0B70B32ECDA51EAAE471625608EA2'
const rowsOf = (tx: Record<string, unknown>) =>
  Object.fromEntries(
    transactionRows(tx as never).map((row) => [
      row.label,
      row.value.kind === 'text' ? row.value.text : row.value.kind,
    ]),
  )

describe('sign page: AMM transactions in words (rippled AMMCreate.cpp … AMMClawback.cpp)', () => {
  it('[rippled AMMCreate.cpp] AMMCreate: what goes into the new pool and its trading fee in percent', () => {
    expect(
      rowsOf({
        TransactionType: 'AMMCreate',
        Amount: '1000000',
        Amount2: { currency: 'USD', issuer: ISSUER, value: '1' },
        TradingFee: 500,
      }),
    ).toEqual({ 'Put into the new pool': 'amount', 'And put in': 'amount', 'Trading fee': '0.5 %' })
  })

  it('[rippled AMMDeposit.cpp, AMMWithdraw.cpp] the pool, the mode and the LP tokens', () => {
    expect(
      rowsOf({
        TransactionType: 'AMMDeposit',
        Asset: { currency: 'XRP' },
        Asset2: { currency: 'USD', issuer: ISSUER },
        Amount: { currency: 'USD', issuer: ISSUER, value: '100' },
        LPTokenOut: { currency: LPT, issuer: AMM, value: '48' },
        Flags: 0x00200000,
      }),
    ).toEqual({
      'Pool asset': 'XRP',
      'Other pool asset': `USD issued by ${ISSUER}`,
      Deposit: 'amount',
      'LP tokens to receive': 'amount',
      Flags:
        'Deposit one asset, at most this amount, for exactly the LP tokens asked (tfOneAssetLPToken)',
    })
    expect(
      rowsOf({
        TransactionType: 'AMMWithdraw',
        Asset: { currency: 'XRP' },
        Asset2: { currency: 'USD', issuer: ISSUER },
        Flags: 0x00020000,
      }).Flags,
    ).toBe('Withdraw both assets in proportion, returning all your LP tokens (tfWithdrawAll)')
  })

  it('[rippled AMMBid.cpp, AMMVote.cpp, AMMClawback.cpp] bids, accounts sharing the discount, votes and clawbacks', () => {
    expect(
      rowsOf({
        TransactionType: 'AMMBid',
        Asset: { currency: 'XRP' },
        Asset2: { currency: 'USD', issuer: ISSUER },
        BidMax: { currency: LPT, issuer: AMM, value: '10' },
        AuthAccounts: [{ AuthAccount: { Account: AMM } }],
      }),
    ).toMatchObject({ 'Bid at most': 'amount', 'Discount also for': AMM })
    expect(rowsOf({ TransactionType: 'AMMVote', TradingFee: 1000 })).toEqual({
      'Trading fee': '1 %',
    })
    expect(rowsOf({ TransactionType: 'AMMClawback', Holder: AMM, Flags: 1 })).toEqual({
      Holder: AMM,
      Flags: 'claw back both assets, both issued by you (tfClawTwoAssets)',
    })
  })

  it('[rippled AMMDeposit.cpp] the sign page shows the deposit mode to the person signing', () => {
    const html = renderSignPage(
      signPageView({
        record: payloadRecord({
          payload: {
            request_json: {
              TransactionType: 'AMMDeposit',
              Asset: { currency: 'XRP' },
              Asset2: { currency: 'USD', issuer: ISSUER },
              Amount: '1000000',
              Flags: 0x00080000,
            } as never,
          },
        }),
        users: USERS,
        boundUser: null,
        serverNow: Date.parse('2026-11-21T18:01:00.000Z'),
        variant: 'sign',
        links: 'http://127.0.0.1:8787',
      }),
    )
    expect(html).toContain('Deposit exactly this amount of one asset (tfSingleAsset)')
    expect(html).toContain(`USD issued by ${ISSUER}`)
  })
})

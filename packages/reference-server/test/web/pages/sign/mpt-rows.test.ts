import { afterEach, describe, expect, it } from 'vitest'
import { accountIdOf } from '../../../../src/ledger/codec/account-ids'
import { mptIssuanceId } from '../../../../src/ledger/state/keylets'
import { type EntryRead, mptScales } from '../../../../src/web/pages/sign/mpt-scales'
import { renderSignPage } from '../../../../src/web/pages/sign/sign-page'
import { signPageView } from '../../../../src/web/pages/sign/sign-page-view'
import { transactionRows } from '../../../../src/web/pages/sign/transaction-rows'
import { type MptFixture, mptFixture } from '../../../ledger/rules/mpt/mpt-fixture'
import { testKey } from '../../../ledger/test-keys'
import { payloadRecord, USERS } from '../../payload-record-fixture'

const issuer = testKey(161)
const mptId = mptIssuanceId(5, issuer.address)

const textOf = (tx: Record<string, unknown>, scale?: (id: string) => number | undefined) =>
  Object.fromEntries(
    transactionRows(tx as never, 'XRP', scale).map((row) => [
      row.label,
      row.value.kind === 'text'
        ? row.value.text
        : row.value.kind === 'amount'
          ? row.value.amount
          : null,
    ]),
  )

const page = (request: Record<string, unknown>, scales: Record<string, number>) =>
  renderSignPage(
    signPageView({
      record: payloadRecord({ payload: { request_json: request as never } }),
      users: USERS,
      boundUser: null,
      serverNow: Date.parse('2026-11-21T18:01:00.000Z'),
      variant: 'sign',
      links: 'http://127.0.0.1:8787',
      mptScales: scales,
    }),
  )

describe('sign page: Multi-Purpose Tokens in words (docs/protocol.md §8.18) [rippled TxFlags.h]', () => {
  it('an MPTokenIssuanceCreate: flags by name, decimal places, the cap with its decimal point, the fee, the metadata', () => {
    const text = textOf({
      TransactionType: 'MPTokenIssuanceCreate',
      Flags: 0x20 | 0x40,
      AssetScale: 2,
      MaximumAmount: '100000',
      TransferFee: 500,
      MPTokenMetadata: Buffer.from('{"ticker":"TBILL"}').toString('hex').toUpperCase(),
    })
    expect(text).toEqual({
      Flags:
        'holders can send it to each other (tfMPTCanTransfer), the issuer can claw it back (tfMPTCanClawback)',
      'Decimal places': '2 (a holder sees 1 unit as 0.01)',
      'Most that can ever be issued': '1000 (100000 units)',
      'Transfer fee': '0.5 %',
      'Token metadata': '{"ticker":"TBILL"}',
    })
  })

  it('the token id says its issuer and sequence; MPTokenAuthorize and MPTokenIssuanceSet flags say what they do', () => {
    expect(textOf({ TransactionType: 'MPTokenAuthorize', MPTokenIssuanceID: mptId })).toEqual({
      Token: `${mptId} · issued by ${issuer.address} · sequence 5`,
    })
    expect(
      textOf({ TransactionType: 'MPTokenAuthorize', MPTokenIssuanceID: mptId, Flags: 1 }).Flags,
    ).toBe('opt out: remove the empty holding (tfMPTUnauthorize)')
    expect(
      textOf({ TransactionType: 'MPTokenIssuanceSet', MPTokenIssuanceID: mptId, Flags: 1 }).Flags,
    ).toBe('lock (tfMPTLock)')
  })

  it('an MPT amount: decimal by AssetScale when known, else the whole units with the token', () => {
    const payment = {
      TransactionType: 'Payment',
      Destination: issuer.address,
      Amount: { mpt_issuance_id: mptId, value: '150' },
    }
    expect(textOf(payment).Amount).toMatchObject({ kind: 'mpt', units: '150', decimal: null })
    expect(textOf(payment, () => 2).Amount).toMatchObject({ kind: 'mpt', decimal: '1.5' })
    expect(page(payment, {})).toContain('150</span> <span class="muted">units of the token')
    const scaled = page(payment, { [mptId]: 2 })
    expect(scaled).toContain('title="150 units">1.5</span>')
    expect(scaled).toContain(`issued by ${issuer.address}`)
  })

  it('says what each MPT type does above its fields', () => {
    expect(page({ TransactionType: 'MPTokenAuthorize', MPTokenIssuanceID: mptId }, {})).toContain(
      'Opts in to hold a Multi-Purpose Token',
    )
  })
})

describe("the sign page's AssetScale comes from the ledger [rippled MPTokenIssuanceCreate.cpp]", () => {
  let f: MptFixture
  afterEach(() => f.dispose())

  it('reads the scale of an issuance on the forced network, or on the first network that has it', () => {
    f = mptFixture([issuer])
    const { mptId: scaledId } = f.create(issuer, { AssetScale: 6 })
    const { mptId: plainId } = f.create(issuer)
    const request = {
      TransactionType: 'Payment',
      Amount: { mpt_issuance_id: scaledId, value: '1' },
      SendMax: { mpt_issuance_id: plainId, value: '1' },
      DeliverMin: { mpt_issuance_id: `0000000A${accountIdOf(issuer.address)}`, value: '1' },
    }
    const entry: EntryRead = (key, index) => f.ledger.entry(key, index)
    expect(mptScales(request, null, entry)).toEqual({ [scaledId]: 6, [plainId]: 0 })
    expect(mptScales(request, 'MAINNET', entry)).toEqual({})
  })
})

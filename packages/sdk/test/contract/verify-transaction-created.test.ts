import { LedgerNodeError, verifyTransaction } from 'pullsign/verify'
import { decodeAccountID } from 'ripple-address-codec'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { getBalanceChanges } from 'xrpl'
import { createFakeClock } from '../support/fake-clock'
import { type JsonServer, startJsonServer } from '../support/json-server'

// The objects a transaction created, for types the reference server's ledger does not model yet
// (AMM, MPT): a rippled node is played by a JSON server answering `server_info` and `tx` with
// metadata shaped as rippled writes it. rippled ApplyStateTable.cpp writes each new object as
// `{CreatedNode: {LedgerEntryType, LedgerIndex, NewFields}}`, NewFields holding its non-default
// fields; the values below are from ledgers and rippled's own tests, as cited.

const TXID = 'C3'.repeat(32)

let node: JsonServer
beforeEach(async () => {
  node = await startJsonServer()
})
afterEach(() => node.close())

/** The node's answers: `server_info` on MAINNET, then the validated transaction (API v2). */
function answers(txJson: Record<string, unknown>, meta: Record<string, unknown>) {
  const body = (result: Record<string, unknown>) => ({
    status: 200,
    body: JSON.stringify({ result: { ...result, status: 'success' } }),
  })
  node.queue.push(
    body({ info: { network_id: 0, build_version: '2.5.0' } }),
    body({ hash: TXID, validated: true, ledger_index: 96_000_000, tx_json: txJson, meta }),
  )
}

// A trust line as rippled keeps it: the low and high sides by account ID (rippled
// RippleState.h), its Balance from the low side's view with the neutral issuer.
function trustLine(a: string, b: string, currency: string, balanceOfA: string, limitOfA = '0') {
  const [idA, idB] = [decodeAccountID(a), decodeAccountID(b)]
  const aIsLow = Buffer.compare(Buffer.from(idA), Buffer.from(idB)) < 0
  const negate = (value: string) => (value.startsWith('-') ? value.slice(1) : `-${value}`)
  const limit = (issuer: string, value: string) => ({ currency, issuer, value })
  return {
    Balance: {
      currency,
      issuer: 'rrrrrrrrrrrrrrrrrrrrBZbvji',
      value: aIsLow ? balanceOfA : negate(balanceOfA),
    },
    LowLimit: aIsLow ? limit(a, limitOfA) : limit(b, '0'),
    HighLimit: aIsLow ? limit(b, '0') : limit(a, limitOfA),
  }
}

const created = (type: string, index: string, NewFields: Record<string, unknown>) => ({
  CreatedNode: { LedgerEntryType: type, LedgerIndex: index, NewFields },
})
const modified = (
  type: string,
  index: string,
  FinalFields: Record<string, unknown>,
  PreviousFields: Record<string, unknown>,
) => ({ ModifiedNode: { LedgerEntryType: type, LedgerIndex: index, FinalFields, PreviousFields } })

const verify = () =>
  verifyTransaction(TXID, { network: 'MAINNET', node: node.api, clock: createFakeClock() })

describe('created objects rippled writes for types the node does not model', () => {
  test('an AMMCreate [rippled AMMCreate.cpp]: the AMM ID, its account, and balance changes as xrpl.js reads them', async () => {
    // The XRP/NEX pool of xrpl.org's AMM ledger entry example (mainnet ledger 91448830).
    const amm = 'F490627BACE2D0AA744514A640B4999D50E495DD1677550D8B10E2D20FBB15C3'
    const ammAccount = 'rBp3UDRuEteeJqp4rEk5kxMe7BGWNYrF9A'
    const creator = 'r3ZGQZw1NCbBp5AEGkMDE9NgNpzw91aofD'
    const nexIssuer = 'rQGiPFWhaTDdue1xHX7cVpxGqPQK54zng1'
    const lpt = '03DC324562A8915B7C65E9D31B93D62D02BC491C'
    const nex = { currency: 'NEX', issuer: nexIssuer }
    const meta = {
      TransactionIndex: 4,
      TransactionResult: 'tesSUCCESS',
      AffectedNodes: [
        // rippled createPseudoAccount: the AMM's account, no master key, default ripple, deposit auth.
        created('AccountRoot', 'A1'.repeat(32), {
          Account: ammAccount,
          AMMID: amm,
          Balance: '25000000',
          Flags: 26_214_400,
        }),
        created('AMM', amm, {
          Account: ammAccount,
          Asset: { currency: 'XRP' },
          Asset2: nex,
          AuctionSlot: {
            Account: creator,
            Expiration: 778_576_560,
            Price: { currency: lpt, issuer: ammAccount, value: '0' },
          },
          LPTokenBalance: { currency: lpt, issuer: ammAccount, value: '5000' },
          TradingFee: 1,
          VoteSlots: [{ VoteEntry: { Account: creator, TradingFee: 1, VoteWeight: 100_000 } }],
        }),
        created('DirectoryNode', 'B2'.repeat(32), {
          Owner: ammAccount,
          RootIndex: 'B2'.repeat(32),
        }),
        created('RippleState', 'C4'.repeat(32), trustLine(creator, ammAccount, lpt, '5000')),
        created('RippleState', 'D5'.repeat(32), trustLine(ammAccount, nexIssuer, 'NEX', '1000')),
        modified(
          'AccountRoot',
          'E6'.repeat(32),
          { Account: creator, Balance: '74999800', OwnerCount: 3, Sequence: 8 },
          { Balance: '100000000', OwnerCount: 2, Sequence: 7 },
        ),
        modified(
          'RippleState',
          'F7'.repeat(32),
          trustLine(creator, nexIssuer, 'NEX', '500', '100000'),
          { Balance: trustLine(creator, nexIssuer, 'NEX', '1500').Balance },
        ),
      ],
    }
    answers(
      {
        TransactionType: 'AMMCreate',
        Account: creator,
        Amount: '25000000',
        Amount2: { ...nex, value: '1000' },
        TradingFee: 1,
        Fee: '200',
        Sequence: 7,
      },
      meta,
    )
    const verdict = await verify()
    if (!verdict.ok) throw new Error(verdict.message)
    expect(verdict.created.amms).toEqual([amm])
    expect(verdict.created.objects.map((object) => object.type)).toEqual([
      'AccountRoot',
      'AMM',
      'DirectoryNode',
      'RippleState',
      'RippleState',
    ])
    const byXrplJs = Object.fromEntries(
      getBalanceChanges(meta as never).map(({ account, balances }) => [
        account,
        balances.map((b) => ({
          counterparty: b.issuer ?? '',
          currency: b.currency,
          value: b.value,
        })),
      ]),
    )
    const sorted = (changes: Record<string, { counterparty: string; currency: string }[]>) =>
      Object.fromEntries(
        Object.entries(changes).map(([account, list]) => [
          account,
          [...list].sort((a, b) =>
            `${a.currency}${a.counterparty}`.localeCompare(`${b.currency}${b.counterparty}`),
          ),
        ]),
      )
    expect(sorted(verdict.balanceChanges)).toEqual(sorted(byXrplJs))
    expect(verdict.balanceChanges[ammAccount]).toContainEqual({
      counterparty: '',
      currency: 'XRP',
      value: '25',
    })
  })

  // Issuer rf1BiGeXwwQoi8Z2ueFYTEXSwuJYfV2Jpn at sequence 30 has MPTokenIssuanceID
  // 0000001E4B4E9C06F24296074F7BC48F92A97916C6DC5EA9, its object 87658CA4… (clio's ledger_entry
  // test of rippled's `makeMptID`: the sequence big-endian, then the account ID).
  const issuer = 'rf1BiGeXwwQoi8Z2ueFYTEXSwuJYfV2Jpn'
  const mptId = '0000001E4B4E9C06F24296074F7BC48F92A97916C6DC5EA9'
  const mptMeta = (extra: Record<string, unknown> = {}) => ({
    TransactionIndex: 0,
    TransactionResult: 'tesSUCCESS',
    AffectedNodes: [
      modified(
        'AccountRoot',
        'A1'.repeat(32),
        { Account: issuer, Balance: '99999990', OwnerCount: 1, Sequence: 31 },
        { Balance: '100000000', OwnerCount: 0, Sequence: 30 },
      ),
      // rippled MPTokenIssuanceCreate.cpp: Issuer, Sequence (the transaction's), the options.
      created(
        'MPTokenIssuance',
        '87658CA4D4D7A50EE99E632055FE7A879CD9A331880AC21D538FA6E4032804E3',
        { Issuer: issuer, Sequence: 30, MPTokenMetadata: '6D65746164617461' },
      ),
    ],
    ...extra,
  })
  const mptCreate = { TransactionType: 'MPTokenIssuanceCreate', Account: issuer, Sequence: 30 }

  test.each([
    ['derived from the CreatedNode [rippled MPTokenIssuanceID.cpp getIDFromCreatedIssuance]', {}],
    [
      'named by meta.mpt_issuance_id (rippled MPTokenIssuanceID.cpp insertMPTokenIssuanceID), once',
      { mpt_issuance_id: mptId },
    ],
  ])('an MPTokenIssuanceCreate: the issuance ID %s', async (_case, extra) => {
    answers(mptCreate, mptMeta(extra))
    const verdict = await verify()
    expect(verdict).toMatchObject({ ok: true, created: { mptIssuances: [mptId] } })
  })

  test('a meta ID that is not one is the node’s error, naming the field', async () => {
    answers(mptCreate, mptMeta({ mpt_issuance_id: 'not hex' }))
    const error = await verify().catch((e) => e)
    expect(error).toBeInstanceOf(LedgerNodeError)
    expect(error).toMatchObject({ code: 'ERR_RESPONSE', field: 'result.meta.mpt_issuance_id' })
  })
})

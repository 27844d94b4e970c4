import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getBalanceChanges } from 'xrpl'
import { type LedgerFixture, ledgerFixture } from '../../ledger-fixture'
import { type TestKey, testKey } from '../../test-keys'

const UNIT = 1_000_000n
const FEE = 12n
const issuer = testKey(11)
const holder = testKey(12, 'ecdsa-secp256k1')
const other = testKey(13)
const poor = testKey(14)

let f: LedgerFixture
beforeEach(() => {
  f = ledgerFixture({ keys: [issuer, holder, other], drops: 100n * UNIT })
  // Exactly the base reserve plus two fees: no room for an owned object.
  f.ledger.fund(poor.address, UNIT + 2n * FEE, ['TESTNET'])
})
afterEach(() => f.dispose())

const usd = (value: string, by = issuer) => ({ currency: 'USD', issuer: by.address, value })
const trust = (key: TestKey, value: string) =>
  f.submit(key, { TransactionType: 'TrustSet', LimitAmount: usd(value) })
const pay = (from: TestKey, to: TestKey, amount: unknown, fields: Record<string, unknown> = {}) =>
  f.submit(from, { TransactionType: 'Payment', Destination: to.address, Amount: amount, ...fields })
const lineOf = (key: TestKey) => f.ledger.account('TESTNET', key.address)?.lines[0]

// xrpl.js reads the metadata as a node's answer has it; our balanceChanges must say the same.
function expectBalanceChangesMatchXrpl(txid: string) {
  const answer = f.ledger.transaction(txid)
  const oracle = getBalanceChanges(answer?.transaction.meta as never)
  const fromXrpl = Object.fromEntries(
    oracle.map(({ account, balances }) => [
      account,
      balances
        .map((b) => ({
          counterparty: b.issuer ?? '',
          currency: b.currency,
          value: Number(b.value),
        }))
        .sort((a, b) => a.currency.localeCompare(b.currency)),
    ]),
  )
  const ours = Object.fromEntries(
    Object.entries(answer?.balanceChanges ?? {}).map(([account, list]) => [
      account,
      list
        .map((b) => ({ ...b, value: Number(b.value) }))
        .sort((a, b) => a.currency.localeCompare(b.currency)),
    ]),
  )
  expect(ours).toEqual(fromXrpl)
}

describe('trust lines (docs/protocol.md §8.5)', () => {
  it('TrustSet creates a line the holder owns: one owner reserve, shown from both sides', () => {
    expect(trust(holder, '100').engine_result).toBe('tesSUCCESS')
    expect(f.ledger.account('TESTNET', holder.address)).toMatchObject({
      ownerCount: 1,
      lines: [
        {
          currency: 'USD',
          counterparty: issuer.address,
          balance: '0',
          limit: '100',
          limit_peer: '0',
        },
      ],
    })
    expect(f.ledger.account('TESTNET', issuer.address)).toMatchObject({
      ownerCount: 0,
      lines: [{ counterparty: holder.address, limit: '0', limit_peer: '100' }],
    })
  })

  it('a limit back to zero with NoRipple (the default of an account without DefaultRipple) removes the empty line and releases the reserve', () => {
    trust(holder, '100')
    const removed = f.submit(holder, {
      TransactionType: 'TrustSet',
      LimitAmount: usd('0'),
      Flags: 0x00020000, // tfSetNoRipple
    })
    expect(removed.engine_result).toBe('tesSUCCESS')
    expect(f.ledger.account('TESTNET', holder.address)).toMatchObject({ ownerCount: 0, lines: [] })
  })

  it('a limit back to zero alone keeps the line: its NoRipple is not at its default (SetTrust::doApply bLowReserveSet)', () => {
    trust(holder, '100')
    expect(trust(holder, '0').engine_result).toBe('tesSUCCESS')
    expect(f.ledger.account('TESTNET', holder.address)).toMatchObject({
      ownerCount: 1,
      lines: [{ counterparty: issuer.address, limit: '0' }],
    })
  })

  it.each([
    ['a limit on itself', { LimitAmount: usd('1', holder) }, 'temDST_IS_SRC'],
    ['a negative limit', { LimitAmount: usd('-1') }, 'temBAD_LIMIT'],
    ['a native limit', { LimitAmount: '1000' }, 'temBAD_LIMIT'],
  ])('refuses %s and changes nothing', (_, fields, code) => {
    const before = f.ledger.account('TESTNET', holder.address)
    const result = f.submit(holder, { TransactionType: 'TrustSet', ...fields })
    expect(result.engine_result).toBe(code)
    expect(f.ledger.account('TESTNET', holder.address)).toEqual(before)
  })
})

describe('issued payments (docs/protocol.md §8.5)', () => {
  it('issuer to holder: the holder holds the asset; balanceChanges agree with xrpl.js', () => {
    trust(holder, '100')
    const result = pay(issuer, holder, usd('25'))
    expect(result.engine_result).toBe('tesSUCCESS')
    expect(lineOf(holder)).toMatchObject({ balance: '25' })
    const answer = f.ledger.transaction(result.txid)
    expect(answer?.transaction.meta.delivered_amount).toEqual(usd('25'))
    expect(answer?.balanceChanges[holder.address]).toEqual([
      { counterparty: issuer.address, currency: 'USD', value: '25' },
    ])
    expectBalanceChangesMatchXrpl(result.txid)
  })

  it.each([
    [
      'no trust line on the receiving side',
      () => {},
      () => pay(issuer, holder, usd('1')),
      'tecPATH_DRY',
    ],
    [
      'over the line limit',
      () => trust(holder, '10'),
      () => pay(issuer, holder, usd('11')),
      'tecPATH_PARTIAL',
    ],
    [
      'holder to holder without DefaultRipple',
      () => {
        trust(holder, '100')
        trust(other, '100')
        pay(issuer, holder, usd('50'))
      },
      () => pay(holder, other, usd('5')),
      'tecPATH_DRY',
    ],
    [
      'more than the sender holds',
      () => {
        trust(holder, '100')
        pay(issuer, holder, usd('5'))
      },
      () => pay(holder, issuer, usd('6')),
      'tecPATH_PARTIAL',
    ],
    [
      'native payment below the reserve',
      () => {},
      () => pay(poor, holder, '100'),
      'tecUNFUNDED_PAYMENT',
    ],
  ])(
    '%s: the engine result, the fee charged, the Sequence used, nothing else',
    (_, setup, run, code) => {
      setup()
      const snapshot = () =>
        [issuer, holder, other, poor].map((k) => f.ledger.account('TESTNET', k.address))
      const before = snapshot()
      const result = run()
      expect(result.engine_result).toBe(code)
      const after = snapshot()
      const sender = f.ledger.transaction(result.txid)?.transaction.Account
      for (const [index, account] of after.entries()) {
        const was = before[index]
        if ([issuer, holder, other, poor][index]?.address === sender) {
          expect(account).toEqual({
            ...was,
            balance: String(BigInt(was?.balance ?? '0') - FEE),
            sequence: (was?.sequence ?? 0) + 1,
          })
        } else {
          expect(account).toEqual(was)
        }
      }
    },
  )

  it('holder to holder ripples through an issuer that set DefaultRipple', () => {
    expect(f.submit(issuer, { TransactionType: 'AccountSet', SetFlag: 8 }).engine_result).toBe(
      'tesSUCCESS',
    )
    trust(holder, '100')
    trust(other, '100')
    pay(issuer, holder, usd('50'))
    const result = pay(holder, other, usd('20'))
    expect(result.engine_result).toBe('tesSUCCESS')
    expect(lineOf(holder)?.balance).toBe('30')
    expect(lineOf(other)?.balance).toBe('20')
    expectBalanceChangesMatchXrpl(result.txid)
  })

  it('a partial payment delivers what fits and says so in DeliveredAmount', () => {
    trust(holder, '10')
    const result = pay(issuer, holder, usd('25'), { Flags: 0x00020000, SendMax: usd('25') })
    expect(result.engine_result).toBe('tesSUCCESS')
    const meta = f.ledger.transaction(result.txid)?.transaction.meta
    expect(meta?.DeliveredAmount).toEqual(usd('10'))
    expect(meta?.delivered_amount).toEqual(usd('10'))
    expect(lineOf(holder)?.balance).toBe('10')
  })

  it('a partial payment under its DeliverMin fails with tecPATH_PARTIAL', () => {
    trust(holder, '10')
    const fields = { Flags: 0x00020000, SendMax: usd('25'), DeliverMin: usd('20') }
    expect(pay(issuer, holder, usd('25'), fields).engine_result).toBe('tecPATH_PARTIAL')
    expect(lineOf(holder)?.balance).toBe('0')
  })

  it.each([
    ['a zero issued amount', usd('0'), {}, 'temBAD_AMOUNT'],
    ['DeliverMin without the partial flag', usd('1'), { DeliverMin: usd('1') }, 'temBAD_AMOUNT'],
  ])('refuses %s before touching any account', (_, amount, fields, code) => {
    trust(holder, '100')
    const before = f.ledger.account('TESTNET', issuer.address)
    expect(pay(issuer, holder, amount, fields).engine_result).toBe(code)
    expect(f.ledger.account('TESTNET', issuer.address)).toEqual(before)
  })
})

describe('pay with another asset (docs/protocol.md §8.5)', () => {
  // An issuer's asset leaves a book only through a line its issuer lets ripple
  // (DirectIPaymentStep::check): the issuer sets DefaultRipple before the lines are made.
  beforeEach(() => {
    f.submit(issuer, { TransactionType: 'AccountSet', SetFlag: 8 })
  })

  it('without DefaultRipple on the issuer the book cannot deliver: tecPATH_DRY (terNO_RIPPLE)', () => {
    f.submit(issuer, { TransactionType: 'AccountSet', ClearFlag: 8 })
    trust(holder, '100')
    expect(pay(other, holder, usd('5.2'), { SendMax: '10100000' }).engine_result).toBe(
      'tecPATH_DRY',
    )
    expect(lineOf(holder)?.balance).toBe('0')
  })

  it('native SendMax, issued Amount: the receiver gets exactly Amount at the simulator rate', () => {
    trust(holder, '100')
    // 0.52 USD per XRP: 5.2 USD cost 10 XRP; SendMax allows 1 % more.
    const result = pay(other, holder, usd('5.2'), { SendMax: '10100000' })
    expect(result.engine_result).toBe('tesSUCCESS')
    expect(lineOf(holder)?.balance).toBe('5.2')
    const changes = f.ledger.transaction(result.txid)?.balanceChanges
    expect(changes?.[other.address]).toEqual([
      { counterparty: '', currency: 'XRP', value: '-10.000012' },
    ])
    expectBalanceChangesMatchXrpl(result.txid)
  })

  it.each([
    ['a SendMax below the price', usd('5.2'), { SendMax: '9000000' }, 'tecPATH_PARTIAL'],
    // The strand is built but delivers nothing: a payment that is not partial is then
    // tecPATH_PARTIAL too (StrandFlow.h: "actualOut != outReq" before "actualOut == zero").
    [
      'a currency the simulator has no rate for',
      { currency: 'ZZZ', issuer: issuer.address, value: '1' },
      { SendMax: '9000000' },
      'tecPATH_PARTIAL',
    ],
  ])('%s → %s', (_, amount, fields, code) => {
    trust(holder, '100')
    f.submit(holder, {
      TransactionType: 'TrustSet',
      LimitAmount: { currency: 'ZZZ', issuer: issuer.address, value: '10' },
    })
    expect(pay(other, holder, amount, fields).engine_result).toBe(code)
    expect(lineOf(holder)?.balance).toBe('0')
  })
})

describe('tickets (docs/protocol.md §8.5)', () => {
  it('TicketCreate sets n sequences aside: Sequence grows by n + 1, one owner reserve each', () => {
    const sequence = f.ledger.account('TESTNET', holder.address)?.sequence ?? 0
    expect(
      f.submit(holder, { TransactionType: 'TicketCreate', TicketCount: 3 }).engine_result,
    ).toBe('tesSUCCESS')
    expect(f.ledger.account('TESTNET', holder.address)).toMatchObject({
      sequence: sequence + 4,
      ownerCount: 3,
      tickets: [sequence + 1, sequence + 2, sequence + 3],
    })
  })

  it('a transaction with a ticket uses it once; again or unknown → tefNO_TICKET', () => {
    const sequence = f.ledger.account('TESTNET', holder.address)?.sequence ?? 0
    f.submit(holder, { TransactionType: 'TicketCreate', TicketCount: 2 })
    const ticket = sequence + 1
    const withTicket = (n: number, amount: string) =>
      pay(holder, other, amount, { Sequence: 0, TicketSequence: n })
    expect(withTicket(ticket, '1000').engine_result).toBe('tesSUCCESS')
    expect(f.ledger.account('TESTNET', holder.address)).toMatchObject({
      sequence: sequence + 3,
      ownerCount: 1,
      tickets: [sequence + 2],
    })
    expect(withTicket(ticket, '2000').engine_result).toBe('tefNO_TICKET')
    expect(withTicket(sequence + 99, '2000').engine_result).toBe('tefNO_TICKET')
  })

  it('TicketCreate beyond the reserve fails with tecINSUFFICIENT_RESERVE', () => {
    expect(f.submit(poor, { TransactionType: 'TicketCreate', TicketCount: 1 }).engine_result).toBe(
      'tecINSUFFICIENT_RESERVE',
    )
    expect(f.ledger.account('TESTNET', poor.address)).toMatchObject({ ownerCount: 0, tickets: [] })
  })
})

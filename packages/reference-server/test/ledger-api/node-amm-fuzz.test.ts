import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { nativeTotal } from '../../bench/native-total'
import { ammIdOf } from '../../src/ledger/amm/amm-identifiers'
import type { AmmEntry } from '../../src/ledger/amm/amm-pool'
import { LedgerNumber } from '../../src/ledger/number/ledger-number'
import { root2 } from '../../src/ledger/number/number-roots'
import { rippleStateIndex } from '../../src/ledger/state/keylets'
import { signTx, testKey } from '../ledger/test-keys'
import { openInProcess } from '../ws/in-process-probe'
import { fuzzServer } from './fuzz-server'

// The node's fuzz with AMM transactions (issue 43 §6): random types, modes, amounts and flags,
// hostile ones among them, signed and submitted over the node's socket. rippled answers each with
// a result of its own (tefEXCEPTION where an amount leaves its range, as rippled's transactor
// answers an exception), never `internal`; after each, the pool keeps √(A·B) ≥ T and the native
// total never grows (InvariantCheck.cpp ValidAMM, XRPNotCreated).
const TRANSACTIONS = 400
const { server } = fuzzServer()
const ledger = server.platform.ledger
const [alice, bob, gateway] = [testKey(101), testKey(102), testKey(103)]
const USD = { currency: 'USD', issuer: gateway.address }
const XRP = { currency: 'XRP' }
const usd = (value: string) => ({ ...USD, value })

const submitNow = (key: typeof alice, fields: Record<string, unknown>) =>
  ledger.submit(
    'TESTNET',
    signTx(
      {
        Account: key.address,
        Fee: '200000',
        Sequence: ledger.account('TESTNET', key.address)?.sequence,
        ...fields,
      },
      key,
    ),
  )

function invariantHolds(): boolean {
  const amm = ledger.entry(
    'TESTNET',
    ammIdOf({ currency: 'XRP', issuer: null }, { ...USD }),
  ) as AmmEntry | null
  if (!amm) return true
  const drops = LedgerNumber.from(ledger.account('TESTNET', amm.Account)?.balance ?? '0')
  const line = ledger.entry('TESTNET', rippleStateIndex(amm.Account, gateway.address, 'USD')) as {
    Balance: { value: string }
  } | null
  const dollars = LedgerNumber.from(line?.Balance.value ?? '0').abs()
  return root2(drops.times(dollars)).gte(LedgerNumber.from(amm.LPTokenBalance.value))
}

const lpCurrency = () =>
  (
    ledger.entry(
      'TESTNET',
      ammIdOf({ currency: 'XRP', issuer: null }, { ...USD }),
    ) as AmmEntry | null
  )?.LPTokenBalance
const lp = (value: string) => {
  const balance = lpCurrency()
  return balance ? { currency: balance.currency, issuer: balance.issuer, value } : usd(value)
}

const value = fc.oneof(
  fc.constantFrom('0', '-1', '1e-90', '9999999999999999e80', '0.000001', '1', '10', '5000'),
  fc
    .tuple(fc.integer({ min: 1, max: 999_999 }), fc.integer({ min: -8, max: 3 }))
    .map(([m, e]) => `${m}e${e}`),
)
const drops = fc.oneof(
  fc.constantFrom('0', '1', '100000000000000000'),
  fc.integer({ min: 1, max: 2_000_000_000 }).map(String),
)
const amount = fc.oneof(
  drops,
  value.map((v) => usd(v)),
  value.map((v) => lp(v)),
  value.map((v) => ({ currency: 'EUR', issuer: gateway.address, value: v })),
)
const transaction = fc.record(
  {
    TransactionType: fc.constantFrom(
      'AMMDeposit',
      'AMMWithdraw',
      'AMMVote',
      'AMMBid',
      'AMMDelete',
      'AMMClawback',
      'AMMCreate',
    ),
    Flags: fc.oneof(
      fc.constantFrom(
        0,
        0x10000,
        0x20000,
        0x40000,
        0x80000,
        0x100000,
        0x200000,
        0x400000,
        0x800000,
        1,
      ),
      fc.integer({ min: 0, max: 0xffffffff }),
    ),
    Amount: amount,
    Amount2: amount,
    EPrice: amount,
    LPTokenOut: value.map((v) => lp(v)),
    LPTokenIn: value.map((v) => lp(v)),
    BidMin: value.map((v) => lp(v)),
    BidMax: value.map((v) => lp(v)),
    TradingFee: fc.integer({ min: 0, max: 1200 }),
    Holder: fc.constantFrom(alice.address, bob.address),
  },
  { requiredKeys: ['TransactionType'] },
)

// Each type's modes and the fields they take (rippled's preflight tables): most samples are
// well formed so the rules themselves run, the rest keep every random field and flag.
const SHAPES: readonly [string, number, readonly string[]][] = [
  ['AMMDeposit', 0x10000, ['LPTokenOut']],
  ['AMMDeposit', 0x80000, ['Amount']],
  ['AMMDeposit', 0x100000, ['Amount', 'Amount2']],
  ['AMMDeposit', 0x200000, ['Amount', 'LPTokenOut']],
  ['AMMDeposit', 0x400000, ['Amount', 'EPrice']],
  ['AMMDeposit', 0x800000, ['Amount', 'Amount2', 'TradingFee']],
  ['AMMWithdraw', 0x10000, ['LPTokenIn']],
  ['AMMWithdraw', 0x20000, []],
  ['AMMWithdraw', 0x40000, ['Amount']],
  ['AMMWithdraw', 0x80000, ['Amount']],
  ['AMMWithdraw', 0x100000, ['Amount', 'Amount2']],
  ['AMMWithdraw', 0x200000, ['Amount', 'LPTokenIn']],
  ['AMMWithdraw', 0x400000, ['Amount', 'EPrice']],
  ['AMMVote', 0, ['TradingFee']],
  ['AMMBid', 0, ['BidMin', 'BidMax']],
  ['AMMDelete', 0, []],
  ['AMMClawback', 0, ['Holder', 'Amount']],
]
const shaped = fc
  .tuple(fc.constantFrom(...SHAPES), transaction)
  .map(([[type, flags, fields], random]) => {
    const tx: Record<string, unknown> = { TransactionType: type, Flags: flags }
    for (const field of fields) {
      if (random[field as keyof typeof random] !== undefined)
        tx[field] = random[field as keyof typeof random]
    }
    return tx
  })

describe('AMM transactions with random modes, amounts and flags over the node (issue 43 §6)', () => {
  it('[rippled AMMDeposit.cpp, AMMWithdraw.cpp, InvariantCheck.cpp] never internal; √(A·B) ≥ T and the native total never grows', async () => {
    for (const key of [alice, bob, gateway]) ledger.fund(key.address, 100_000_000_000n, ['TESTNET'])
    submitNow(gateway, { TransactionType: 'AccountSet', SetFlag: 8 })
    for (const key of [alice, bob]) {
      submitNow(key, { TransactionType: 'TrustSet', LimitAmount: usd('1000000') })
      submitNow(gateway, {
        TransactionType: 'Payment',
        Destination: key.address,
        Amount: usd('100000'),
      })
    }
    const createPool = () =>
      submitNow(alice, {
        TransactionType: 'AMMCreate',
        Amount: '10000000000',
        Amount2: usd('10000'),
        TradingFee: 300,
      })
    expect(createPool().engine_result).toBe('tesSUCCESS')
    ledger.close('TESTNET')
    const samples = fc.sample(
      fc.tuple(fc.oneof(shaped, shaped, shaped, transaction), fc.boolean(), fc.boolean()),
      {
        numRuns: TRANSACTIONS,
        seed: 43,
      },
    )
    const socket = openInProcess(server.WebSocket, 'wss://fuzz.test/ledger/TESTNET')
    const bad: string[] = []
    const results = new Map<string, number>()
    let total = nativeTotal(ledger.view('TESTNET'))
    for (const [fields, byBob, close] of samples) {
      const key = byBob ? bob : alice
      const tx = {
        ...fields,
        Asset: XRP,
        Asset2: USD,
        Account: key.address,
        Fee: '200000',
        Sequence: ledger.account('TESTNET', key.address)?.sequence,
      }
      let blob: string
      try {
        blob = signTx(tx, key)
      } catch {
        continue
      }
      const answer = await socket.ask({ command: 'submit', tx_blob: blob })
      const result = String(
        (answer.result as { engine_result?: string } | undefined)?.engine_result ?? answer.error,
      )
      results.set(result, (results.get(result) ?? 0) + 1)
      if (
        answer.type !== 'response' ||
        answer.error === 'internal' ||
        result.startsWith('tefEXCEPTION')
      ) {
        bad.push(`${JSON.stringify(answer).slice(0, 300)} ← ${JSON.stringify(tx).slice(0, 400)}`)
      }
      expect(invariantHolds(), JSON.stringify(tx)).toBe(true)
      const now = nativeTotal(ledger.view('TESTNET'))
      expect(
        now <= total,
        `the native total grew from ${total} to ${now}: ${JSON.stringify(tx)}`,
      ).toBe(true)
      total = now
      if (close) ledger.close('TESTNET')
      // A withdrawal of everything deletes the pool: a new one keeps the rules busy.
      if (!lpCurrency()) createPool()
    }
    expect(bad).toEqual([])
    // The sample reaches the rules, not only preflight: some transactions apply.
    expect(results.get('tesSUCCESS') ?? 0).toBeGreaterThan(15)
    expect(socket.socket.readyState).toBe(1)
  }, 120_000)
})

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { testKey } from '../../test-keys'
import { ammFixture } from './amm-fixture'

const alice = testKey(91)
const bob = testKey(92)
const gateway = testKey(93)
const XRP = { currency: 'XRP' }
const MODES = {
  AMMDeposit: [0x00010000, 0x00080000, 0x00100000, 0x00200000, 0x00400000],
  AMMWithdraw: [0x00010000, 0x00020000, 0x00040000, 0x00080000, 0x00100000, 0x00200000, 0x00400000],
}

// A decimal of up to 15 digits, from a millionth to a few thousand (and now and then tiny).
const decimal = fc
  .tuple(
    fc.bigInt({ min: 1n, max: 999_999_999_999_999n }),
    fc.oneof(fc.integer({ min: -15, max: -12 }), fc.constant(-30)),
  )
  .map(([mantissa, exponent]) => `${mantissa}e${exponent}`)
const drops = fc.bigInt({ min: 1n, max: 3_000_000_000n }).map(String)

const operation = fc.record({
  who: fc.constantFrom(alice, bob),
  kind: fc.constantFrom('AMMDeposit', 'AMMWithdraw', 'swap', 'AMMVote', 'AMMBid'),
  mode: fc.nat(6),
  usd: decimal,
  xrp: drops,
  tokens: decimal,
  fee: fc.nat(1000),
  close: fc.boolean(),
})

describe('any sequence of AMM transactions (rippled AMMHelpers.cpp invariant, ValidAMM)', () => {
  it('[rippled AMMHelpers.cpp] keeps √(A·B) ≥ T after every applied transaction, and the XRP total never grows', () => {
    fc.assert(
      fc.property(fc.array(operation, { minLength: 1, maxLength: 12 }), (operations) => {
        const f = ammFixture([alice, bob, gateway])
        const USD = { currency: 'USD', issuer: gateway.address }
        try {
          const funded = [alice, bob, gateway].reduce(
            (sum, key) => sum + f.balance(key.address),
            0n,
          )
          let burnt = 0n
          const created = f.create(alice, '5000000000', f.usd('5000'), 500)
          expect(created.engine_result).toBe('tesSUCCESS')
          burnt += 200_000n
          for (const op of operations) {
            const amm = f.amm(XRP, USD)
            const lp = (value: string) => ({
              currency: amm?.LPTokenBalance.currency ?? 'USD',
              issuer: amm?.Account ?? gateway.address,
              value,
            })
            const flags =
              op.kind === 'AMMDeposit' || op.kind === 'AMMWithdraw' ? MODES[op.kind] : []
            const mode = flags[op.mode % Math.max(flags.length, 1)] ?? 0
            const fields: Record<string, unknown> =
              op.kind === 'swap'
                ? {
                    TransactionType: 'Payment',
                    Destination: op.who.address,
                    Amount: f.usd(op.usd),
                    SendMax: op.xrp,
                  }
                : op.kind === 'AMMVote'
                  ? { TransactionType: 'AMMVote', Asset: XRP, Asset2: USD, TradingFee: op.fee }
                  : op.kind === 'AMMBid'
                    ? { TransactionType: 'AMMBid', Asset: XRP, Asset2: USD, BidMax: lp(op.tokens) }
                    : {
                        TransactionType: op.kind,
                        Asset: XRP,
                        Asset2: USD,
                        Flags: mode,
                        ...modeFields(mode, op, f.usd, lp),
                      }
            const result = f.submit(op.who, fields)
            if ((result as { applied?: boolean }).applied) burnt += 12n
            expect(f.invariantHolds(XRP, USD), `${op.kind} ${JSON.stringify(fields)}`).toBe(true)
            const pool = f.amm(XRP, USD)
            const inPool = pool ? f.balance(pool.Account) : 0n
            const total = [alice, bob, gateway].reduce(
              (sum, key) => sum + f.balance(key.address),
              inPool,
            )
            expect(total + burnt).toBe(funded)
            if (op.close) f.ledger.close('TESTNET')
          }
        } finally {
          f.dispose()
        }
      }),
      { numRuns: 16, seed: 43 },
    )
  }, 120_000)
})

// The fields each deposit or withdrawal mode takes, from the operation's random amounts.
function modeFields(
  mode: number,
  op: { usd: string; xrp: string; tokens: string },
  usd: (value: string) => unknown,
  lp: (value: string) => unknown,
): Record<string, unknown> {
  switch (mode) {
    case 0x00010000:
      return op.usd.length % 2 === 0
        ? { LPTokenOut: lp(op.tokens), LPTokenIn: undefined }
        : { LPTokenIn: lp(op.tokens) }
    case 0x00080000:
      return { Amount: usd(op.usd) }
    case 0x00100000:
      return { Amount: op.xrp, Amount2: usd(op.usd) }
    case 0x00200000:
      return {
        Amount: usd(op.usd),
        [op.xrp.length % 2 === 0 ? 'LPTokenOut' : 'LPTokenIn']: lp(op.tokens),
      }
    case 0x00400000:
      return { Amount: op.xrp, EPrice: op.usd.length % 2 === 0 ? '1000' : lp(op.tokens) }
    case 0x00040000:
      return { Amount: usd('0') }
    default:
      return {}
  }
}

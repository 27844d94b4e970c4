import { ammIdOf } from '../../../../src/ledger/amm/amm-identifiers'
import type { AmmEntry } from '../../../../src/ledger/amm/amm-pool'
import { LedgerAmount } from '../../../../src/ledger/amounts/ledger-amount'
import { LedgerNumber } from '../../../../src/ledger/number/ledger-number'
import { root2 } from '../../../../src/ledger/number/number-roots'
import { rippleStateIndex } from '../../../../src/ledger/state/keylets'
import type { TestKey } from '../../test-keys'
import { type ObjectFixture, objectFixture } from '../object-fixture'

/** A ledger with a gateway issuing USD (and EUR) to its LPs, for AMM tests. */
export interface AmmFixture extends ObjectFixture {
  usd(value: string): { currency: string; issuer: string; value: string }
  eur(value: string): { currency: string; issuer: string; value: string }
  /** The AMM entry of two assets (`{currency: 'XRP'}` or `{currency, issuer}`), or null. */
  amm(asset: unknown, asset2: unknown): Readonly<AmmEntry> | null
  /** An amount of the LP token of the AMM of two assets (which must exist). */
  lpToken(
    asset: unknown,
    asset2: unknown,
    value: string,
  ): { currency: string; issuer: string; value: string }
  /** What `holder` holds of an issued currency on its line to `issuer`, in its own terms. */
  holds(holder: string, issuer: string, currency: string): string
  /** AMMCreate with the owner-reserve fee. */
  create(
    key: TestKey,
    amount: unknown,
    amount2: unknown,
    tradingFee?: number,
  ): { txid: string; engine_result: string }
  /** The AMM's invariant holds: √(A·B) ≥ T, every balance at most 16 digits. */
  invariantHolds(asset: unknown, asset2: unknown): boolean
}

const asset = (json: unknown) => {
  const { currency, issuer } = json as { currency: string; issuer?: string }
  return { currency, issuer: issuer ?? null }
}

/** Funds `keys` (the last is the gateway: DefaultRipple set) and gives each 10,000 USD and EUR. */
export function ammFixture(keys: TestKey[]): AmmFixture {
  const f = objectFixture(keys, 100_000n)
  const gateway = keys[keys.length - 1] as TestKey
  const usd = (value: string) => ({ currency: 'USD', issuer: gateway.address, value })
  const eur = (value: string) => ({ currency: 'EUR', issuer: gateway.address, value })
  f.submit(gateway, { TransactionType: 'AccountSet', SetFlag: 8 })
  for (const key of keys.slice(0, -1)) {
    for (const limit of [usd('1000000'), eur('1000000')]) {
      f.submit(key, { TransactionType: 'TrustSet', LimitAmount: limit })
    }
    for (const amount of [usd('10000'), eur('10000')]) {
      f.submit(gateway, { TransactionType: 'Payment', Destination: key.address, Amount: amount })
    }
  }
  f.ledger.close('TESTNET')
  const amm = (a: unknown, b: unknown) =>
    (f.ledger.entry('TESTNET', ammIdOf(asset(a), asset(b))) as Readonly<AmmEntry> | null) ?? null
  const holds = (holder: string, issuer: string, currency: string) => {
    const line = f.ledger.entry('TESTNET', rippleStateIndex(holder, issuer, currency)) as {
      Balance: { value: string }
      LowLimit: { issuer: string }
    } | null
    if (!line) return '0'
    const value = LedgerNumber.from(line.Balance.value)
    return (line.LowLimit.issuer === holder ? value : value.negated()).toString()
  }
  return {
    ...f,
    usd,
    eur,
    amm,
    lpToken(a, b, value) {
      const entry = amm(a, b)
      if (!entry) throw new Error('no AMM of these assets')
      return { currency: entry.LPTokenBalance.currency, issuer: entry.Account, value }
    },
    holds,
    create: (key, amount, amount2, tradingFee = 1000) =>
      f.submit(key, {
        TransactionType: 'AMMCreate',
        Amount: amount,
        Amount2: amount2,
        TradingFee: tradingFee,
        Fee: '200000',
      }),
    invariantHolds(a, b) {
      const entry = amm(a, b)
      if (!entry) return true
      const side = (json: unknown) => {
        const { currency, issuer } = json as { currency: string; issuer?: string }
        if (!issuer) return LedgerNumber.from(f.balance(entry.Account))
        return LedgerNumber.from(holds(entry.Account, issuer, currency))
      }
      const product = side(entry.Asset).times(side(entry.Asset2))
      const supply = LedgerAmount.fromJson(entry.LPTokenBalance).toNumber()
      return root2(product).gte(supply)
    },
  }
}

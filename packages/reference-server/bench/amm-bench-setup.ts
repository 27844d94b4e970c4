import type { BenchKey, LedgerBench } from './ledger-bench-setup'

/** XRP enough for any bench account: 10 million. */
export const BENCH_FUNDS = 10_000_000_000_000n

/**
 * What the AMM benches share on a ledger bench's network: a gateway (DefaultRipple set) issuing
 * tokens, holders trusting and holding them, and AMMCreate with its fee of one owner reserve
 * (rippled AMMCreate.cpp). Every transaction takes the account's next sequence (`nextSequence`),
 * so the blobs a bench signs ahead follow on.
 *
 * @example
 * ```ts
 * const bench = await ledgerBench('TESTNET')
 * const { token, hold, createAmm } = ammBench(bench)
 * const lp = bench.keyOf('Bench LP', BENCH_FUNDS)
 * hold(lp, ['USD', 'EUR'], '1000000')
 * createAmm(lp, token('USD', '100000'), token('EUR', '100000'))
 * ```
 */
export function ammBench(bench: LedgerBench) {
  const { ledger, network, keyOf, nextSequence, signed, submit } = bench
  const apply = (key: BenchKey, fields: Record<string, unknown>) =>
    submit(signed(key, fields, nextSequence(key)))

  const gateway = keyOf('Bench gateway', BENCH_FUNDS)
  apply(gateway, { TransactionType: 'AccountSet', SetFlag: 8 })
  const token = (currency: string, value: string) => ({
    currency,
    issuer: gateway.address,
    value,
  })
  // `holder` trusts the gateway for each currency.
  const trust = (holder: BenchKey, currencies: readonly string[]) => {
    for (const currency of currencies) {
      apply(holder, { TransactionType: 'TrustSet', LimitAmount: token(currency, '1e15') })
    }
  }
  // `holder` trusts the gateway for each currency and is paid `value` of it.
  const hold = (holder: BenchKey, currencies: readonly string[], value: string) => {
    trust(holder, currencies)
    for (const currency of currencies) {
      apply(gateway, {
        TransactionType: 'Payment',
        Destination: holder.address,
        Amount: token(currency, value),
      })
    }
  }
  const ammCreateFee = ledger.minimumFee(network, { TransactionType: 'AMMCreate' })
  const createAmm = (owner: BenchKey, amount: unknown, amount2: unknown, tradingFee = 500) =>
    apply(owner, {
      TransactionType: 'AMMCreate',
      Amount: amount,
      Amount2: amount2,
      TradingFee: tradingFee,
      Fee: ammCreateFee,
    })
  return { gateway, apply, token, trust, hold, createAmm }
}

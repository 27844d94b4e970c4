import { expect } from 'vitest'
import { getBalanceChanges } from 'xrpl'
import { type LedgerFixture, ledgerFixture } from '../../ledger-fixture'
import { type TestKey, testKey } from '../../test-keys'

export const UNIT = 1_000_000n
export const gateway = testKey(21)
export const eurGateway = testKey(22)
export const alice = testKey(23)
export const bob = testKey(24, 'ecdsa-secp256k1')
export const carol = testKey(25)

export const usd = (value: string, by = gateway) => ({ currency: 'USD', issuer: by.address, value })
export const eur = (value: string, by = eurGateway) => ({
  currency: 'EUR',
  issuer: by.address,
  value,
})
/** The native asset and the gateway's USD, as book_offers names a book's sides. */
export const xrp = { currency: 'XRP', issuer: null }
export const usdAsset = { currency: 'USD', issuer: gateway.address }
export const drops = (units: number) => String(BigInt(Math.round(units * 1_000_000)))

/**
 * A ledger where alice, bob and carol trust both gateways and hold 1,000 USD and 1,000 EUR. The
 * gateways set DefaultRipple first, as rippled's test accounts do (jtx `Env::fund`): without it a
 * holder's offer selling their asset never crosses (BookStep::check, terNO_RIPPLE).
 */
export function offerFixture(): LedgerFixture & {
  offer(key: TestKey, pays: unknown, gets: unknown, fields?: Record<string, unknown>): string
  holds(key: TestKey, currency: string): string
  sequence(key: TestKey): number
  expectOracle(txid: string): void
} {
  const f = ledgerFixture({ keys: [gateway, eurGateway, alice, bob, carol], drops: 10_000n * UNIT })
  for (const issuer of [gateway, eurGateway]) {
    f.submit(issuer, { TransactionType: 'AccountSet', SetFlag: 8 })
  }
  for (const key of [alice, bob, carol]) {
    f.submit(key, { TransactionType: 'TrustSet', LimitAmount: usd('100000') })
    f.submit(key, { TransactionType: 'TrustSet', LimitAmount: eur('100000') })
    f.submit(gateway, { TransactionType: 'Payment', Destination: key.address, Amount: usd('1000') })
    f.submit(eurGateway, {
      TransactionType: 'Payment',
      Destination: key.address,
      Amount: eur('1000'),
    })
  }
  return {
    ...f,
    offer(key, pays, gets, fields = {}) {
      return f.submit(key, {
        TransactionType: 'OfferCreate',
        TakerPays: pays,
        TakerGets: gets,
        ...fields,
      }).engine_result
    },
    holds(key, currency) {
      const line = f.ledger
        .account('TESTNET', key.address)
        ?.lines.find((l) => l.currency === currency)
      return line?.balance ?? '0'
    },
    sequence: (key) => f.ledger.account('TESTNET', key.address)?.sequence ?? 0,
    // xrpl.js reads the metadata as a node's answer has it: its balance changes must be ours.
    expectOracle(txid) {
      const answer = f.ledger.transaction(txid)
      const oracle = getBalanceChanges(answer?.transaction.meta as never)
      const fromXrpl = Object.fromEntries(
        oracle.map(({ account, balances }) => [
          account,
          balances.map((b) => `${b.currency}:${Number(b.value)}`).sort(),
        ]),
      )
      const ours = Object.fromEntries(
        Object.entries(answer?.balanceChanges ?? {}).map(([account, list]) => [
          account,
          list.map((b) => `${b.currency}:${Number(b.value)}`).sort(),
        ]),
      )
      expect(ours).toEqual(fromXrpl)
    },
  }
}

import { createLedger, type Ledger } from '../../src/ledger'
import { type Clock, createClock } from '../../src/platform'
import { nativePrice } from '../../src/platform/lookups/rates'
import { signTx, type TestKey } from './test-keys'

/** A ledger on a test clock with the platform's prices, and a signer for its accounts. */
export interface LedgerFixture {
  clock: Clock
  ledger: Ledger
  /** Fills Account, Sequence (unless given) and Fee, signs with `key` and submits on TESTNET. */
  submit(key: TestKey, fields: Record<string, unknown>): { txid: string; engine_result: string }
  balance(address: string): bigint
  dispose(): void
}

/** Starts a ledger that closes only on demand. */
export function ledgerFixture(): LedgerFixture {
  const clock = createClock({ start: Date.parse('2026-01-01T00:00:00Z'), manual: true })
  const ledger = createLedger({ clock, closeMs: false, price: nativePrice })
  return {
    clock,
    ledger,
    submit(key, fields) {
      const tx = {
        Account: key.address,
        Fee: ledger.fee('TESTNET'),
        Sequence: ledger.account('TESTNET', key.address)?.sequence,
        ...fields,
      }
      return ledger.submit('TESTNET', signTx(tx, key))
    },
    balance: (address) => BigInt(ledger.account('TESTNET', address)?.balance ?? '0'),
    dispose() {
      ledger.dispose()
      clock.dispose()
    },
  }
}

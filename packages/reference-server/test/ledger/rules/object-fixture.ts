import { type LedgerFixture, ledgerFixture } from '../ledger-fixture'
import type { TestKey } from '../test-keys'

/** A ledger fixture with funded accounts, ledger time and closing. */
export interface ObjectFixture extends LedgerFixture {
  /** The ledger's time now (seconds since 2000-01-01), what a test puts in FinishAfter. */
  now(): number
  /** Moves the clock `seconds` ahead and closes a ledger: its close time becomes the parent's. */
  pass(seconds: number): void
  ownerCount(key: TestKey): number
  sequence(key: TestKey): number
}

const RIPPLE_EPOCH_S = 946_684_800

/** A ledger on a manual clock with `keys` funded with `units` native units each on TESTNET. */
export function objectFixture(keys: TestKey[], units = 1000n): ObjectFixture {
  const f = ledgerFixture({ keys, drops: units * 1_000_000n })
  // Close times are rounded to 10 s and follow the parent's: 10 s on, the parent close time is now().
  f.clock.advance(10)
  f.ledger.close('TESTNET')
  return {
    ...f,
    now: () => Math.floor(f.clock.now() / 1000) - RIPPLE_EPOCH_S,
    pass(seconds) {
      f.clock.advance(seconds)
      f.ledger.close('TESTNET')
    },
    ownerCount: (key) => f.ledger.account('TESTNET', key.address)?.ownerCount ?? 0,
    sequence: (key) => f.ledger.account('TESTNET', key.address)?.sequence ?? 0,
  }
}

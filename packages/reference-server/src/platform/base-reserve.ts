import type { NetworkKey } from 'pullsign/wire'
import { networkDefinition } from '../ledger/networks'
import { badBody } from './errors'

/**
 * Refuses (400 naming `field` and the reserve, nothing changed) a native balance a new account
 * could not hold: on a real ledger an account exists only from its network's base reserve up
 * (rippled Payment.cpp: `tecNO_DST_INSUF_XRP` below it), so a control-API account created below
 * it would be one no ledger has. `"0"` is no account at all where `none` allows it (the account
 * is left unfunded: `actNotFound`, as a key pair never paid on that network).
 *
 * @example
 * ```ts
 * checkOpeningBalance('balances.TESTNET', 'TESTNET', 500_000n, { none: true }) // throws: below 1000000 drops
 * ```
 */
export function checkOpeningBalance(
  field: string,
  network: NetworkKey,
  drops: bigint,
  options: { none: boolean },
): void {
  const reserve = BigInt(networkDefinition(network).reserve_base)
  if (drops >= reserve || (options.none && drops === 0n)) return
  const none = options.none ? ` or "0" (no account on ${network})` : ''
  throw badBody(
    field,
    `must be at least the base reserve of ${network}, ${reserve} drops${none}: an account below it cannot exist on the ledger`,
  )
}

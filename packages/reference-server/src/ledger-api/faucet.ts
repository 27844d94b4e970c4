import { classicAddressToXAddress } from 'ripple-address-codec'
import type { Ledger, NetworkDefinition } from '../ledger'
import { rippleKeypairs } from '../ledger/signatures/ripple-keypairs-module'
import { isAccount } from './node-request'

/** Default and largest faucet amount, in units (docs/protocol.md §8.6 [ours]). */
export const FAUCET_DEFAULT_UNITS = 1_000
export const FAUCET_MAX_UNITS = 10_000

/** A faucet refusal: the field and why (HTTP 400, as the test networks' faucet answers). */
export class FaucetError extends Error {}

/**
 * The faucet of a network's node (docs/protocol.md §8.6): `{destination?, xrpAmount?}` (other
 * fields, such as xrpl.js's `userAgent`, ignored) funds the destination, or a new account whose
 * seed it returns, like the test networks' faucet.
 *
 * @example
 * ```ts
 * fundFromFaucet(ledger, networkDefinition('TESTNET'), { xrpAmount: '50' }).account.classicAddress
 * ```
 */
export function fundFromFaucet(
  ledger: Ledger,
  network: NetworkDefinition,
  body: unknown,
): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new FaucetError('body must be a JSON object')
  }
  const { destination, xrpAmount } = body as Record<string, unknown>
  if (destination !== undefined && !isAccount(destination)) {
    throw new FaucetError('destination must be a classic address')
  }
  const units = xrpAmount === undefined ? FAUCET_DEFAULT_UNITS : Number(xrpAmount)
  if (
    (typeof xrpAmount !== 'string' && typeof xrpAmount !== 'number' && xrpAmount !== undefined) ||
    !Number.isInteger(units) ||
    units <= 0 ||
    units > FAUCET_MAX_UNITS
  ) {
    throw new FaucetError(`xrpAmount must be a whole number of units from 1 to ${FAUCET_MAX_UNITS}`)
  }
  let address = destination as string | undefined
  let seed: string | undefined
  if (address === undefined) {
    // Required on first use (ripple-keypairs-module.ts): importing it would load its curves at
    // the package's import, a fresh process's cold start.
    const { deriveAddress, deriveKeypair, generateSeed } = rippleKeypairs()
    seed = generateSeed({ algorithm: 'ed25519' })
    address = deriveAddress(deriveKeypair(seed).publicKey)
  }
  ledger.fund(address, BigInt(units) * 1_000_000n, [network.key])
  return {
    account: {
      xAddress: classicAddressToXAddress(address, false, !network.is_livenet),
      classicAddress: address,
      address,
      ...(seed ? { secret: seed, seed } : {}),
    },
    amount: units,
  }
}

import { assemblePlatform, type Platform, type PlatformOptions } from './platform'
import { createWallet } from './wallet'

/**
 * Creates the platform with everything wired, the simulated wallet app included: the composition
 * of platform/ and wallet/ (the wallet drives the platform's payloads, users and ledger, so
 * platform/ does not import it).
 *
 * @example
 * ```ts
 * const platform = createPlatform({ ledgerCloseMs: false })
 * const [app] = platform.applications.list()
 * const [alice] = platform.users.list()
 * const { uuid } = platform.payloads.create(app!, { txjson: { TransactionType: 'SignIn' } })
 * await platform.wallet.sign(uuid, { user: alice!.uuid })
 * platform.payloads.record(uuid).meta.signed // true
 * platform.dispose()
 * ```
 */
export function createPlatform(options: PlatformOptions = {}): Platform {
  return assemblePlatform(options, ({ lookups, ...parts }) =>
    createWallet({ ...parts, rates: (code) => lookups.rates(code) }),
  )
}

import { createBoundedCache } from '../bounded-cache'

/** Wallets whose tenant the server remembers, the least recently used forgotten first. */
export const MAX_TENANT_WALLETS = 100_000

/**
 * Which application (a tenant of a shared server) asked for each wallet of `POST
 * /__ref/ledger/wallets` with `application`: the only accounts that tenant may impersonate
 * (docs/protocol.md §10). The control API has no caller identity, so a tenant names itself; a
 * request naming no application is a server's own test, which may impersonate any account.
 *
 * @example
 * ```ts
 * const tenants = createTenantWallets()
 * tenants.add(uuid, address)
 * tenants.owns(uuid, address) // true
 * ```
 */
export interface TenantWallets {
  add(application: string, address: string): void
  owns(application: string, address: string): boolean
}

/** Creates an empty {@link TenantWallets}, bounded by {@link MAX_TENANT_WALLETS}. */
export function createTenantWallets(): TenantWallets {
  const owners = createBoundedCache<string>({ maxKeyLength: 35, maxEntries: MAX_TENANT_WALLETS })
  return {
    add: (application, address) => owners.set(address, application),
    owns: (application, address) => owners.get(address) === application,
  }
}

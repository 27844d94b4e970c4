import { NETWORK_KEYS } from 'pullsign/wire'
import * as z from 'zod'
import type { RefWalletsResponse } from '../control-api-types'
import type { Ledger } from '../ledger'
import type { Applications } from './applications/applications'
import { checkOpeningBalance } from './base-reserve'
import { badBody } from './errors'
import { parseInput } from './schema-input'
import type { TenantWallets } from './tenant-wallets'
import { entropyAccountKeys } from './users/account-keys'

/** Wallets per network when the body names no count: Hardhat's and Anvil's ten. */
export const DEFAULT_WALLET_COUNT = 10

/** Each wallet's balance when the body names none: 10,000 units of the native asset, in drops. */
export const DEFAULT_WALLET_DROPS = '10000000000'

const walletsBody = z.lazy(() =>
  z.strictObject({
    count: z.number().int().min(1).max(100).optional(),
    drops: z
      .string()
      .regex(/^\d{1,17}$/, 'must be a whole number of drops')
      .optional(),
    networks: z
      .array(z.enum(NETWORK_KEYS))
      .min(1)
      .refine((keys) => new Set(keys).size === keys.length, 'must not repeat a network')
      .optional(),
    application: z.string().min(1).max(64).optional(),
  }),
)

/**
 * Creates funded wallets, Hardhat's `getSigners()` for the XRP Ledger: fresh random ed25519 keys
 * (never the same twice, nothing kept on the server: the answer is the only place the seeds
 * are), each account credited directly on its network, as the control API funds users: no
 * transaction, in the open and the latest closed ledger at once, as if funded at genesis. Keys
 * differ per network, so a transaction signed for one network never replays on another. With
 * `application` (a tenant of a shared server), the wallets are remembered as that tenant's: the
 * accounts it may impersonate (platform/ledger-impersonation.ts). Bad input → 400 naming the field
 * (a balance below the base reserve names the reserve), nothing funded.
 *
 * @example
 * ```ts
 * fundedWallets(parts, { count: 2, networks: ['TESTNET'] }).wallets.TESTNET?.length // 2
 * ```
 */
export function fundedWallets(
  parts: {
    ledger: Pick<Ledger, 'fund'>
    applications: Pick<Applications, 'find'>
    tenants: TenantWallets
  },
  input: unknown,
): RefWalletsResponse {
  const { ledger, tenants } = parts
  const body = parseInput(walletsBody, input)
  const { application } = body
  if (application !== undefined && parts.applications.find(application) === null) {
    throw badBody('application', 'is no application of this server')
  }
  const count = body.count ?? DEFAULT_WALLET_COUNT
  const drops = body.drops ?? DEFAULT_WALLET_DROPS
  const networks = body.networks ?? NETWORK_KEYS
  for (const network of networks) {
    checkOpeningBalance('drops', network, BigInt(drops), { none: false })
  }
  const wallets: RefWalletsResponse['wallets'] = {}
  for (const network of networks) {
    wallets[network] = Array.from({ length: count }, () => {
      const { address, seed, publicKey, privateKey } = entropyAccountKeys(
        crypto.getRandomValues(new Uint8Array(16)),
        'ed25519',
      )
      ledger.fund(address, drops, [network])
      if (application !== undefined) tenants.add(application, address)
      return { address, seed, publicKey, privateKey }
    })
  }
  return { wallets }
}

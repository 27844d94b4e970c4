import { createHash } from 'node:crypto'
import { KYC_STATUSES, type KycStatus, NETWORK_KEYS, type NetworkKey } from 'pullsign/wire'
import * as z from 'zod'
import type { KeyAlgorithm, RefCreatedUser, RefUser } from '../../control-api-types'
import type { Ledger } from '../../ledger'
import { checkOpeningBalance } from '../base-reserve'
import { conflict, notFound } from '../errors'
import { newUuid, UUID } from '../ids'
import { parseInput } from '../schema-input'
import { type AccountKeys, accountKeyName, deriveAccountKeys } from './account-keys'
import { DEMO_ACCOUNTS } from './demo-accounts.gen'
import type { UsersState } from './users-state'

/** One account of a user, with its keys. Private keys never leave the platform. */
export interface UserAccount {
  address: string
  algorithm: KeyAlgorithm
  publicKey: string
  privateKey: string
  seed: string
  networks: NetworkKey[]
  /** The account's link to a GlobalID profile (account-meta's `globalid`); absent when none. */
  globalid?: GlobalIdLink
}

/**
 * When an account was linked to a GlobalID profile (ISO 8601) and the profile's URL.
 *
 * @example
 * ```ts
 * const link: GlobalIdLink = { linked: '2025-03-14T09:26:53.000Z', profileUrl: 'https://app.global.id/u/alice' }
 * ```
 */
export interface GlobalIdLink {
  linked: string
  profileUrl: string
}

/** The device the simulated wallet app runs on (xApp context, docs/protocol.md §7.2). */
export interface UserDevice {
  id: string
  platform: 'ios' | 'android'
  currency: string
  locale: string
}

/** A user of the simulated wallet app. */
export interface User {
  uuid: string
  name: string
  kyc: KycStatus
  accounts: UserAccount[]
  device: UserDevice
}

/** Default native balance of a new account on every network: 1,000 units. */
export const DEFAULT_BALANCE_DROPS = '1000000000'

/** The users of the simulated wallet app. */
export interface Users {
  /**
   * Creates a user (§10 body `{name?, accounts?, kyc?, balances?, globalid?}`), funding every
   * account; `globalid` links the first account to a GlobalID profile.
   */
  create(input?: unknown): User
  /** The user with this uuid; 404 when unknown. */
  get(uuid: string): User
  find(uuid: string): User | null
  list(): User[]
  /** The user holding `address`, with that account, or null. */
  byAddress(address: string): { user: User; account: UserAccount } | null
  setKyc(uuid: string, kyc: KycStatus): User
  /** The §10 view: no keys, no seeds. */
  view(user: User): RefUser
  /**
   * The §10 view with each account's keys: what POST `/__ref/users` answers its creator and the
   * test kit's users carry; never GET `/__ref/state`.
   */
  keysView(user: User): RefCreatedUser
  /** Counts the changes of the state it saves: a snapshot writes its part again only when it moved. */
  readonly changes: number
  /** Every user with keys and seeds, for a snapshot (src/state/snapshot.ts). */
  saveState(): UsersState
  /** Replaces every user with a checked snapshot part; funds nothing (the ledger has its own part). */
  loadState(state: UsersState): void
  clear(): void
}

const NETWORKS_ENUM = z.enum(NETWORK_KEYS as unknown as [NetworkKey, ...NetworkKey[]])

/** A GlobalID link as given (§10 users) and as saved: an ISO 8601 time and an http(s) URL. */
export const globalIdSchema = z
  .object({
    linked: z.iso.datetime({ offset: true }),
    profileUrl: z.url({ protocol: /^https?$/ }),
  })
  .strict()

const inputSchema = z.lazy(() =>
  z.object({
    name: z.string().trim().min(1).max(80).optional(),
    accounts: z.number().int().min(1).max(8).optional(),
    kyc: z.enum(KYC_STATUSES).optional(),
    balances: z
      .partialRecord(NETWORKS_ENUM, z.string().regex(/^\d{1,17}$/, 'must be drops'))
      .optional(),
    uuid: z.string().regex(UUID).optional(),
    deviceId: z.string().min(1).max(128).optional(),
    globalid: globalIdSchema.optional(),
  }),
)

/** Accounts of a new user when the input names no count. */
export const DEFAULT_ACCOUNT_COUNT = 2

/**
 * The fixed derivation of a user's n-th account: entropy = first 16 bytes of
 * SHA-256("pullsign-reference-account:<name>:<index>"); the first account is ed25519, the second
 * secp256k1, alternating after that. The same name always yields the same keys, so the demo
 * fixtures (and the docs quoting them) are stable; theirs were derived at build time.
 *
 * @example
 * ```ts
 * deriveUserAccount('Alice', 0).address // the same on every start
 * ```
 */
export function deriveUserAccount(name: string, index: number): AccountKeys {
  const known = DEMO_ACCOUNTS[accountKeyName(name, index)]
  return known ? { ...known } : deriveAccountKeys(name, index)
}

/**
 * Creates the user registry; accounts are funded through the ledger.
 *
 * @example
 * ```ts
 * const users = createUsers({ ledger })
 * const alice = users.create({ name: 'Alice', kyc: 'SUCCESSFUL' })
 * alice.accounts[0]?.algorithm // 'ed25519'
 * ```
 */
export function createUsers(deps: { ledger: Ledger }): Users {
  const byUuid = new Map<string, User>()
  const byAddress = new Map<string, { user: User; account: UserAccount }>()
  let changes = 0

  const freeName = () => {
    const taken = new Set([...byUuid.values()].map((u) => u.name))
    let n = byUuid.size + 1
    while (taken.has(`User ${n}`)) n++
    return `User ${n}`
  }

  return {
    create(input = {}) {
      const data = parseInput(inputSchema, input ?? {})
      const name = data.name ?? freeName()
      for (const user of byUuid.values()) {
        // Keys derive from the name, so two users with one name would share accounts.
        if (user.name === name)
          throw conflict(`a user named ${JSON.stringify(name)} already exists`)
      }
      const uuid = data.uuid ?? newUuid()
      if (byUuid.has(uuid)) throw conflict(`a user with uuid ${uuid} already exists`)
      for (const [network, drops] of Object.entries(data.balances ?? {})) {
        checkOpeningBalance(`balances.${network}`, network as NetworkKey, BigInt(drops), {
          none: true,
        })
      }
      const accounts: UserAccount[] = []
      for (let index = 0; index < (data.accounts ?? DEFAULT_ACCOUNT_COUNT); index++) {
        accounts.push({ ...deriveUserAccount(name, index), networks: [...NETWORK_KEYS] })
      }
      // A GlobalID profile is linked from one account: the user's first.
      if (data.globalid && accounts[0]) accounts[0].globalid = { ...data.globalid }
      const user: User = {
        uuid,
        name,
        kyc: data.kyc ?? 'NONE',
        accounts,
        device: {
          id:
            data.deviceId ?? createHash('sha1').update(`device:${uuid}`).digest('hex').slice(0, 32),
          platform: 'ios',
          currency: 'USD',
          locale: 'en',
        },
      }
      byUuid.set(uuid, user)
      changes++
      for (const account of accounts) {
        byAddress.set(account.address, { user, account })
        for (const network of account.networks) {
          const drops = data.balances?.[network] ?? DEFAULT_BALANCE_DROPS
          // "0": no account on that network (checkOpeningBalance).
          if (BigInt(drops) > 0n) deps.ledger.fund(account.address, drops, [network])
        }
      }
      return user
    },
    get(uuid) {
      const user = byUuid.get(uuid)
      if (!user) throw notFound(`user ${uuid.slice(0, 64)}`)
      return user
    },
    find: (uuid) => byUuid.get(uuid) ?? null,
    list: () => [...byUuid.values()],
    byAddress: (address) => byAddress.get(address) ?? null,
    setKyc(uuid, kyc) {
      const user = this.get(uuid)
      user.kyc = kyc
      changes++
      return user
    },
    view: (user) => ({
      uuid: user.uuid,
      name: user.name,
      kyc: user.kyc,
      accounts: user.accounts.map((a) => ({
        address: a.address,
        algorithm: a.algorithm,
        networks: [...a.networks],
      })),
    }),
    keysView(user) {
      const view = this.view(user)
      return {
        ...view,
        accounts: view.accounts.map((account, i) => {
          const { seed, publicKey, privateKey } = user.accounts[i] as UserAccount
          return { ...account, seed, publicKey, privateKey }
        }),
      }
    },
    get changes() {
      return changes
    },
    saveState: () => [...byUuid.values()].map((user) => structuredClone(user)),
    loadState(state) {
      this.clear()
      for (const saved of state) {
        const user = structuredClone(saved)
        byUuid.set(user.uuid, user)
        for (const account of user.accounts) byAddress.set(account.address, { user, account })
      }
    },
    clear() {
      byUuid.clear()
      byAddress.clear()
      changes++
    },
  }
}

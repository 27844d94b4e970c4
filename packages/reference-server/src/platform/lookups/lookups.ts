import type {
  AccountMetaResponse,
  CuratedAssetsResponse,
  HookHashesResponse,
  HookMeta,
  KycAccountResponse,
  KycStatus,
  KycTokenResponse,
  RailsResponse,
  RatesResponse,
  XrplTxResponse,
} from 'pullsign/wire'
import { type Ledger, NETWORKS } from '../../ledger'
import type { Application } from '../applications/applications'
import { isClassicAddress } from '../classic-address'
import { badBody, notFound } from '../errors'
import { nodeUrls } from '../node-urls'
import type { UserTokens } from '../users/user-tokens'
import type { Users } from '../users/users'
import { curatedAssets } from './curated-assets'
import { knownHookHashes } from './hook-hashes'
import { type NftokenDetail, nftokenDetail } from './nftoken-detail'
import { ratesFor } from './rates'

/** The lookups of docs/protocol.md §2. */
export interface Lookups {
  rates(code: string): RatesResponse
  rails(): RailsResponse
  curatedAssets(): CuratedAssetsResponse
  hookHashes(): HookHashesResponse
  /** One hook's metadata, bare (§2: `hookhash/{hash}` answers a `HookMeta`); 404 for an unknown hash. */
  hookHash(hash: string): HookMeta
  kycByAccount(address: string): KycAccountResponse
  /** An invalid, revoked, expired or foreign token reports `NONE`. */
  kycByToken(app: Application, token: unknown): KycTokenResponse
  accountMeta(address: string): AccountMetaResponse
  /** The `xrpl-tx` answer from the ledger; 404 when unknown. */
  transaction(hash: string): XrplTxResponse
  /** `nftoken-detail` (nftoken-detail.ts): from the ledger for a token minted there. */
  nftokenDetail(tokenId: string): NftokenDetail
}

const POSSIBLE_STATUSES: Record<KycStatus, string> = {
  NONE: 'No KYC attempt has been made',
  IN_PROGRESS: 'KYC flow has been started, but did not finish (yet)',
  REJECTED: 'KYC flow has been started and rejected (NO SUCCESSFUL KYC)',
  SUCCESSFUL: 'KYC flow has been started and was SUCCESSFUL :)',
}

const HASH = /^[0-9A-Fa-f]{64}$/

const address = (value: string, field: string) => {
  if (!isClassicAddress(value)) throw badBody(field, 'is not a valid classic address')
  return value
}

/**
 * Creates the lookups, reading users, tokens and the ledger as they are at the time of the call.
 *
 * @example
 * ```ts
 * const lookups = createLookups({ users, tokens, ledger })
 * lookups.rails().XAHAU?.chain_id // 21337
 * ```
 */
export function createLookups(deps: {
  users: Users
  tokens: UserTokens
  ledger: Ledger
  /** `{api}` now: each network's node URLs are on it (docs/protocol.md §8.6). */
  apiBase: () => string
}): Lookups {
  // Built from the ledger's NETWORKS: there is no second copy of the network facts. Every
  // endpoint and the rpc URL point at the network's node on this server (§8.6).
  const rails = (): RailsResponse => {
    const api = deps.apiBase()
    return Object.fromEntries(
      NETWORKS.map((n) => {
        const node = nodeUrls(api, n.key)
        return [
          n.key,
          {
            chain_id: n.chain_id,
            color: n.color,
            name: n.name,
            is_livenet: n.is_livenet,
            native_asset: n.native_asset,
            endpoints: [{ name: 'Reference node', url: node.ws }],
            explorers: n.explorers.map((e) => ({ ...e })),
            rpc: node.rpc,
            // A network whose codec definitions production serves by URL gets its node's.
            definitions: n.definitions === 'default' ? 'default' : `${node.rpc}/definitions`,
            icons: { ...n.icons },
          },
        ]
      }),
    ) as RailsResponse
  }
  const assets = curatedAssets()
  const hooks: Record<string, HookMeta> = knownHookHashes()

  return {
    rates: ratesFor,
    rails,
    curatedAssets: () => structuredClone(assets),
    hookHashes: () => structuredClone(hooks),
    hookHash(hash) {
      if (!HASH.test(hash)) throw badBody('hash', 'must be 64 hex characters')
      const upper = hash.toUpperCase()
      const meta = hooks[upper]
      if (!meta) throw notFound(`hook hash ${upper}`)
      return structuredClone(meta)
    },
    kycByAccount(value) {
      const account = address(value, 'account')
      return { account, kycApproved: deps.users.byAddress(account)?.user.kyc === 'SUCCESSFUL' }
    },
    kycByToken(app, token) {
      const userUuid = deps.tokens.userOf(app, token)
      const kyc = userUuid === null ? 'NONE' : (deps.users.find(userUuid)?.kyc ?? 'NONE')
      return { kycStatus: kyc, possibleStatuses: { ...POSSIBLE_STATUSES } }
    },
    accountMeta(value) {
      const account = address(value, 'account')
      const owner = deps.users.byAddress(account)
      const index = owner ? owner.user.accounts.indexOf(owner.account) + 1 : 0
      const accountAlias = owner ? `${owner.user.name} ${index}` : null
      return {
        account,
        kycApproved: owner?.user.kyc === 'SUCCESSFUL',
        xummPro: false,
        avatar: `https://xumm.app/avatar/${account}.png`,
        xummProfile: {
          accountAlias,
          ownerAlias: owner ? owner.user.name : null,
        },
        // §2: entries are `{accountAlias, source}`; the platform's own profile of a known account.
        thirdPartyProfiles: accountAlias === null ? [] : [{ accountAlias, source: 'xumm.app' }],
        // §2: when the account was linked to a GlobalID profile (ISO 8601) and its URL, or nulls.
        globalid: {
          linked: owner?.account.globalid?.linked ?? null,
          profileUrl: owner?.account.globalid?.profileUrl ?? null,
        },
      }
    },
    transaction(hash) {
      if (!HASH.test(hash)) throw badBody('hash', 'must be 64 hex characters')
      const found = deps.ledger.transaction(hash.toUpperCase())
      if (!found) throw notFound(`transaction ${hash.toUpperCase()}`)
      const network = NETWORKS.find((n) => n.dispatched_to === found.node)
      // The node that has it is this server's node of its network (§8.6).
      const node = network ? nodeUrls(deps.apiBase(), network.key).ws : found.node
      return { ...found, node } as unknown as XrplTxResponse
    },
    nftokenDetail: (tokenId) => nftokenDetail(deps.ledger, tokenId),
  }
}

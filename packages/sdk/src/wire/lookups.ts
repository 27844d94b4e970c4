import type { NetworkKey } from './networks'
import type { OAuthJwtClaims } from './oauth'
import type { Amount, TransactionJson } from './transaction'
import type { XappJwtClaims } from './xapp'

/**
 * GET `ping` (§2).
 *
 * @example
 * ```ts
 * const { auth } = await pullsign.ping()
 * console.log(auth.application.name)
 * ```
 */
export interface PingResponse {
  pong: true
  auth: {
    quota: Record<string, unknown>
    application: {
      uuidv4: string
      name: string
      webhookurl: string | null
      /** The application's redirect URIs. */
      redirecturis: string[]
      disabled: number
    }
    call: { uuidv4: string }
  }
}

/**
 * GET `jwt/ping` (§2 JWT routes): the claims of the JWT the call carried, plus `pong: true`; the
 * OAuth2 JWT's claims for a browser or native client, the xApp JWT's inside an xApp.
 *
 * @example
 * ```ts
 * const { sub, pong } = await browserClient.ping()
 * console.log(pong, 'signed in as', sub)
 * ```
 */
export type JwtPingResponse = (OAuthJwtClaims | XappJwtClaims) & { pong: true }

/**
 * One currency of a curated issuer (§2 `curated-assets`).
 *
 * @example
 * ```ts
 * const usd: CuratedCurrency = assets.details.Bitstamp!.currencies.USD!
 * ```
 */
export interface CuratedCurrency {
  id: number
  issuer_id: number
  issuer: string
  currency: string
  name: string
  avatar: string
  shortlist: number
}

/**
 * One curated issuer (§2 `curated-assets`).
 *
 * @example
 * ```ts
 * const bitstamp: CuratedIssuer | undefined = assets.details.Bitstamp
 * ```
 */
export interface CuratedIssuer {
  id: number
  name: string
  domain: string
  avatar: string
  shortlist: number
  currencies: Record<string, CuratedCurrency>
}

/**
 * GET `curated-assets` (§2).
 *
 * @example
 * ```ts
 * const { issuers, currencies } = await pullsign.getCuratedAssets()
 * ```
 */
export interface CuratedAssetsResponse {
  issuers: string[]
  currencies: string[]
  details: Record<string, CuratedIssuer>
}

/**
 * One network of GET `rails` (§2).
 *
 * @example
 * ```ts
 * const testnet: Rail | undefined = rails.TESTNET
 * ```
 */
export interface Rail {
  chain_id: number
  color: string
  name: string
  is_livenet: boolean
  native_asset: string
  endpoints: Array<{ name: string; url: string }>
  explorers: Array<{ name: string; url_tx: string; url_account: string; url_ctid: string }>
  /** The network's JSON-RPC URL. */
  rpc: string
  /** `"default"`, or the URL of the network's binary-codec definitions. */
  definitions: string
  icons: { icon_square: string; icon_asset: string }
}

/**
 * GET `rails` (§2), keyed by rails key.
 *
 * @example
 * ```ts
 * const rails: RailsResponse = await pullsign.getRails()
 * ```
 */
export type RailsResponse = Partial<Record<NetworkKey, Rail>> & Record<string, Rail>

/**
 * Metadata of a hook (§2 `hookhash`).
 *
 * @example
 * ```ts
 * const meta: HookMeta = await pullsign.getHookHash(hash)
 * ```
 */
export interface HookMeta {
  name: string
  description: string
  creator: { name: string; mail: string; site: string }
  xapp: string
  appuuid: string
  icon: string
  verifiedAccounts: string[]
  audits: string[]
}

/**
 * GET `hookhash` (§2): every known hook, keyed by hash (GET `hookhash/{hash}` gives one
 * {@link HookMeta}).
 *
 * @example
 * ```ts
 * const all: HookHashesResponse = await pullsign.getHookHashes()
 * ```
 */
export type HookHashesResponse = Record<string, HookMeta>

/**
 * The currency metadata of a rates response (§2).
 *
 * @example
 * ```ts
 * rates.__meta.currency.symbol // '$'
 * ```
 */
export interface RatesMeta {
  currency: { en: string; code: string; symbol: string; isoDecimals: number }
}

/**
 * GET `rates/{CODE}` (§2): how many units of CODE one US dollar and one XRP buy (fiat and crypto
 * codes; production's INR answer is `{USD: 75.50455, XRP: 54.329676, __meta}`).
 *
 * @example
 * ```ts
 * const rates = await pullsign.getRates('eur')
 * const euros = 25 * rates.XRP // what 25 XRP are worth in euros
 * ```
 */
export interface RatesResponse {
  /** Units of CODE for one US dollar. */
  USD: number
  /** Units of CODE for one XRP. */
  XRP: number
  __meta: RatesMeta
}

/**
 * A KYC status (§2 `kyc-status`).
 *
 * @example
 * ```ts
 * const status: KycStatus = 'SUCCESSFUL'
 * ```
 */
export type KycStatus = 'NONE' | 'IN_PROGRESS' | 'REJECTED' | 'SUCCESSFUL'

/**
 * The KYC statuses, as a list.
 *
 * @example
 * ```ts
 * KYC_STATUSES.includes('NONE') // true
 * ```
 */
export const KYC_STATUSES = /* @__PURE__ */ Object.freeze([
  'NONE',
  'IN_PROGRESS',
  'REJECTED',
  'SUCCESSFUL',
] as const satisfies readonly KycStatus[])

/**
 * GET `kyc-status/{rAddress}` (§2).
 *
 * @example
 * ```ts
 * const { kycApproved } = await pullsign.getKycStatus('rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY')
 * ```
 */
export interface KycAccountResponse {
  account: string
  kycApproved: boolean
}

/**
 * POST `kyc-status` request (§2).
 *
 * @example
 * ```ts
 * const body: KycTokenRequest = { user_token: token }
 * ```
 */
export interface KycTokenRequest {
  user_token: string
}

/**
 * POST `kyc-status` response (§2); an invalid, revoked or expired token gives `NONE`.
 *
 * @example
 * ```ts
 * const { kycStatus } = await pullsign.getKycStatus({ user_token: token })
 * ```
 */
export interface KycTokenResponse {
  kycStatus: KycStatus
  possibleStatuses: Record<KycStatus, string>
}

/**
 * One balance change of GET `xrpl-tx/{hash}` (§2).
 *
 * @example
 * ```ts
 * const change: BalanceChange = { counterparty: '', currency: 'XRP', value: '-1.000012' }
 * ```
 */
export interface BalanceChange {
  counterparty: string
  currency: string
  value: string
}

/**
 * GET `xrpl-tx/{hash}` (§2).
 *
 * @example
 * ```ts
 * const tx = await pullsign.getTransaction(txid)
 * console.log(tx.transaction.meta.TransactionResult, tx.transaction.validated)
 * ```
 */
export interface XrplTxResponse {
  txid: string
  node: string
  balanceChanges: Record<string, BalanceChange[]>
  transaction: TransactionJson & {
    meta: {
      TransactionIndex: number
      TransactionResult: string
      /** What arrived (§8.3): drops as a string, or an issued amount; absent when not a payment. */
      delivered_amount?: Amount
      [field: string]: unknown
    }
    validated: boolean
  }
}

/**
 * POST `user-tokens` request (§2).
 *
 * @example
 * ```ts
 * const body: UserTokensRequest = { tokens: [token] }
 * ```
 */
export interface UserTokensRequest {
  tokens: string[]
}

/**
 * One verified user token (§2, §6): `issued` / `expires` in unix seconds.
 *
 * @example
 * ```ts
 * if (!info.active) console.log('ask the user to sign in again')
 * ```
 */
export interface UserTokenInfo {
  user_token: string
  active: boolean
  issued: number
  expires: number
}

/**
 * POST `user-tokens` / GET `user-token/{token}` response (§2).
 *
 * @example
 * ```ts
 * const { tokens } = await pullsign.verifyUserTokens([a, b])
 * ```
 */
export interface UserTokensResponse {
  tokens: UserTokenInfo[]
}

/**
 * GET `account-meta/{rAddress}` (§2).
 *
 * @example
 * ```ts
 * const meta = await pullsign.getAccountMeta('rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY')
 * ```
 */
export interface AccountMetaResponse {
  account: string
  kycApproved: boolean
  xummPro: boolean
  avatar: string
  xummProfile: { accountAlias: string | null; ownerAlias: string | null }
  thirdPartyProfiles: Array<{ accountAlias: string; source: string }>
  /** `linked`: when the account was linked to a global id (ISO 8601), or null. */
  globalid: { linked: string | null; profileUrl: string | null }
}

/**
 * GET `jwt/nftoken-detail/{tokenId}` (docs/protocol.md §2, JWT routes only).
 *
 * @example
 * ```ts
 * const { issuer }: NftokenDetail = await pullsign.nftokenDetail(tokenId)
 * ```
 */
export interface NftokenDetail {
  issuer: string
  token: string
  owner: string | null
  name: string | null
  image: string | null
}

import { PullSignError } from '../core/errors/pull-sign-error'
import { CLASSIC_ADDRESS, describeValue, HEX_64, requireString } from '../core/input'
import type { Client } from '../core/platform-client'
import type {
  AccountMetaResponse,
  CuratedAssetsResponse,
  HookHashesResponse,
  HookMeta,
  JwtPingResponse,
  KycAccountResponse,
  KycTokenResponse,
  NftokenDetail,
  PingResponse,
  RailsResponse,
  RatesResponse,
  UserTokenInfo,
  UserTokensResponse,
  XrplTxResponse,
} from '../wire/lookups'

const CURRENCY_CODE = /^[A-Za-z0-9]{3}$/

/**
 * Who to look KYC up for: an account, or a user token.
 *
 * @example
 * ```ts
 * const who: KycTarget = { user_token: token }
 * ```
 */
export type KycTarget = { account: string } | { user_token: string }

/**
 * The read-only lookups of docs/protocol.md §2 every client has (key + secret and JWT routes).
 *
 * @example
 * ```ts
 * const lookups = createLookups(client)
 * const rates = await lookups.getRates('USD')
 * ```
 */
export interface Lookups<Ping = PingResponse> {
  /**
   * `ping`: with a key and secret, the application they belong to and this call's id; with a JWT
   * (`jwt/ping`), the JWT's own claims (the person's account as `sub`), each with `pong: true`.
   */
  ping(): Promise<Ping>
  getRates(currency: string): Promise<RatesResponse>
  getRails(): Promise<RailsResponse>
  getHookHash(hash: string): Promise<HookMeta>
  getHookHashes(): Promise<HookHashesResponse>
  getCuratedAssets(): Promise<CuratedAssetsResponse>
  getTransaction(hash: string): Promise<XrplTxResponse>
}

/**
 * The lookups of a client holding a person's JWT (browser, native, xApp), §2 JWT routes.
 *
 * @example
 * ```ts
 * const { sub, pong } = await createJwtLookups(client).ping()
 * ```
 */
export interface JwtLookups extends Lookups<JwtPingResponse> {
  /** The detail of an NFToken by its 64-hex id. */
  nftokenDetail(tokenId: string): Promise<NftokenDetail>
}

/**
 * The lookups only a backend has (docs/protocol.md §2: key + secret routes).
 *
 * @example
 * ```ts
 * const { kycApproved } = await createBackendLookups(client).getKycStatus({ account })
 * ```
 */
export interface BackendLookups {
  getKycStatus(target: { account: string }): Promise<KycAccountResponse>
  getKycStatus(target: { user_token: string }): Promise<KycTokenResponse>
  getKycStatus(target: string | KycTarget): Promise<KycAccountResponse | KycTokenResponse>
  verifyUserToken(token: string): Promise<UserTokenInfo>
  verifyUserTokens(tokens: readonly string[]): Promise<UserTokenInfo[]>
  getAccountMeta(account: string): Promise<AccountMetaResponse>
}

const requireAccount = (value: unknown, field: string) =>
  requireString(value, field, CLASSIC_ADDRESS, 'a classic address (r…)')

const requireHash = (value: unknown, field: string) =>
  requireString(value, field, HEX_64, '64 hex characters')

const getter =
  (client: Client) =>
  <T>(path: string, sensitive?: string[]) =>
    client.request<T>('GET', path, sensitive ? { sensitive } : {})

/**
 * Builds the lookups every client has on its platform client (a JWT client adds
 * `nftokenDetail`, a backend {@link createBackendLookups}).
 *
 * @example
 * ```ts
 * const lookups = createLookups(client)
 * const rates = await lookups.getRates('USD')
 * ```
 */
export function createLookups<Ping = PingResponse>(client: Client): Lookups<Ping> {
  const get = getter(client)
  return {
    ping: () => get<Ping>('ping'),
    getRates: async (currency) => {
      const code = requireString(currency, 'currency', CURRENCY_CODE, 'a 3-character currency code')
      return get<RatesResponse>(`rates/${code.toUpperCase()}`)
    },
    getRails: () => get<RailsResponse>('rails'),
    getHookHash: async (hash) => {
      return get<HookMeta>(`hookhash/${requireHash(hash, 'hash')}`)
    },
    getHookHashes: () => get<HookHashesResponse>('hookhash'),
    getCuratedAssets: () => get<CuratedAssetsResponse>('curated-assets'),
    getTransaction: async (hash) => get<XrplTxResponse>(`xrpl-tx/${requireHash(hash, 'hash')}`),
  }
}

/**
 * Builds the lookups of a client holding a person's JWT (browser, native, xApp): every client's,
 * `jwt/ping` (the JWT's claims) and the detail of an NFToken by its 64-hex id
 * (`jwt/nftoken-detail/{tokenId}`).
 *
 * @example
 * ```ts
 * const { issuer } = await createJwtLookups(client).nftokenDetail(tokenId)
 * ```
 */
export function createJwtLookups(client: Client): JwtLookups {
  return {
    ...createLookups<JwtPingResponse>(client),
    nftokenDetail: async (tokenId) =>
      getter(client)(`nftoken-detail/${requireHash(tokenId, 'tokenId')}`),
  }
}

/**
 * Builds a backend's own lookups: KYC, user tokens, account metadata.
 *
 * @example
 * ```ts
 * const { active } = await createBackendLookups(client).verifyUserToken(token)
 * ```
 */
export function createBackendLookups(client: Client): BackendLookups {
  const get = getter(client)
  const kyc = async (target: string | KycTarget) => {
    // Object(): `in` reads an object; null or a number is one without either field.
    const who: KycTarget = Object(
      typeof target === 'string'
        ? CLASSIC_ADDRESS.test(target)
          ? { account: target }
          : { user_token: target }
        : target,
    )
    if ('account' in who) {
      const account = requireAccount(who.account, 'account')
      return get<KycAccountResponse>(`kyc-status/${account}`)
    }
    if ('user_token' in who) {
      const user_token = requireString(who.user_token, 'user_token')
      return client.request<KycTokenResponse>('POST', 'kyc-status', {
        body: { user_token },
        sensitive: [user_token],
      })
    }
    throw new PullSignError(
      'ERR_INPUT',
      `getKycStatus needs an account, a user token, {account} or {user_token}; got ${describeValue(target)}`,
    )
  }
  const verifyUserTokens = async (tokens: readonly string[]) => {
    if (!Array.isArray(tokens) || tokens.length === 0) {
      throw new PullSignError('ERR_INPUT', 'tokens must be a non-empty array')
    }
    for (const [i, token] of tokens.entries()) requireString(token, `tokens[${i}]`)
    const body = { tokens: [...tokens] }
    const response = await client.request<UserTokensResponse>('POST', 'user-tokens', {
      body,
      sensitive: body.tokens,
    })
    return response.tokens
  }
  return {
    getKycStatus: kyc as BackendLookups['getKycStatus'],
    verifyUserToken: async (token) => {
      const value = requireString(token, 'token')
      const response = await get<UserTokensResponse>(`user-token/${encodeURIComponent(value)}`, [
        value,
      ])
      const info = response.tokens[0]
      if (!info) {
        throw new PullSignError('ERR_RESPONSE', 'the user-token answer listed no token', {
          secrets: [value],
        })
      }
      return info
    },
    verifyUserTokens,
    getAccountMeta: async (account) =>
      get<AccountMetaResponse>(`account-meta/${requireAccount(account, 'account')}`),
  }
}

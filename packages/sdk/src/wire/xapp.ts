import type { AccountInfo } from './account-info'
import type { NetworkKey } from './networks'

/**
 * xApp styles of the launch URL (§7.2); missing → light.
 *
 * @example
 * ```ts
 * const style: XappStyle = 'DARK'
 * ```
 */
export type XappStyle = 'LIGHT' | 'DARK' | 'MOONLIGHT' | 'ROYAL'

/**
 * The xApp styles, as a list.
 *
 * @example
 * ```ts
 * XAPP_STYLES.includes('ROYAL') // true
 * ```
 */
export const XAPP_STYLES = /* @__PURE__ */ Object.freeze([
  'LIGHT',
  'DARK',
  'MOONLIGHT',
  'ROYAL',
] as const satisfies readonly XappStyle[])

/**
 * The xApp context behind a one-time token (§7.2): GET `platform/xapp/ott/{ott}` and the `ott`
 * field of GET `jwt/authorize`.
 *
 * @example
 * ```ts
 * const context: XappContext = await pullsign.xapp.get(ott)
 * console.log(context.account, context.nodetype)
 * ```
 */
export interface XappContext {
  version: string
  locale: string
  currency: string
  style: XappStyle
  nodetype: NetworkKey | (string & {})
  nodewss: string
  networkid: number
  /** The user's uuid. */
  user: string
  user_device: { currency: string; platform: string }
  account: string
  accounttype: 'REGULAR' | 'TANGEM'
  accountaccess: 'FULL' | 'READONLY'
  account_info: AccountInfo
  origin: { type: string | null; data: Record<string, unknown> | null }
  subscriptions: unknown[]
}

/**
 * GET `jwt/authorize` response (§2): the OTT exchange.
 *
 * @example
 * ```ts
 * const { jwt, ott } = (await res.json()) as XappAuthorizeResponse
 * ```
 */
export interface XappAuthorizeResponse {
  ott: XappContext
  app: { name: string; uuidv4: string }
  jwt: string
}

/**
 * Claims of the xApp JWT (§7.2): HS256 with the application's API secret, 24 h.
 *
 * @example
 * ```ts
 * const claims: XappJwtClaims = await verifyXappJwt(jwt, apiSecret)
 * ```
 */
export interface XappJwtClaims {
  app_uuidv4: string
  app_name: string
  ott_uuidv4: string
  /** The account. */
  sub: string
  /** The user's uuid. */
  usr: string
  /** The node type (rails key). */
  net: string
  client_id: string
  iat: number
  exp: number
}

/**
 * How long a one-time token lives, in seconds (§7.2).
 *
 * @example
 * ```ts
 * OTT_TTL_SECONDS // 60
 * ```
 */
export const OTT_TTL_SECONDS = 60

/**
 * The wallet's `payloadResolved` event (§7.2): the answer to `openSignRequest`.
 *
 * @example
 * ```ts
 * const { reason }: XappPayloadResolved = await pullsign.xapp.openSignRequest(uuid)
 * ```
 */
export interface XappPayloadResolved {
  reason: 'SIGNED' | 'DECLINED'
  uuid: string
}

/**
 * The wallet's `scanQr` event (§7.2): the answer to `scanQr`.
 *
 * @example
 * ```ts
 * const { qrContents, reason }: XappScanResult = await pullsign.xapp.scanQr()
 * ```
 */
export interface XappScanResult {
  qrContents: string | null
  reason: 'SCANNED' | 'USER_CLOSE' | 'INVALID_QR'
}

/**
 * The wallet's `selectDestination` event (§7.2): the answer to `selectDestination`.
 *
 * @example
 * ```ts
 * const { destination, reason }: XappDestinationResult = await pullsign.xapp.selectDestination()
 * ```
 */
export interface XappDestinationResult {
  destination: { address: string; tag?: number; name?: string | null } | null
  info: Record<string, unknown> | null
  reason: 'SELECTED' | 'USER_CLOSE'
}

/**
 * The wallet's `networkSwitch` event (§7.2): the user switched network.
 *
 * @example
 * ```ts
 * pullsign.on('networkswitch', ({ network }: XappNetworkSwitch) => console.log(network))
 * ```
 */
export interface XappNetworkSwitch {
  network: string
}

/**
 * Base URLs of the three hosts of the platform (docs/protocol.md §0), each without a trailing slash.
 *
 * @example
 * ```ts
 * const endpoints: Endpoints = {
 *   api: 'http://127.0.0.1:8080',
 *   oauth: 'http://127.0.0.1:8080/oauth',
 *   links: 'http://127.0.0.1:8080',
 * }
 * ```
 */
export interface Endpoints {
  /** `{api}`: the REST API, the websocket host (http → ws) and the sign pages. */
  api: string
  /** `{oauth}`: the OAuth2 / OpenID Connect provider (§7.1). */
  oauth: string
  /** `{links}`: public links (§9.2). */
  links: string
}

/**
 * The production platform's endpoints.
 *
 * @example
 * ```ts
 * import { PRODUCTION_ENDPOINTS } from 'pullsign/wire'
 * console.log(PRODUCTION_ENDPOINTS.api) // https://xumm.app
 * ```
 */
export const PRODUCTION_ENDPOINTS: Readonly<Endpoints> = /* @__PURE__ */ Object.freeze({
  api: 'https://xumm.app',
  oauth: 'https://oauth2.xumm.app',
  links: 'https://xumm.app',
})

/**
 * Path prefixes under `{api}` (docs/protocol.md §1, §2).
 *
 * @example
 * ```ts
 * const url = `${endpoints.api}${API_PATHS.platform}/ping`
 * ```
 */
export const API_PATHS = /* @__PURE__ */ Object.freeze({
  /** Key + secret routes. */
  platform: '/api/v1/platform',
  /** Bearer JWT routes. */
  jwt: '/api/v1/jwt',
  /** Payload websocket: `{ws-api}/sign/{uuid}` (§4); the sign page shares the prefix (§3.2). */
  sign: '/sign',
})

/**
 * Header names of docs/protocol.md §1 (all lower-case, as sent).
 *
 * @example
 * ```ts
 * const headers = { [API_HEADERS.apiKey]: key, [API_HEADERS.apiSecret]: secret }
 * ```
 */
export const API_HEADERS = /* @__PURE__ */ Object.freeze({
  apiKey: 'x-api-key',
  apiSecret: 'x-api-secret',
  ott: 'x-api-ott',
  authorization: 'authorization',
  rateLimitLimit: 'x-ratelimit-limit',
  rateLimitRemaining: 'x-ratelimit-remaining',
  retryAfter: 'retry-after',
})

/**
 * The websocket URL of a payload, `{ws-api}/sign/{uuid}` (§4): the API base with `http` → `ws`.
 *
 * @example
 * ```ts
 * payloadSocketUrl('https://xumm.app', uuid) // 'wss://xumm.app/sign/<uuid>'
 * ```
 */
export function payloadSocketUrl(api: string, uuid: string): string {
  return `${api.replace(/^http/, 'ws')}${API_PATHS.sign}/${uuid}`
}

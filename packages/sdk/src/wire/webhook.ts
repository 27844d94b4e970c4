/**
 * The webhook body of §5, sent once per resolution.
 *
 * @example
 * ```ts
 * const body = JSON.parse(rawBody) as WebhookBody
 * console.log(body.payloadResponse.signed, body.userToken?.user_token)
 * ```
 */
export interface WebhookBody {
  meta: {
    url: string
    application_uuidv4: string
    payload_uuidv4: string
    opened_by_deeplink: boolean | null
  }
  custom_meta: {
    identifier: string | null
    blob: Record<string, unknown> | null
    instruction: string | null
  }
  payloadResponse: {
    payload_uuidv4: string
    reference_call_uuidv4: string
    signed: boolean
    user_token: boolean
    return_url: { app: string | null; web: string | null }
    txid: string | null
  }
  /** Unix seconds; `null` when no token was issued (e.g. rejected). */
  userToken: {
    user_token: string
    token_issued: number
    token_expiration: number
  } | null
}

/**
 * Header names of a webhook delivery (§5), lower-case.
 *
 * @example
 * ```ts
 * const signature = request.headers.get(WEBHOOK_HEADERS.signature)
 * ```
 */
export const WEBHOOK_HEADERS = /* @__PURE__ */ Object.freeze({
  attempt: 'x-xumm-attempt',
  payload: 'x-xumm-payload',
  timestamp: 'x-xumm-request-timestamp',
  signature: 'x-xumm-request-signature',
  userAgent: 'user-agent',
})

/**
 * The `user-agent` of a webhook delivery (§5).
 *
 * @example
 * ```ts
 * headers['user-agent'] === WEBHOOK_USER_AGENT
 * ```
 */
export const WEBHOOK_USER_AGENT = 'xumm-webhook'

/**
 * Delivery schedule of §5: the first attempt at once, then these delays (seconds) after each
 * failure; at most 5 attempts; an attempt fails after 15 s.
 *
 * @example
 * ```ts
 * WEBHOOK_RETRY_DELAYS_SECONDS.length + 1 // 5 attempts
 * ```
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = /* @__PURE__ */ Object.freeze([
  10, 60, 600, 600,
] as const)

/**
 * How long a webhook receiver has to answer, in seconds (§5).
 *
 * @example
 * ```ts
 * AbortSignal.timeout(WEBHOOK_TIMEOUT_SECONDS * 1000)
 * ```
 */
export const WEBHOOK_TIMEOUT_SECONDS = 15

/**
 * HTTP statuses that count as a successful webhook delivery (§5).
 *
 * @example
 * ```ts
 * WEBHOOK_SUCCESS_STATUSES.includes(res.status)
 * ```
 */
export const WEBHOOK_SUCCESS_STATUSES = /* @__PURE__ */ Object.freeze([200, 201, 204] as const)

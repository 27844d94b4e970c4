/**
 * The error body of every failed API call (docs/protocol.md §1). `message` is ours (production omits it).
 *
 * @example
 * ```ts
 * const body: ErrorBody = { error: { reference: '…', code: 602, message: 'txjson.Amount is not a valid amount' } }
 * ```
 */
export interface ErrorBody {
  error: {
    reference: string
    code: number
    message?: string
  }
}

/**
 * The error codes of the §1 table.
 *
 * @example
 * ```ts
 * const code: ApiErrorCode = 602
 * ```
 */
export type ApiErrorCode = 600 | 602 | 603 | 404 | 409 | 812 | 813 | 814 | 815 | 429 | 500

/**
 * The §1 code table: each platform error code with its HTTP status and what it means, so the SDK
 * can explain numeric codes.
 *
 * @example
 * ```ts
 * API_ERROR_CODES[813] // { status: 403, meaning: 'invalid API key/secret' }
 * ```
 */
export const API_ERROR_CODES: Readonly<
  Record<ApiErrorCode, { readonly status: number; readonly meaning: string }>
> = /* @__PURE__ */ Object.freeze({
  600: { status: 400, meaning: 'body is not JSON, or a required field is missing' },
  602: {
    status: 400,
    meaning: 'invalid sign request: txjson/txblob, options or custom_meta',
  },
  603: { status: 403, meaning: 'transaction type not permitted for this application' },
  404: { status: 404, meaning: 'not found, or of another application' },
  409: { status: 409, meaning: 'custom_meta.identifier already used' },
  812: { status: 403, meaning: 'credential kind not allowed on this route' },
  813: { status: 403, meaning: 'invalid API key/secret' },
  814: {
    status: 401,
    meaning: 'JWT missing, malformed, badly signed, expired or of another application',
  },
  815: { status: 403, meaning: 'one-time token unknown, expired (60 s) or used' },
  429: { status: 429, meaning: 'rate limit exceeded' },
  500: { status: 500, meaning: 'internal error on the platform' },
})

/**
 * Whether a number is a code of the §1 table.
 *
 * @example
 * ```ts
 * isApiErrorCode(813) // true
 * ```
 */
export function isApiErrorCode(code: unknown): code is ApiErrorCode {
  return typeof code === 'number' && Object.hasOwn(API_ERROR_CODES, code)
}

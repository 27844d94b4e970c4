import { API_ERROR_MEANINGS } from './error-meanings'

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
  600: { status: 400, meaning: API_ERROR_MEANINGS[600] },
  602: { status: 400, meaning: API_ERROR_MEANINGS[602] },
  603: { status: 403, meaning: API_ERROR_MEANINGS[603] },
  404: { status: 404, meaning: API_ERROR_MEANINGS[404] },
  409: { status: 409, meaning: API_ERROR_MEANINGS[409] },
  812: { status: 403, meaning: API_ERROR_MEANINGS[812] },
  813: { status: 403, meaning: API_ERROR_MEANINGS[813] },
  814: { status: 401, meaning: API_ERROR_MEANINGS[814] },
  815: { status: 403, meaning: API_ERROR_MEANINGS[815] },
  429: { status: 429, meaning: API_ERROR_MEANINGS[429] },
  500: { status: 500, meaning: API_ERROR_MEANINGS[500] },
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

// What each code of the §1 table means (docs/protocol.md §1), apart from its status: `ApiError`
// explains a numeric code with this alone, so the main entry does not carry the statuses of
// wire's API_ERROR_CODES, built from it.
export const API_ERROR_MEANINGS = /* @__PURE__ */ Object.freeze({
  600: 'body is not JSON, or a required field is missing',
  602: 'invalid sign request: txjson/txblob, options or custom_meta',
  603: 'transaction type not permitted for this application',
  404: 'not found, or of another application',
  409: 'custom_meta.identifier already used',
  812: 'credential kind not allowed on this route',
  813: 'invalid API key/secret',
  814: 'JWT missing, malformed, badly signed, expired or of another application',
  815: 'one-time token unknown, expired (60 s) or used',
  429: 'rate limit exceeded',
  500: 'internal error on the platform',
})

// The meaning of a code of the table, null for any other value.
export const apiErrorMeaning = (code: unknown): string | null =>
  typeof code === 'number' && Object.hasOwn(API_ERROR_MEANINGS, code)
    ? API_ERROR_MEANINGS[code as keyof typeof API_ERROR_MEANINGS]
    : null

import { API_ERROR_CODES, isApiErrorCode } from '../wire/errors'
import { redact } from './redact'

/**
 * Every error code the SDK raises; `switch (err.code)` narrows.
 *
 * - `ERR_CONFIG`: the client was constructed wrongly (missing key, secret in a browser, bad URL).
 * - `ERR_INPUT`: an argument is invalid; nothing was sent.
 * - `ERR_API`: the platform answered with an error (see {@link ApiError}).
 * - `ERR_AUTH`: credentials were refused (812, 813, 814, 815; see {@link AuthError}).
 * - `ERR_RATE_LIMIT`: too many calls (429; see {@link RateLimitError}).
 * - `ERR_NETWORK`: no answer (refused connection, DNS, reset; see {@link NetworkError}).
 * - `ERR_TIMEOUT`: no answer in time (see {@link TimeoutError}).
 * - `ERR_ABORTED`: the caller aborted (AbortSignal, `close()`).
 * - `ERR_RESPONSE`: the platform answered with something that is not the expected JSON.
 * - `ERR_SIGNATURE`: a webhook, sign-in or JWT did not verify (`pullsign/verify`).
 * - `ERR_SIGN_IN`: a browser or native sign-in did not complete (see {@link SignInError}).
 * - `ERR_XAPP_HOST`: inside an xApp, no wallet host answered the bridge (see
 *   {@link XappHostUnreachableError}).
 *
 * @example
 * ```ts
 * const code: PullSignErrorCode = 'ERR_RATE_LIMIT'
 * ```
 */
export type PullSignErrorCode =
  | 'ERR_CONFIG'
  | 'ERR_INPUT'
  | 'ERR_API'
  | 'ERR_AUTH'
  | 'ERR_RATE_LIMIT'
  | 'ERR_NETWORK'
  | 'ERR_TIMEOUT'
  | 'ERR_ABORTED'
  | 'ERR_RESPONSE'
  | 'ERR_SIGNATURE'
  | 'ERR_SIGN_IN'
  | 'ERR_XAPP_HOST'

/**
 * Options shared by every error constructor: the cause, and the secrets to scrub from the message.
 *
 * @example
 * ```ts
 * new PullSignError('ERR_CONFIG', 'bad secret', { secrets: [apiSecret] })
 * ```
 */
export interface PullSignErrorOptions {
  cause?: unknown
  /** Values replaced by `[REDACTED]` wherever they appear in the message. */
  secrets?: readonly (string | undefined)[]
}

const inspectSymbol = Symbol.for('nodejs.util.inspect.custom')

// `instanceof` must hold across copies of the SDK (its ESM and CJS builds loaded side by side,
// or two installed versions): each error carries the kinds of its classes under a global symbol,
// and each class of ours checks for its kind instead of its own prototype.
const KINDS = Symbol.for('pullsign.error.kinds')
const KIND: unique symbol = Symbol.for('pullsign.error.kind') as never
const objectHasInstance = Function.prototype[Symbol.hasInstance]

const isKind = (errorClass: object, value: unknown): boolean => {
  // A user's own subclass has no kind of its own: the ordinary prototype check.
  if (!Object.hasOwn(errorClass, KIND)) return objectHasInstance.call(errorClass, value)
  const kinds: unknown =
    typeof value === 'object' && value !== null
      ? (value as { [KINDS]?: unknown })[KINDS]
      : undefined
  return Array.isArray(kinds) && kinds.includes((errorClass as { [KIND]: string })[KIND])
}

// The kinds of every class of ours from `target` up; the first is the error's name.
const kindsOf = (target: object): string[] => {
  const kinds: string[] = []
  for (let c = target; c && c !== Error; c = Object.getPrototypeOf(c)) {
    if (Object.hasOwn(c, KIND)) kinds.push((c as { [KIND]: string })[KIND])
  }
  return kinds
}

/**
 * The base of every error the SDK throws. Messages say what to do, never contain a secret, and
 * `toJSON()` / `util.inspect` show only safe fields.
 *
 * @example
 * ```ts
 * try {
 *   await pullsign.payload.get(uuid)
 * } catch (err) {
 *   if (err instanceof PullSignError) console.log(err.code, err.message)
 * }
 * ```
 */
export class PullSignError extends Error {
  /** @internal The kind `instanceof` looks for. */
  static readonly [KIND]: string = 'PullSignError'
  readonly code: PullSignErrorCode
  constructor(code: PullSignErrorCode, message: string, options: PullSignErrorOptions = {}) {
    super(redact(message, options.secrets), 'cause' in options ? { cause: options.cause } : {})
    const kinds = kindsOf(new.target)
    Object.defineProperty(this, KINDS, { value: kinds })
    this.name = kinds[0] as string
    this.code = code
  }

  /**
   * `err instanceof PullSignError` (or any subclass) holds for errors thrown by any copy of the
   * SDK: its ESM and CJS builds, or another installed version.
   *
   * @example
   * ```ts
   * // In a CommonJS module of yours, next to a library that imports pullsign's ESM build:
   * const { PullSignError } = require('pullsign')
   * try {
   *   await libraryUsingTheEsmCopy.pay()
   * } catch (err) {
   *   if (err instanceof PullSignError) console.log(err.code) // true for the other copy's errors
   * }
   * ```
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class on the right of instanceof
    return isKind(this, value)
  }

  /**
   * The fields that are safe to log.
   *
   * @example
   * ```ts
   * console.log(JSON.stringify(err)) // {"name":"ApiError","code":"ERR_API",...}
   * ```
   */
  toJSON(): Record<string, unknown> {
    // The own fields of every subclass (status, errorCode, retryAfter, …) are safe by design:
    // messages are redacted when built; `cause` (not enumerable) is left out.
    return { name: this.name, code: this.code, message: this.message, ...(this as object) }
  }

  /** Node's `util.inspect` (and so `console.log`) shows the same safe fields plus the stack. */
  [inspectSymbol](): string {
    return `${this.stack ?? `${this.name}: ${this.message}`}\n${JSON.stringify(this.toJSON(), null, 2)}`
  }
}

/**
 * What the platform said about a failed call.
 *
 * @example
 * ```ts
 * const details: ApiErrorDetails = { status: 400, errorCode: 602, reference: '…', serverMessage: 'txjson.Amount …', method: 'POST', path: '/api/v1/platform/payload' }
 * ```
 */
export interface ApiErrorDetails {
  status: number
  /** The platform's numeric code, or `null` when the body had none (e.g. a proxy's HTML page). */
  errorCode: number | null
  reference: string | null
  serverMessage: string | null
  method: string
  /** The request path, with tokens in it already redacted. */
  path: string
}

const describe = (d: ApiErrorDetails): string => {
  const meaning = isApiErrorCode(d.errorCode) ? API_ERROR_CODES[d.errorCode].meaning : null
  const code = d.errorCode === null ? '' : ` code ${d.errorCode}`
  const text = [d.serverMessage, meaning].filter(Boolean).join(': ') || 'no error details'
  const reference = d.reference ? ` (reference ${d.reference})` : ''
  return `[${d.method} ${d.path}] ${d.status}${code}: ${text}${reference}`
}

/**
 * The platform answered with an error body (docs/protocol.md §1). Carries the HTTP `status`, the
 * platform's `errorCode`, its `reference`, the server's message and what the code means.
 *
 * @example
 * ```ts
 * try {
 *   await pullsign.payload.create({ txjson: { TransactionType: 'Payment', Amount: 'x' } })
 * } catch (err) {
 *   if (err instanceof ApiError && err.errorCode === 602) console.log(err.serverMessage)
 * }
 * ```
 */
export class ApiError extends PullSignError {
  /** @internal The kind `instanceof` looks for. */
  static override readonly [KIND]: string = 'ApiError'
  declare readonly code: 'ERR_API' | 'ERR_AUTH' | 'ERR_RATE_LIMIT'
  readonly status: number
  readonly errorCode: number | null
  readonly reference: string | null
  readonly serverMessage: string | null
  /** What the code means, from the §1 table; `null` for a code outside it. */
  readonly meaning: string | null
  readonly method: string
  readonly path: string
  constructor(
    details: ApiErrorDetails,
    options: PullSignErrorOptions & { code?: PullSignErrorCode } = {},
  ) {
    super(options.code ?? 'ERR_API', describe(details), options)
    this.status = details.status
    this.errorCode = details.errorCode
    this.reference = details.reference
    this.serverMessage =
      details.serverMessage === null ? null : redact(details.serverMessage, options.secrets)
    this.meaning = isApiErrorCode(details.errorCode)
      ? API_ERROR_CODES[details.errorCode].meaning
      : null
    this.method = details.method
    this.path = details.path
  }
}

/**
 * Credentials were refused: 812 (wrong kind for the route), 813 (bad key/secret), 814 (bad JWT),
 * 815 (bad one-time token).
 *
 * @example
 * ```ts
 * try {
 *   await pullsign.ping()
 * } catch (err) {
 *   if (err instanceof AuthError) console.log('check PULLSIGN_API_KEY / PULLSIGN_API_SECRET')
 * }
 * ```
 */
export class AuthError extends ApiError {
  /** @internal The kind `instanceof` looks for. */
  static override readonly [KIND]: string = 'AuthError'
  declare readonly code: 'ERR_AUTH'
  constructor(details: ApiErrorDetails, options: PullSignErrorOptions = {}) {
    super(details, { ...options, code: 'ERR_AUTH' })
  }
}

/**
 * Too many calls (HTTP 429, code 429). `retryAfter` is the number of seconds the platform asked
 * to wait, or `null` when it did not say.
 *
 * @example
 * ```ts
 * try {
 *   await pullsign.payload.create(tx)
 * } catch (err) {
 *   if (err instanceof RateLimitError) await sleep((err.retryAfter ?? 60) * 1000)
 * }
 * ```
 */
export class RateLimitError extends ApiError {
  /** @internal The kind `instanceof` looks for. */
  static override readonly [KIND]: string = 'RateLimitError'
  declare readonly code: 'ERR_RATE_LIMIT'
  readonly retryAfter: number | null
  constructor(
    details: ApiErrorDetails,
    retryAfter: number | null,
    options: PullSignErrorOptions = {},
  ) {
    super(details, { ...options, code: 'ERR_RATE_LIMIT' })
    this.retryAfter = retryAfter
  }
}

/**
 * The platform could not be reached: refused connection, DNS failure, reset, a socket that could
 * not reconnect.
 *
 * @example
 * ```ts
 * if (err instanceof NetworkError) console.log('is the platform reachable?', err.message)
 * ```
 */
export class NetworkError extends PullSignError {
  /** @internal The kind `instanceof` looks for. */
  static override readonly [KIND]: string = 'NetworkError'
  declare readonly code: 'ERR_NETWORK'
  constructor(message: string, options: PullSignErrorOptions = {}) {
    super('ERR_NETWORK', message, options)
  }
}

/**
 * The platform did not answer in time (the client's `timeoutMs`).
 *
 * @example
 * ```ts
 * if (err instanceof TimeoutError) console.log('slow platform; retry later')
 * ```
 */
export class TimeoutError extends PullSignError {
  /** @internal The kind `instanceof` looks for. */
  static override readonly [KIND]: string = 'TimeoutError'
  declare readonly code: 'ERR_TIMEOUT'
  constructor(message: string, options: PullSignErrorOptions = {}) {
    super('ERR_TIMEOUT', message, options)
  }
}

/**
 * The caller aborted: an `AbortSignal` fired or a subscription was closed.
 *
 * @example
 * ```ts
 * if (err instanceof AbortError) console.log('stopped waiting')
 * ```
 */
export class AbortError extends PullSignError {
  /** @internal The kind `instanceof` looks for. */
  static override readonly [KIND]: string = 'AbortError'
  declare readonly code: 'ERR_ABORTED'
  constructor(message: string, options: PullSignErrorOptions = {}) {
    super('ERR_ABORTED', message, options)
  }
}

/**
 * A webhook, sign-in or JWT did not verify (`pullsign/verify`); `reason` says which check failed.
 *
 * @example
 * ```ts
 * try {
 *   await verifyWebhook(rawBody, headers, apiSecret)
 * } catch (err) {
 *   if (err instanceof SignatureError) console.log(err.reason) // e.g. 'mismatch'
 * }
 * ```
 */
export class SignatureError extends PullSignError {
  /** @internal The kind `instanceof` looks for. */
  static override readonly [KIND]: string = 'SignatureError'
  declare readonly code: 'ERR_SIGNATURE'
  readonly reason: SignatureFailure
  constructor(reason: SignatureFailure, message: string, options: PullSignErrorOptions = {}) {
    super('ERR_SIGNATURE', message, options)
    this.reason = reason
  }
}

/**
 * Why a verification failed.
 *
 * @example
 * ```ts
 * const reason: SignatureFailure = 'stale'
 * ```
 */
export type SignatureFailure =
  | 'missing'
  | 'malformed'
  | 'stale'
  | 'mismatch'
  | 'wrong-key'
  | 'expired'
  | 'not-signed'

/**
 * Why a browser or native sign-in did not complete.
 *
 * - `popup-closed`: the person closed the sign-in window.
 * - `rejected`: the person declined in the wallet (`access_denied`).
 * - `state-mismatch`: the answer's `state` is not the one this page sent (a forged or stale answer).
 * - `nonce-mismatch`: the `id_token` does not carry the nonce this page sent.
 * - `provider`: the provider refused the request (its `error` is in the message).
 * - `invalid-response`: the answer is not a well-formed token, code or error.
 * - `not-signed-in`: a call that needs the person's JWT was made before sign-in.
 *
 * @example
 * ```ts
 * const reason: SignInFailure = 'popup-closed'
 * ```
 */
export type SignInFailure =
  | 'popup-closed'
  | 'rejected'
  | 'state-mismatch'
  | 'nonce-mismatch'
  | 'provider'
  | 'invalid-response'
  | 'not-signed-in'

/**
 * A browser or native sign-in did not complete; `reason` says why. Codes, verifiers and tokens
 * never appear in its message.
 *
 * @example
 * ```ts
 * try {
 *   await pullsign.authorize()
 * } catch (err) {
 *   if (err instanceof SignInError && err.reason === 'popup-closed') showSignInButtonAgain()
 * }
 * ```
 */
export class SignInError extends PullSignError {
  /** @internal The kind `instanceof` looks for. */
  static override readonly [KIND]: string = 'SignInError'
  declare readonly code: 'ERR_SIGN_IN'
  readonly reason: SignInFailure
  constructor(reason: SignInFailure, message: string, options: PullSignErrorOptions = {}) {
    super('ERR_SIGN_IN', message, options)
    this.reason = reason
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), reason: this.reason }
  }
}

/**
 * Inside an xApp, no wallet host answered the bridge within 2 s (docs/protocol.md §7.2): the page
 * is neither in the wallet's web view nor framed by a host that answers `XAPP_PROXY_INIT`.
 *
 * @example
 * ```ts
 * try {
 *   await pullsign.xapp.scanQr()
 * } catch (err) {
 *   if (err instanceof XappHostUnreachableError) console.log(err.message) // names the fixes
 * }
 * ```
 */
export class XappHostUnreachableError extends PullSignError {
  /** @internal The kind `instanceof` looks for. */
  static override readonly [KIND]: string = 'XappHostUnreachableError'
  declare readonly code: 'ERR_XAPP_HOST'
  constructor(command: string, options: PullSignErrorOptions = {}) {
    super(
      'ERR_XAPP_HOST',
      `the xApp command ${command} reached no wallet host in 2 s. Open the xApp in the wallet, or frame it in a host (e.g. the reference server's /__ref/xapp-host page) that answers XAPP_PROXY_INIT; check that the xApp is served with CORS origin *, over https on port 443, under its full host name`,
      options,
    )
  }
}

import { defineHasInstance } from '../define-has-instance'
import { redact } from '../redact'

/**
 * Every error code the SDK raises; `switch (err.code)` narrows.
 *
 * - `ERR_CONFIG`: the client was constructed wrongly (missing key, secret in a browser, bad URL).
 * - `ERR_INPUT`: an argument is invalid; nothing was sent.
 * - `ERR_API`: the platform answered with an error (see {@link ApiError}).
 * - `ERR_AUTH`: credentials were refused (812, 813, 814, 815; see {@link AuthError}).
 * - `ERR_RATE_LIMIT`: too many calls (429; see {@link RateLimitError}).
 * - `ERR_NETWORK`: no answer (refused connection, DNS, reset; see {@link NetworkError}), or a
 *   subscription's socket lost after its payload expired (`PayloadExpiredError`).
 * - `ERR_PERMISSION`: the runtime refused a subscription's socket or an environment read a
 *   permission (Deno without `--allow-net` or `--allow-env`); the message names it.
 * - `ERR_TIMEOUT`: no answer in time (see {@link TimeoutError}).
 * - `ERR_ABORTED`: the caller aborted (AbortSignal, a subscription's `close()`), or the client was
 *   closed (its `close()`, and every call after it).
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
  | 'ERR_PERMISSION'
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
/** @internal The static key each error class of ours holds its kind under. */
export const KIND: unique symbol = Symbol.for('pullsign.error.kind') as never
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
 * `toJSON()` / `util.inspect` show only safe fields. `err instanceof PullSignError` (or any
 * subclass) holds for errors thrown by any copy of the SDK: its ESM and CJS builds, or another
 * installed version.
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
  declare readonly code: PullSignErrorCode
  constructor(code: PullSignErrorCode, message: string, options: PullSignErrorOptions = {}) {
    // Error reads `cause` only when the options have one (as `'cause' in options`).
    super(redact(message, options.secrets), options)
    const kinds = kindsOf(new.target)
    Object.defineProperty(this, KINDS, { value: kinds })
    this.name = kinds[0] as string
    this.code = code
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
    return `${this.stack}\n${JSON.stringify(this.toJSON(), null, 2)}`
  }
}

// `err instanceof PullSignError` (or any subclass) holds for errors thrown by any copy of the SDK:
// its ESM and CJS builds, or another installed version. `this` is the class on the right.
defineHasInstance(PullSignError, function (value) {
  return isKind(this, value)
})

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

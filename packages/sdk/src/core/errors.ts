/** Every error code the SDK can raise. `switch (err.code)` narrows. */
export type PullSignErrorCode = 'ERR_CONFIG'

/**
 * The base of every error the SDK throws.
 *
 * @example
 * ```ts
 * try {
 *   new PullSign({ apiKey: 'not-a-uuid' })
 * } catch (err) {
 *   if (err instanceof PullSignError) console.log(err.code)
 * }
 * ```
 */
export class PullSignError extends Error {
  readonly code: PullSignErrorCode
  constructor(code: PullSignErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'PullSignError'
    this.code = code
  }
}

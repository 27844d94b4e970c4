import type { ExternalStore } from './external-store'
import type {
  SignedResult,
  SignRequestErrorCode,
  SignRequestSnapshot,
  SignRequestStatus,
} from './sign-request-types'

/**
 * Why a sign request ended without a signature: `ERR_REJECTED` (declined in the wallet),
 * `ERR_EXPIRED` (expired unopened), `ERR_CANCELLED` (cancelled, or its dialog closed), or the
 * store's own error code.
 *
 * @example
 * ```ts
 * const code: NotSignedCode = 'ERR_REJECTED'
 * ```
 */
export type NotSignedCode = 'ERR_REJECTED' | 'ERR_EXPIRED' | 'ERR_CANCELLED' | SignRequestErrorCode

const ENDS: Partial<Record<SignRequestStatus, NotSignedCode>> = {
  rejected: 'ERR_REJECTED',
  expired: 'ERR_EXPIRED',
  cancelled: 'ERR_CANCELLED',
}

/**
 * A sign request that ended without a signature, with its code and the payload's uuid.
 *
 * @example
 * ```ts
 * try {
 *   await dialog.showAndWait()
 * } catch (err) {
 *   if (err instanceof NotSignedError && err.code === 'ERR_REJECTED') console.log('declined')
 * }
 * ```
 */
export class NotSignedError extends Error {
  override readonly name = 'NotSignedError'
  constructor(
    readonly code: NotSignedCode,
    message: string,
    readonly uuid: string | null = null,
  ) {
    super(message)
  }
}

/**
 * Waits for a sign request's outcome: resolves with the signed result (`{uuid, txid,
 * account?}`), rejects with a {@link NotSignedError} when it is rejected, expires, is cancelled or
 * fails, or with the signal's reason. It listens to the store meanwhile (so the store follows
 * its payload), and no longer once settled.
 *
 * @example
 * ```ts
 * import { createSignRequest, waitForSigned } from 'pullsign/ui'
 *
 * const request = createSignRequest({ create: () => fetch('/api/checkout', { method: 'POST' }).then((r) => r.json()) })
 * void request.start()
 * const { txid } = await waitForSigned(request)
 * ```
 */
export function waitForSigned(
  store: ExternalStore<SignRequestSnapshot>,
  signal?: AbortSignal,
): Promise<SignedResult> {
  return new Promise((resolve, reject) => {
    const aborted = () => settle(() => reject(signal?.reason))
    const settle = (done: () => void) => {
      stop()
      signal?.removeEventListener('abort', aborted)
      done()
    }
    const check = ({ status, result, error, uuid }: SignRequestSnapshot) => {
      const code = error?.code ?? ENDS[status]
      if (status === 'signed' && result) settle(() => resolve(result))
      else if (code) {
        const why = error?.message ?? `sign request ${uuid} ended ${status}, not signed`
        settle(() => reject(new NotSignedError(code, why, uuid)))
      }
    }
    const stop = store.subscribe(check)
    if (signal?.aborted) return aborted()
    signal?.addEventListener('abort', aborted)
    check(store.getSnapshot())
  })
}

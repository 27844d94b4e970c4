import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react'
import { createCountdown } from '../ui/countdown'
import { createSignRequest, IDLE_SIGN_REQUEST } from '../ui/sign-request'
import type {
  CreatedPayload,
  SignRequestOptions,
  SignRequestSnapshot,
  SignRequestStatus,
  SignRequestStore,
} from '../ui/sign-request-types'
import { statusFlags } from './status-flags'

const STATUSES: readonly SignRequestStatus[] = [
  'idle',
  'creating',
  'waiting',
  'opened',
  'signing',
  'submitting',
  'signed',
  'rejected',
  'expired',
  'cancelled',
  'error',
]

/**
 * What {@link useSignRequest} and {@link usePayload} return: the snapshot, a flag per status, the
 * seconds left, and the actions (stable across renders).
 *
 * @example
 * ```tsx
 * const { isWaiting, links, secondsLeft, cancel } = usePayload(created)
 * ```
 */
export interface SignRequestState
  extends SignRequestSnapshot,
    Pick<SignRequestStore, 'start' | 'cancel' | 'retry' | 'renew' | 'refresh'> {
  readonly isIdle: boolean
  readonly isCreating: boolean
  readonly isWaiting: boolean
  readonly isOpened: boolean
  readonly isSigning: boolean
  readonly isSubmitting: boolean
  readonly isSigned: boolean
  readonly isRejected: boolean
  readonly isExpired: boolean
  readonly isCancelled: boolean
  readonly isError: boolean
  /**
   * Seconds before it expires unopened, `null` when not counting. Read from a 1 Hz store: only a
   * component that reads it renders every second.
   */
  readonly secondsLeft: number | null
  /** The store underneath (for a custom element or a second component). */
  readonly store: SignRequestStore
}

/**
 * A sign request's whole life in a component: makes it (`create`, or a client and a request) or
 * follows a given payload, over the payload's public socket, with no credential. A server render
 * reports `idle`, so hydration matches; the socket opens after mount, one per store even under
 * StrictMode, and closes on unmount.
 *
 * @example
 * ```tsx
 * import { useSignRequest } from 'pullsign/react'
 *
 * export function Checkout() {
 *   const request = useSignRequest({
 *     create: () => fetch('/api/checkout', { method: 'POST' }).then((r) => r.json()),
 *   })
 *   if (request.isIdle) return <button onClick={() => request.start()}>Pay</button>
 *   if (request.isSigned) return <p>Paid: {request.result?.txid}</p>
 *   return <a href={request.links?.always}>Open in your wallet ({request.secondsLeft} s)</a>
 * }
 * ```
 */
export function useSignRequest(options: SignRequestOptions = {}): SignRequestState {
  // The store calls the latest `create` and `cancel`: a component may pass new functions each render.
  const latest = useRef(options)
  latest.current = options
  const { payload, client, endpoints, clock } = options
  const key = typeof payload === 'object' && payload !== null ? payload.uuid : payload
  // biome-ignore lint/correctness/useExhaustiveDependencies: one store per payload, client and platform; the functions are read through `latest`
  const store = useMemo(
    () =>
      createSignRequest({
        ...options,
        create:
          options.create && (() => (latest.current.create as () => Promise<CreatedPayload>)()),
        cancel:
          options.cancel &&
          ((uuid) => (latest.current.cancel as (u: string) => Promise<unknown>)(uuid)),
      }),
    [key, client, endpoints?.api],
  )
  const countdown = useMemo(() => createCountdown(store, { clock }), [store, clock])
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, () => IDLE_SIGN_REQUEST)
  // The countdown renders this component only once `secondsLeft` has been read.
  const reads = useRef(false)
  useSyncExternalStore(
    useCallback(
      (render: () => void) => countdown.subscribe(() => reads.current && render()),
      [countdown],
    ),
    () => (reads.current ? countdown.getSnapshot() : null),
    () => null,
  )
  return {
    ...snapshot,
    ...(statusFlags(STATUSES, snapshot.status) as Pick<
      SignRequestState,
      `is${string}` & keyof SignRequestState
    >),
    get secondsLeft() {
      reads.current = true
      return countdown.getSnapshot()
    },
    start: store.start,
    cancel: store.cancel,
    retry: store.retry,
    renew: store.renew,
    refresh: store.refresh,
    store,
  } as SignRequestState
}

/**
 * The common pattern: the app's backend creates the payload, the page follows it (its uuid or
 * the created answer), with `useSignRequest`'s other options.
 *
 * @example
 * ```tsx
 * import { usePayload } from 'pullsign/react'
 *
 * export function PayButton({ created }: { created: { uuid: string; next: { always: string }; refs: { qr_png: string; qr_matrix: string; qr_uri_quality_opts: string[]; websocket_status: string }; pushed: boolean } }) {
 *   const { status, links, result } = usePayload(created)
 *   return status === 'signed' ? <p>Signed {result?.txid}</p> : <a href={links?.always}>Sign</a>
 * }
 * ```
 */
export function usePayload(
  payload: string | CreatedPayload,
  options: Omit<SignRequestOptions, 'payload'> = {},
): SignRequestState {
  return useSignRequest({ ...options, payload })
}

import { isFinalRecord } from '../api/payload-outcome'
import type { PayloadEvent } from '../api/subscription-types'
import { watchPayload } from '../api/watch-payload'
import { systemClock } from '../core/clock'
import { resolveEndpoints } from '../core/endpoints'
import { isObject, requireUuid } from '../core/input'
import { PRODUCTION_ENDPOINTS } from '../wire/endpoints'
import type { PayloadRecord } from '../wire/payload'
import type { PayloadSocketEvent } from '../wire/socket'
import { createStateCell } from './external-store'
import { browserPage, type PageHooks } from './page-hooks'
import { type AdoptedPayload, adoptPayload } from './payload-input'
import { readQrMatrix } from './qr-matrix'
import type {
  CreatedPayload,
  SignRequestError,
  SignRequestErrorCode,
  SignRequestOptions,
  SignRequestSnapshot,
  SignRequestStatus,
  SignRequestStore,
} from './sign-request-types'

const LIVE: readonly SignRequestStatus[] = ['waiting', 'opened', 'signing', 'submitting']
const DONE: readonly SignRequestStatus[] = ['signed', 'rejected', 'expired', 'cancelled']

/**
 * The state of a sign request that shows nothing yet: what a server render reports (every store
 * starts the same on the client's first render, so hydration matches).
 *
 * @example
 * ```ts
 * useSyncExternalStore(store.subscribe, store.getSnapshot, () => IDLE_SIGN_REQUEST)
 * ```
 */
export const IDLE_SIGN_REQUEST: SignRequestSnapshot = /* @__PURE__ */ Object.freeze({
  status: 'idle',
  uuid: null,
  links: null,
  qr: null,
  pushed: false,
  xapp: false,
  expiresAt: null,
  reconnecting: false,
  renewable: false,
  result: null,
  error: null,
})

const failure = (code: SignRequestErrorCode, message: string, cause?: unknown) =>
  Object.freeze({ code, message, ...(cause === undefined ? {} : { cause }) })

// An SDK error as the sign request's error (an abort is ours: no error at all).
const fromSdk = (err: unknown, uuid: string): SignRequestError | null => {
  const { code, message } = Object(err) as { code?: string; message?: string }
  if (code === 'ERR_ABORTED') return null
  if (code === 'ERR_API' && ((err as { status?: number }).status ?? 404) === 404) {
    return failure(
      'ERR_UNKNOWN_PAYLOAD',
      `the platform does not know payload ${uuid}: check its uuid and where the platform is (${message})`,
      err,
    )
  }
  return failure('ERR_NETWORK', `the payload could not be followed: ${message}`, err)
}

/** A subscription or a watch: what the store follows a payload with. */
interface Following extends AsyncIterable<PayloadEvent | PayloadSocketEvent> {
  on(event: 'open' | 'reconnecting', listener: () => void): () => void
  close(): void
}

/**
 * Makes the store of one sign request's whole life in a page: it follows the payload over its
 * public socket (or a client's subscription), with no credential, and turns the socket's messages
 * (docs/protocol.md §4) into one state machine. It is plain data and functions: nothing touches
 * the page until someone subscribes, so it can be made in Node, a worker or a server render.
 *
 * While someone listens it follows the payload, reads the QR matrix, and notices the person
 * coming back from the wallet: a page URL carrying the uuid (`?pullsign=<uuid>`, the `return_url`),
 * the tab becoming visible again, another tab of the page hearing the outcome. Each time it opens
 * the socket again, and a late socket tells the outcome at once.
 *
 * @example
 * ```ts
 * import { createSignRequest } from 'pullsign/ui'
 *
 * const request = createSignRequest({
 *   create: () => fetch('/api/checkout', { method: 'POST' }).then((r) => r.json()),
 * })
 * const stop = request.subscribe(({ status, links, error }) => {
 *   console.log(status, links?.always, error?.message)
 * })
 * await request.start()
 * ```
 */
export function createSignRequest(options: SignRequestOptions = {}): SignRequestStore {
  const clock = options.clock ?? systemClock
  const { client, returnParam = 'pullsign' } = options
  let make = options.create ?? (client && options.request ? makeWithClient : undefined)
  let given: unknown = options.payload
  let api: string | undefined
  // The payload shown (as given, to show it again), and what was read of it.
  let shown: unknown
  let adopted: AdoptedPayload | null = null
  let following: Following | null = null
  // Every payload and every follow gets a new number: an answer for an older one is dropped.
  let generation = 0
  let heardCancel = false
  let askedWallet: string | null = null
  let resumeAs: SignRequestStatus = 'waiting'
  let channel: ReturnType<PageHooks['channel']> = null
  let cameBack = false

  function makeWithClient(): Promise<CreatedPayload> {
    const { payload } = client as NonNullable<typeof client>
    return payload.create(options.request as NonNullable<typeof options.request>)
  }

  const cell = createStateCell<SignRequestSnapshot>(IDLE_SIGN_REQUEST, activate)
  const set = (patch: Partial<SignRequestSnapshot>) =>
    cell.set(Object.freeze({ ...cell.getSnapshot(), ...patch }))
  const status = () => cell.getSnapshot().status
  const live = () => LIVE.includes(status())

  try {
    api = options.endpoints ? resolveEndpoints(options.endpoints).api : client?.endpoints.api
    set({ renewable: make !== undefined })
    if (given !== undefined) show(given)
  } catch (err) {
    given = undefined
    set({ status: 'error', error: failure('ERR_INPUT', (err as Error).message, err) })
  }

  // Shows a payload (waiting), or the error that it cannot be shown.
  function show(payload: unknown) {
    const read = adoptPayload(payload, api, PRODUCTION_ENDPOINTS.api)
    generation++
    stopFollowing()
    heardCancel = false
    shown = payload
    adopted = 'code' in read ? null : read
    const fresh = { ...IDLE_SIGN_REQUEST, renewable: make !== undefined }
    if (!adopted) return set({ ...fresh, status: 'error', error: read as SignRequestError })
    set({
      ...fresh,
      status: 'waiting',
      uuid: adopted.uuid,
      links: adopted.links,
      pushed: adopted.pushed,
      xapp: client?.runtime === 'xapp',
    })
    if (cell.active) follow()
  }

  function stopFollowing() {
    following?.close()
    following = null
  }

  function fail(error: SignRequestError) {
    generation++
    stopFollowing()
    if (live()) resumeAs = status()
    set({ status: 'error', error, expiresAt: null, reconnecting: false })
  }

  // A final status: the socket is done, the other tabs hear it.
  function end(final: SignRequestStatus) {
    generation++
    stopFollowing()
    set({ status: final, expiresAt: null, reconnecting: false })
    channel?.post({ uuid: adopted?.uuid, status: final })
  }

  // Opens a socket (or the client's subscription) for the payload, and reads its QR.
  function follow() {
    if (!adopted) return
    const { uuid } = adopted
    const mine = ++generation
    stopFollowing()
    set({ reconnecting: false })
    const socket = { reconnect: options.reconnect, keepaliveMs: options.keepaliveMs }
    const opening: Promise<Following> = client
      ? client.payload.subscribe(uuid, undefined, socket)
      : watchPayload(uuid, {
          ...socket,
          endpoints: { api: adopted.api },
          WebSocket: options.WebSocket,
          clock,
          random: options.random,
        })
    void run(opening, mine, uuid)
    const xapp = client?.xapp
    if (xapp) {
      // Inside an xApp the wallet shows the request itself: asked once per payload.
      if (askedWallet !== uuid && status() === 'waiting') {
        askedWallet = uuid
        xapp.openSignRequest(uuid).catch((err: unknown) => {
          const why = `the wallet could not be asked to open the request: ${(err as Error).message}`
          if (mine === generation) fail(failure('ERR_XAPP', why, err))
        })
      }
    } else if (!cell.getSnapshot().qr) void readQr(mine)
  }

  async function run(opening: Promise<Following>, mine: number, uuid: string) {
    let current: Following
    try {
      current = await opening
    } catch (err) {
      const error = fromSdk(err, uuid)
      if (error && mine === generation) fail(error)
      return
    }
    if (mine !== generation) {
      current.close()
      return
    }
    following = current
    current.on('reconnecting', () => mine === generation && set({ reconnecting: true }))
    current.on('open', () => mine === generation && set({ reconnecting: false }))
    try {
      for await (const event of current) {
        if (mine !== generation) return
        step(event)
      }
    } catch (err) {
      if (mine !== generation) return
      // A client's subscription gives up on a payload that expired unopened while it was away.
      if ((err as Error).name === 'PayloadExpiredError') end('expired')
      else {
        const error = fromSdk(err, uuid)
        if (error) fail(error)
      }
    }
  }

  async function readQr(mine: number) {
    const url = cell.getSnapshot().links?.qrMatrix
    const fetch = options.fetch ?? globalThis.fetch
    if (!url || typeof fetch !== 'function') return
    try {
      const answer = await fetch(url)
      const qr = answer.ok ? readQrMatrix(await answer.json()) : null
      if (qr && mine === generation) set({ qr })
    } catch {
      // No matrix: `links.qrPng` is shown instead.
    }
  }

  // One §4 message (with its record, from a client's subscription) moves the state.
  function step(event: PayloadEvent | PayloadSocketEvent) {
    const now = status()
    const record = (event as { payload?: PayloadRecord }).payload
    switch (event.type) {
      case 'expires_in':
        if (now === 'waiting')
          set({ expiresAt: clock.now() + event.data.expires_in_seconds * 1000 })
        return
      case 'opened':
        if (now === 'waiting') set({ status: 'opened', expiresAt: null })
        return
      case 'pre_signed':
        if (live()) set({ status: 'signing', expiresAt: null })
        return
      case 'dispatched':
        if (live()) set({ status: 'submitting', expiresAt: null })
        return
      case 'resolved': {
        const { data } = event
        if (!(record ? record.meta.signed : data?.signed)) return end('rejected')
        const account = record?.response.account ?? adopted?.account
        const result = {
          uuid: adopted?.uuid as string,
          txid: record?.response.txid ?? data?.txid ?? null,
          ...(account ? { account } : {}),
        }
        set({ result: Object.freeze(result) })
        return end('signed')
      }
      case 'expired':
        // An opened payload may still be signed after its expiry (docs/protocol.md §3.3).
        if (record ? !isFinalRecord(record) : now !== 'waiting') return
        return end(record?.meta.cancelled || heardCancel ? 'cancelled' : 'expired')
    }
  }

  function refresh() {
    const { error } = cell.getSnapshot()
    const lost = error?.code === 'ERR_NETWORK' && adopted !== null
    if (!cell.active || !(live() || lost)) return
    if (lost) set({ status: resumeAs, error: null })
    follow()
  }

  // What listening starts: the page's hooks, the return from the wallet, the socket.
  function activate() {
    const page = options.page === undefined ? browserPage() : options.page
    const stopVisible = page?.onVisible(refresh)
    channel = page?.channel(hear) ?? null
    if (page && returnParam && !cameBack) {
      cameBack = true
      comeBack(page.href())
    }
    if (live()) follow()
    return () => {
      generation++
      stopFollowing()
      stopVisible?.()
      channel?.close()
      channel = null
      set({ reconnecting: false })
    }
  }

  // The wallet sent the person back with the uuid in the page URL: that payload is shown, unless
  // the page gave one of its own.
  function comeBack(href: string) {
    let uuid: string | null = null
    try {
      uuid = requireUuid(new URL(href).searchParams.get(returnParam as string), 'uuid')
    } catch {
      return
    }
    if (given === undefined && adopted?.uuid !== uuid) show(uuid)
  }

  // Another tab of the page heard an outcome: ask the platform (a message is never proof).
  function hear(data: unknown) {
    if (!isObject(data) || data.uuid !== adopted?.uuid || !DONE.includes(data.status as never)) {
      return
    }
    if (data.status === 'cancelled') heardCancel = true
    refresh()
  }

  async function create() {
    const mine = ++generation
    stopFollowing()
    adopted = null
    set({ ...IDLE_SIGN_REQUEST, renewable: true, status: 'creating' })
    let answer: unknown
    try {
      answer = await (make as () => Promise<CreatedPayload>)()
    } catch (err) {
      const why = `the sign request could not be made: ${(err as Error)?.message ?? String(err)}`
      if (mine === generation) fail(failure('ERR_CREATE', why, err))
      return
    }
    if (mine === generation) show(answer)
  }

  async function retry() {
    const now = cell.getSnapshot()
    if (live() || now.status === 'creating') return
    if (make) return create()
    if (now.error?.code === 'ERR_NETWORK') return refresh()
    if (now.status === 'error' && shown !== undefined) show(shown)
  }

  return {
    subscribe: cell.subscribe,
    getSnapshot: cell.getSnapshot,
    refresh,
    retry,
    renew: retry,
    async start(input) {
      if (typeof input === 'function') make = input
      else if (input !== undefined) given = input
      else if (live() || status() === 'creating') return
      if (typeof input === 'function' || (input === undefined && make)) return create()
      if (given !== undefined) return show(given)
      set({
        status: 'error',
        error: failure(
          'ERR_INPUT',
          'nothing to show: give a payload, a create function, or a client and a request',
        ),
      })
    },
    async cancel() {
      const now = status()
      if (now === 'creating') {
        generation++
        set({ status: 'cancelled' })
        return true
      }
      // An opened payload cannot be cancelled (docs/protocol.md §3.4).
      if (!adopted || now !== 'waiting') return false
      const { uuid } = adopted
      try {
        const answer = client ? await client.payload.cancel(uuid) : await options.cancel?.(uuid)
        // A cancel answer (§3.4) that says no: opened meanwhile, or already over.
        if (isObject(answer) && isObject(answer.result) && answer.result.cancelled === false) {
          return false
        }
      } catch {
        return false
      }
      if (adopted?.uuid !== uuid || status() !== 'waiting') return false
      end('cancelled')
      return true
    },
  }
}

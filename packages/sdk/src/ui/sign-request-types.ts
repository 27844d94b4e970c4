import type { ReconnectOptions } from '../api/reconnect-policy'
import type { Clock } from '../core/seams'
import type { WebSocketConstructor } from '../core/websocket'
import type { BrowserClient } from '../runtimes/browser/browser-client'
import type { NativeClient } from '../runtimes/native/native-client'
import type { XappClient } from '../runtimes/xapp/xapp-client'
import type { Endpoints } from '../wire/endpoints'
import type { PayloadCreated, PayloadCreateRequest } from '../wire/payload'
import type { TransactionJson } from '../wire/transaction'
import type { ExternalStore } from './external-store'
import type { PageHooks } from './page-hooks'

/**
 * Where a sign request is in its life (docs/protocol.md §4):
 * `idle → creating → waiting → opened → signing → submitting → signed | rejected | expired |
 * cancelled | error`. `waiting`: shown, not opened yet (the countdown runs); `opened`: the person
 * opened it in the wallet (the countdown stops: an opened payload may still be signed after its
 * expiry, §3.3); `signing`: they started signing; `submitting`: the wallet sends it to the ledger.
 *
 * @example
 * ```ts
 * const done: SignRequestStatus[] = ['signed', 'rejected', 'expired', 'cancelled', 'error']
 * ```
 */
export type SignRequestStatus =
  | 'idle'
  | 'creating'
  | 'waiting'
  | 'opened'
  | 'signing'
  | 'submitting'
  | 'signed'
  | 'rejected'
  | 'expired'
  | 'cancelled'
  | 'error'

/**
 * Why a sign request is in `error`:
 * - `ERR_INPUT`: the input is not a payload (a bad uuid, a created answer without its links, a
 *   bad option), or there is nothing to start;
 * - `ERR_LINK`: a link of the payload is not allowed (only `https:`, `xumm:`, `xaman:`, and
 *   `http:` on a loopback or `localhost` host);
 * - `ERR_UNKNOWN_PAYLOAD`: the platform does not know the payload;
 * - `ERR_NETWORK`: the payload's socket could not be opened or kept after its retries;
 * - `ERR_CREATE`: the app's `create` (or the client's) failed;
 * - `ERR_XAPP`: inside an xApp, the wallet could not be asked to open the request.
 *
 * @example
 * ```ts
 * const code: SignRequestErrorCode = 'ERR_UNKNOWN_PAYLOAD'
 * ```
 */
export type SignRequestErrorCode =
  | 'ERR_INPUT'
  | 'ERR_LINK'
  | 'ERR_UNKNOWN_PAYLOAD'
  | 'ERR_NETWORK'
  | 'ERR_CREATE'
  | 'ERR_XAPP'

/**
 * An error as a value: a code, and a sentence naming the cause (never HTML, never a secret).
 *
 * @example
 * ```ts
 * if (snapshot.error) console.log(snapshot.error.code, snapshot.error.message)
 * ```
 */
export interface SignRequestError {
  readonly code: SignRequestErrorCode
  readonly message: string
  /** What failed underneath (an SDK error, the app's own), for logs. */
  readonly cause?: unknown
}

/**
 * A signed request: its uuid, the transaction's hash, and the signing account when it is known
 * (from a signed-in client's record, or the app's `create` answer), never guessed. The socket's
 * resolve message is a hint: a backend that acts on a signature fetches the payload
 * (docs/protocol.md §9.1).
 *
 * @example
 * ```ts
 * const result: SignedResult = { uuid, txid: 'AB…', account: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY' }
 * ```
 */
export interface SignedResult {
  readonly uuid: string
  readonly txid: string | null
  readonly account?: string
}

/**
 * The links of a sign request, each one checked against the link rule: `always` opens it in the
 * wallet (a real link: a tap is a gesture), `qrPng` and `qrMatrix` are its QR code.
 *
 * @example
 * ```ts
 * const links: SignRequestLinks = { always: 'https://xumm.app/sign/…', qrPng: '…_q.png', qrMatrix: '…_q.json' }
 * ```
 */
export interface SignRequestLinks {
  readonly always: string
  readonly qrPng: string
  readonly qrMatrix: string
}

/**
 * One immutable state of a sign request store.
 *
 * @example
 * ```ts
 * const { status, links, qr, error } = store.getSnapshot()
 * ```
 */
export interface SignRequestSnapshot {
  readonly status: SignRequestStatus
  /** The payload's uuid, once known. */
  readonly uuid: string | null
  readonly links: SignRequestLinks | null
  /** The QR code's modules (read from `links.qrMatrix`), or `null`: show `links.qrPng` then. */
  readonly qr: readonly (readonly boolean[])[] | null
  /** The platform pushed it to the person's wallet ("sent to your wallet"). */
  readonly pushed: boolean
  /** Inside an xApp the wallet shows the request itself: show the status only. */
  readonly xapp: boolean
  /** When it expires unopened, on the store's clock (ms); `null` once opened, or before known. */
  readonly expiresAt: number | null
  /** The socket was lost and is being reopened. */
  readonly reconnecting: boolean
  /** `retry()` (renew) can make a new request: `create` (or a client and a request) is given. */
  readonly renewable: boolean
  readonly result: SignedResult | null
  readonly error: SignRequestError | null
}

/**
 * A created answer (docs/protocol.md §3.2) as the app's backend hands it to the page, with the
 * account that will sign when the backend knows it (it then appears in the signed result).
 *
 * @example
 * ```ts
 * const created: CreatedPayload = { ...(await pullsign.payload.create(tx)), account: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY' }
 * ```
 */
export type CreatedPayload = PayloadCreated & { account?: string }

/**
 * A client a sign request can create and follow payloads through: a signed-in browser or native
 * client, or an xApp client (inside an xApp the wallet is asked to open the request).
 *
 * @example
 * ```ts
 * const client: SignRequestClient = createBrowserClient({ apiKey })
 * ```
 */
export type SignRequestClient = Pick<
  BrowserClient | NativeClient | XappClient,
  'payload' | 'endpoints' | 'runtime'
> & { readonly xapp?: Pick<XappClient['xapp'], 'openSignRequest'> }

/**
 * What a sign request shows and how it follows it. Give a payload (`payload`: its uuid or the
 * created answer, e.g. from the app's backend), or a way to make one (`create`, or `client` and
 * `request`), or both (the payload first, `create` to renew).
 *
 * @example
 * ```ts
 * const options: SignRequestOptions = {
 *   create: () => fetch('/api/checkout', { method: 'POST' }).then((r) => r.json()),
 *   endpoints: { api: 'http://127.0.0.1:8080' },
 * }
 * ```
 */
export interface SignRequestOptions {
  /** The payload to follow: its uuid, or the created answer. */
  payload?: string | CreatedPayload
  /** Makes a payload (first show, retry, renew): usually a call to the app's own backend. */
  create?: () => Promise<CreatedPayload>
  /**
   * Cancels the payload (usually the app's backend's `payload.cancel`); resolves whatever it
   * likes. Without it (and without a client), `cancel()` stops following here and the payload
   * expires on its own.
   */
  cancel?: (uuid: string) => Promise<unknown>
  /** A signed-in browser or native client, or an xApp client: creates and follows through it. */
  client?: SignRequestClient
  /** The sign request the client creates (`txjson`, `options`, … or a bare transaction). */
  request?: PayloadCreateRequest | TransactionJson
  /**
   * Where the platform is when there is no client (only `api` is used): production's by default,
   * or the created answer's own host.
   */
  endpoints?: Partial<Endpoints>
  /** The WebSocket constructor (the runtime's own by default, else `ws`). */
  WebSocket?: WebSocketConstructor
  /** Time and timers (countdown, keepalive, reconnects); the system clock by default. */
  clock?: Clock
  /** A number in [0, 1): the reconnect jitter; `Math.random` by default. */
  random?: () => number
  /** The fetch the QR matrix is read with; the global `fetch` by default. */
  fetch?: typeof globalThis.fetch
  /** The reconnect policy of the payload's socket (docs/protocol.md §4); `false`: none. */
  reconnect?: ReconnectOptions | false
  /** The socket's keepalive period, ms (default 15 000). */
  keepaliveMs?: number
  /**
   * The page's visibility, URL and other tabs (coming back from the wallet): the page's own in a
   * browser by default, none elsewhere; `null` for none.
   */
  page?: PageHooks | null
  /**
   * The query parameter of the page URL that carries the payload's uuid when the wallet sends
   * the person back (`return_url.web = 'https://shop.example/pay?pullsign={id}'`); default
   * `pullsign`, `false` to ignore the URL.
   */
  returnParam?: string | false
}

/**
 * A sign request store: the {@link ExternalStore} contract and its actions. Actions never throw
 * (a failure is an `error` snapshot); those that talk to the platform resolve when done.
 *
 * @example
 * ```ts
 * const request = createSignRequest({ create: () => fetch('/api/checkout', { method: 'POST' }).then((r) => r.json()) })
 * request.subscribe((s) => console.log(s.status))
 * request.start()
 * ```
 */
export interface SignRequestStore extends ExternalStore<SignRequestSnapshot> {
  /**
   * Shows a request: follows the given payload, or makes one. With `input`, this payload (or
   * this way to make one) replaces the store's. Nothing happens while one is already live.
   */
  start(input?: string | CreatedPayload | (() => Promise<CreatedPayload>)): Promise<void>
  /**
   * Cancels before it is opened (through the client or the app's `cancel`); resolves `true` when
   * it is `cancelled`, `false` when the platform refused (it was opened meanwhile).
   */
  cancel(): Promise<boolean>
  /**
   * After `expired`, `rejected`, `cancelled` or an error: a new request when it can make one
   * (`renewable`), else follows the same payload again (a lost socket).
   */
  retry(): Promise<void>
  /** `retry()` by its name for an expired request. */
  renew(): Promise<void>
  /**
   * Asks the platform where the payload is now (a new socket: a late one gets the outcome at
   * once) and jumps there; what coming back to the page does by itself.
   */
  refresh(): void
}

import { createClient } from '../../core/client'
import { Emitter } from '../../core/emitter'
import { resolveEndpoints } from '../../core/endpoints'
import { PullSignError } from '../../core/errors'
import { CLASSIC_ADDRESS, requireObject, requireString, requireUuid } from '../../core/input'
import type { Clock } from '../../core/seams'
import { API_HEADERS, API_PATHS, type Endpoints } from '../../wire/endpoints'
import type {
  XappAuthorizeResponse,
  XappContext,
  XappDestinationResult,
  XappNetworkSwitch,
  XappPayloadResolved,
  XappScanResult,
  XappStyle,
} from '../../wire/xapp'
import type { SignInUser } from '../browser/sign-in-props'
import { type BridgeEvent, type BridgeWindow, createBridge } from './bridge'
import { readXappLaunch } from './xapp-launch'
import { xappUserField } from './xapp-user-field'

/**
 * Options of {@link createXappClient}. Everything but `apiKey` has a default from the page.
 *
 * @example
 * ```ts
 * const options: XappClientOptions = { apiKey: '6d3e…', endpoints: { api: 'http://127.0.0.1:8787' } }
 * ```
 */
export interface XappClientOptions {
  /** The application's API key (never a secret: this runs in a page). */
  apiKey: string
  endpoints?: Partial<Endpoints>
  /** The page URL holding `xAppToken` and `xAppStyle`; `location.href` by default. */
  href?: string
  fetch?: typeof globalThis.fetch
  clock?: Clock
  /** The page's window and document (the bridge's seams); the globals by default. */
  window?: BridgeWindow
  document?: Pick<BridgeWindow, 'addEventListener' | 'removeEventListener'>
  /** Where bridge retries are logged; `console.warn` by default. */
  log?: (message: string) => void
  /** The emitter the events go to (the `PullSign` client's, so its listeners hear them). */
  events?: Emitter<XappClientEvents>
}

/**
 * Events of an xApp client: `retrieved` (the OTT's context), `success` (the JWT is held) and
 * `ready` fire once, in that order; `error` instead when the exchange fails. The wallet's events
 * arrive as `payload`, `qr`, `destination` and `networkswitch` (docs/protocol.md §7.2).
 *
 * @example
 * ```ts
 * xapp.on('networkswitch', ({ network }) => console.log('now on', network))
 * ```
 */
export type XappClientEvents = {
  retrieved: XappContext
  success: { jwt: string }
  ready: XappContext
  error: PullSignError
  payload: XappPayloadResolved
  qr: XappScanResult
  destination: XappDestinationResult
  networkswitch: XappNetworkSwitch
}

/**
 * What an xApp client holds: `ott`, the launch context, and `jwt`, the xApp JWT (both null until
 * `success`), and the wallet's `style` from the URL (docs/protocol.md §7.2).
 *
 * @example
 * ```ts
 * const { ott, jwt } = pullsign.environment as XappEnvironment
 * ```
 */
export interface XappEnvironment {
  ott: XappContext | null
  jwt: string | null
  style: XappStyle
}

/** The xApp's view of its user (from the OTT's context). */
export interface XappUser {
  /** The user's uuid (`usr`). */
  uuid: string
  account: string
  name: string | null
  kycApproved: boolean
  networkType: string
}

/**
 * An xApp's client: the launch's context and JWT, and the commands to the wallet. Commands with a
 * result (`openSignRequest`, `scanQr`, `selectDestination`) resolve with the wallet's answer.
 *
 * @example
 * ```ts
 * const xapp = createXappClient({ apiKey })
 * await xapp.whenReady()
 * const { reason } = await xapp.openSignRequest(uuid) // 'SIGNED' or 'DECLINED'
 * ```
 */
export interface XappClient {
  readonly state: 'loading' | 'ready' | 'error'
  /** `ott`: the launch context; `jwt`: the xApp JWT (both null until `success`). */
  readonly environment: XappEnvironment
  readonly user: XappUser | null
  /** A field of `PullSign#user`; settles once the OTT is exchanged. */
  userField(field: keyof SignInUser): Promise<unknown>
  on<K extends keyof XappClientEvents>(
    event: K,
    listener: (data: XappClientEvents[K]) => void,
  ): () => void
  /** Resolves with the context once `ready` fired; rejects with the `error` event's error. */
  whenReady(): Promise<XappContext>
  /** Tells the wallet the xApp has rendered. */
  ready(): Promise<void>
  openSignRequest(uuid: string): Promise<XappPayloadResolved>
  scanQr(): Promise<XappScanResult>
  selectDestination(options?: { ignoreDestinationTag?: boolean }): Promise<XappDestinationResult>
  /** Opens an https URL outside the xApp (the only allowed way). */
  openBrowser(url: string): Promise<void>
  share(text: string): Promise<void>
  txDetails(tx: string, account: string): Promise<void>
  close(options?: { refreshEvents?: boolean }): Promise<void>
  /** Opens another xApp (permission `xapp_navigate`). */
  navigate(
    xApp: string,
    options?: { title?: string; data?: Record<string, unknown> },
  ): Promise<void>
  dispose(): void
}

// Each wallet event (§7.2): the client's name for it, and the check of its shape before it
// reaches the xApp's code.
const EVENTS: Record<string, [keyof XappClientEvents, (d: Record<string, unknown>) => boolean]> = {
  payloadResolved: [
    'payload',
    (d) => /^(SIGNED|DECLINED)$/.test(d.reason as string) && typeof d.uuid === 'string',
  ],
  scanQr: [
    'qr',
    (d) =>
      /^(SCANNED|USER_CLOSE|INVALID_QR)$/.test(d.reason as string) &&
      (d.qrContents === null || typeof d.qrContents === 'string'),
  ],
  selectDestination: [
    'destination',
    (d) => /^(SELECTED|USER_CLOSE)$/.test(d.reason as string) && typeof d.destination === 'object',
  ],
  networkSwitch: ['networkswitch', (d) => typeof d.network === 'string'],
}

const TX_HASH = /^[0-9A-Fa-f]{64}$/

const optionalBoolean = (value: unknown, field: string) => {
  if (value !== undefined && typeof value !== 'boolean') {
    throw new PullSignError('ERR_INPUT', `${field} must be a boolean`)
  }
  return value
}

const httpsUrl = (value: unknown): string => {
  const text = requireString(value, 'url')
  let protocol = ''
  try {
    protocol = new URL(text).protocol
  } catch {}
  if (protocol !== 'https:') throw new PullSignError('ERR_INPUT', 'url must be an https URL')
  return text
}

/**
 * Creates the client of an xApp page (docs/protocol.md §7.2): reads the one-time token from the
 * URL, trades it at `jwt/authorize` for the context and the xApp JWT (firing `retrieved`,
 * `success`, `ready`, or `error`), and speaks the wallet bridge. Every command's arguments are
 * checked before anything is sent (`ERR_INPUT`); the OTT and the JWT never appear in an error.
 *
 * @example
 * ```ts
 * // loaded by `new PullSign(apiKey)` in an xApp page; its events reach the client's listeners
 * const xapp = createXappClient({ apiKey: '6d3e…' })
 * xapp.on('ready', (context) => console.log('hello', context.account))
 * xapp.on('error', (err) => console.error(err.message))
 * ```
 */
export function createXappClient(options: XappClientOptions): XappClient {
  const apiKey = requireUuid(options.apiKey, 'apiKey')
  const g = globalThis as unknown as {
    location?: { href: string }
    window?: BridgeWindow
    document?: Pick<BridgeWindow, 'addEventListener' | 'removeEventListener'>
  }
  const launch = readXappLaunch(options.href ?? g.location?.href ?? '')
  const events = options.events ?? new Emitter<XappClientEvents>()
  const environment: XappClient['environment'] = { ott: null, jwt: null, style: launch.style }
  let state: XappClient['state'] = 'loading'
  const secrets = () => [launch.ott ?? undefined, environment.jwt ?? undefined]
  const client = createClient({
    endpoints: resolveEndpoints(options.endpoints),
    credentials: {
      basePath: API_PATHS.jwt,
      headers: () => ({ [API_HEADERS.authorization]: `Bearer ${environment.jwt ?? ''}` }),
      secrets,
    },
    seams: {
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
    },
  })
  const page = options.window ?? g.window
  if (!page)
    throw new PullSignError('ERR_CONFIG', 'an xApp client needs a window (run it in the xApp page)')
  const bridge = createBridge({
    window: page,
    document: options.document ?? (page === g.window ? g.document : undefined),
    clock: client.seams.clock,
    log: options.log ?? ((message) => console.warn(`[pullsign xApp] ${message}`)),
    onEvent: ({ method, data }: BridgeEvent) => {
      const known = EVENTS[method]
      if (known?.[1](data)) events.emit(known[0], data as never)
    },
  })

  const exchange = async (): Promise<XappContext> => {
    if (!launch.ott) {
      throw new PullSignError(
        'ERR_CONFIG',
        'this page has no xAppToken in its URL: open it from the wallet (or the reference server’s xApp host page)',
      )
    }
    try {
      const answer = await client.request<XappAuthorizeResponse>('GET', 'authorize', {
        authorize: false,
        headers: { [API_HEADERS.apiKey]: apiKey, [API_HEADERS.ott]: launch.ott },
        sensitive: [launch.ott],
      })
      environment.ott = answer.ott
      events.emit('retrieved', answer.ott)
      environment.jwt = answer.jwt
      events.emit('success', { jwt: answer.jwt })
      state = 'ready'
      events.emit('ready', answer.ott)
      return answer.ott
    } catch (err) {
      const error =
        err instanceof PullSignError && err.code === 'ERR_AUTH'
          ? new PullSignError(
              'ERR_AUTH',
              'the xApp one-time token is used or expired (it lives 60 s and resolves once): reopen the xApp from the wallet',
              { cause: err, secrets: secrets() },
            )
          : err instanceof PullSignError
            ? err
            : new PullSignError('ERR_RESPONSE', 'the OTT exchange failed', { cause: err })
      state = 'error'
      events.emit('error', error)
      throw error
    }
  }
  const started = exchange()
  started.catch(() => {})

  // A command whose answer is the next wallet event of that kind (matching `accept`).
  const ask = <K extends keyof XappClientEvents>(
    command: Record<string, unknown> & { command: string },
    event: K,
    accept: (data: XappClientEvents[K]) => boolean = () => true,
  ) =>
    new Promise<XappClientEvents[K]>((resolve, reject) => {
      const off = events.on(event, (data) => {
        if (!accept(data)) return
        off()
        resolve(data)
      })
      bridge.send(command).catch((err: unknown) => {
        off()
        reject(err)
      })
    })

  return {
    get state() {
      return state
    },
    environment,
    get user() {
      const context = environment.ott
      if (!context) return null
      return {
        uuid: context.user,
        account: context.account,
        name: context.account_info.name,
        kycApproved: context.account_info.kycApproved,
        networkType: context.nodetype,
      }
    },
    userField: (field) => started.then((context) => xappUserField(context, field)),
    on: (event, listener) => events.on(event, listener),
    whenReady: () => started,
    ready: () => bridge.send({ command: 'ready' }),
    // Methods are async so a bad argument rejects like any other failure, and nothing is sent.
    async openSignRequest(uuid) {
      const id = requireUuid(uuid, 'uuid')
      return ask({ command: 'openSignRequest', uuid: id }, 'payload', (d) => d.uuid === id)
    },
    scanQr: () => ask({ command: 'scanQr' }, 'qr'),
    async selectDestination(options = {}) {
      const ignore = optionalBoolean(
        requireObject(options, 'options').ignoreDestinationTag,
        'ignoreDestinationTag',
      )
      return ask(
        {
          command: 'selectDestination',
          ...(ignore === undefined ? {} : { ignoreDestinationTag: ignore }),
        },
        'destination',
      )
    },
    openBrowser: async (url) => bridge.send({ command: 'openBrowser', url: httpsUrl(url) }),
    share: async (text) => bridge.send({ command: 'share', text: requireString(text, 'text') }),
    txDetails: async (tx, account) =>
      bridge.send({
        command: 'txDetails',
        tx: requireString(tx, 'tx', TX_HASH, 'a 64-hex transaction hash'),
        account: requireString(account, 'account', CLASSIC_ADDRESS, 'a classic address'),
      }),
    async close(options = {}) {
      const refresh = optionalBoolean(
        requireObject(options, 'options').refreshEvents,
        'refreshEvents',
      )
      return bridge.send({
        command: 'close',
        ...(refresh === undefined ? {} : { refreshEvents: refresh }),
      })
    },
    async navigate(xApp, options = {}) {
      const { title, data } = requireObject(options, 'options')
      return bridge.send({
        command: 'xAppNavigate',
        xApp: requireString(xApp, 'xApp'),
        ...(title === undefined ? {} : { title: requireString(title, 'title') }),
        ...(data === undefined ? {} : requireObject(data, 'data')),
      })
    },
    dispose: () => bridge.dispose(),
  }
}

import type { Core } from '../../core/client'
import type { Emitter } from '../../core/emitter'
import { PullSignError } from '../../core/errors/pull-sign-error'
import {
  CLASSIC_ADDRESS,
  HEX_64,
  requireObject,
  requireString,
  requireUuid,
} from '../../core/input'
import { API_HEADERS, API_PATHS } from '../../wire/endpoints'
import type {
  XappAuthorizeResponse,
  XappContext,
  XappDestinationResult,
  XappNetworkSwitch,
  XappPayloadResolved,
  XappScanResult,
  XappStyle,
} from '../../wire/xapp'
import type { JwtRuntime } from '../jwt-client'
import { decodeJwtClaims } from '../oauth/jwt-claims'
import { type BridgeEvent, type BridgeWindow, createBridge } from './bridge'
import { readXappLaunch } from './xapp-launch'
import { xappUserField } from './xapp-user-field'

/**
 * What {@link createXappRuntime} runs on: the key, the resolved core (its transport makes the
 * OTT exchange with the client's timeout, retry and hooks), the client's emitter, and the page
 * (the globals by default).
 *
 * @example
 * ```ts
 * const options: XappRuntimeOptions = { apiKey: '6d3e…', core, events }
 * ```
 */
export interface XappRuntimeOptions {
  /** The application's API key (never a secret: this runs in a page). */
  apiKey: string
  core: Core
  /** The emitter the events go to (the client's, so its listeners hear them). */
  events: Emitter<XappClientEvents>
  /** The page URL holding `xAppToken` and `xAppStyle`; `location.href` by default. */
  href?: string
  /** The page's window and document (the bridge's seams); the globals by default. */
  window?: BridgeWindow
  document?: Pick<BridgeWindow, 'addEventListener' | 'removeEventListener'>
  /** Where bridge retries are logged; `console.warn` by default. */
  log?: (message: string) => void
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
 * An xApp's runtime: the launch's context and JWT, and the commands to the wallet. Commands with
 * a result (`openSignRequest`, `scanQr`, `selectDestination`) resolve with the wallet's answer.
 *
 * @example
 * ```ts
 * const xapp = createXappRuntime({ apiKey, core, events })
 * const { reason } = await xapp.openSignRequest(uuid) // 'SIGNED' or 'DECLINED'
 * ```
 */
export interface XappRuntime extends JwtRuntime {
  /** The wallet's style, from the URL's `xAppStyle`. */
  readonly style: XappStyle
  /** Tells the wallet the xApp has rendered. */
  ready(): Promise<void>
  /** Opens a payload in the wallet by uuid (or `{ uuid }`, the field's form). */
  openSignRequest(payload: string | { uuid: string }): Promise<XappPayloadResolved>
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

// The boolean option `field` of a command's options, as the command's own field when given.
const booleanOption = (options: unknown, field: string) => {
  const value = requireObject(options, 'options')[field]
  if (value === undefined) return {}
  if (typeof value !== 'boolean') throw new PullSignError('ERR_INPUT', `${field} must be a boolean`)
  return { [field]: value }
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
 * Starts the runtime of an xApp page (docs/protocol.md §7.2): reads the one-time token from the
 * URL, trades it at `jwt/authorize` through the core's transport for the context and the xApp
 * JWT (firing `retrieved`, `success`, `ready`, or `error`), and speaks the wallet bridge. Every
 * command's arguments are checked before anything is sent (`ERR_INPUT`); the OTT and the JWT
 * never appear in an error.
 *
 * @example
 * ```ts
 * // loaded by createXappClient; its events reach the client's listeners
 * const xapp = createXappRuntime({ apiKey: '6d3e…', core, events })
 * events.on('ready', (context) => console.log('hello', context.account))
 * ```
 */
export function createXappRuntime(options: XappRuntimeOptions): XappRuntime {
  const apiKey = requireUuid(options.apiKey, 'apiKey')
  const { core, events } = options
  const g = globalThis as {
    location?: { href: string }
    window?: unknown
    document?: unknown
  }
  const launch = readXappLaunch(options.href ?? g.location?.href ?? '')
  let context: XappContext | null = null
  const page = options.window ?? (g.window as BridgeWindow | undefined)
  if (!page)
    throw new PullSignError('ERR_CONFIG', 'an xApp client needs a window (run it in the xApp page)')
  const bridge = createBridge({
    window: page,
    document:
      options.document ??
      (page === g.window ? (g.document as XappRuntimeOptions['document']) : undefined),
    clock: core.seams.clock,
    log: options.log ?? ((message) => console.warn(`[pullsign xApp] ${message}`)),
    onEvent: ({ method, data }: BridgeEvent) => {
      const known = EVENTS[method]
      if (known?.[1](data)) events.emit(known[0], data as never)
    },
  })

  // The client's close() ends the bridge: its retries, its waiting commands, its listeners.
  core.hold(bridge.dispose)

  const exchange = async (): Promise<XappAuthorizeResponse> => {
    if (!launch.ott) {
      throw new PullSignError(
        'ERR_CONFIG',
        'no xAppToken in this page URL: open it from the wallet (or /__ref/xapp-host)',
      )
    }
    try {
      const answer = await core.send<XappAuthorizeResponse>({
        base: `${core.endpoints.api}${API_PATHS.jwt}`,
        method: 'GET',
        path: 'authorize',
        headers: { [API_HEADERS.apiKey]: apiKey, [API_HEADERS.ott]: launch.ott },
        sensitive: [launch.ott],
      })
      context = answer.ott
      events.emit('retrieved', context)
      events.emit('success', { jwt: answer.jwt })
      events.emit('ready', context)
      return answer
    } catch (err) {
      const error =
        err instanceof PullSignError && err.code === 'ERR_AUTH'
          ? new PullSignError(
              'ERR_AUTH',
              'the xApp one-time token is used or expired (60 s, once): reopen the xApp from the wallet',
              { cause: err, secrets: [launch.ott] },
            )
          : err instanceof PullSignError
            ? err
            : new PullSignError('ERR_RESPONSE', 'the OTT exchange failed', { cause: err })
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
    style: launch.style,
    // A call waits for the exchange, and rejects with its error when it failed.
    bearer: async () => (await started).jwt,
    status() {
      return { account: context?.account, signedIn: !!context }
    },
    userField: (field) => started.then(({ ott }) => xappUserField(ott, field)),
    environmentField: async (field) => {
      const { ott, jwt } = await started
      if (field === 'ott') return ott
      if (field === 'bearer') return jwt
      if (field === 'jwt') return decodeJwtClaims(jwt) ?? {}
      return undefined // an xApp has no id_token
    },
    ready: () => bridge.send({ command: 'ready' }),
    // Methods are async so a bad argument rejects like any other failure, and nothing is sent.
    async openSignRequest(payload) {
      const id = requireUuid(
        typeof payload === 'object' && payload !== null ? payload.uuid : payload,
        'uuid',
      )
      return ask({ command: 'openSignRequest', uuid: id }, 'payload', (d) => d.uuid === id)
    },
    scanQr: () => ask({ command: 'scanQr' }, 'qr'),
    async selectDestination(options = {}) {
      const ignore = booleanOption(options, 'ignoreDestinationTag')
      return ask({ command: 'selectDestination', ...ignore }, 'destination')
    },
    openBrowser: async (url) => bridge.send({ command: 'openBrowser', url: httpsUrl(url) }),
    share: async (text) => bridge.send({ command: 'share', text: requireString(text, 'text') }),
    txDetails: async (tx, account) =>
      bridge.send({
        command: 'txDetails',
        tx: requireString(tx, 'tx', HEX_64, 'a 64-hex transaction hash'),
        account: requireString(account, 'account', CLASSIC_ADDRESS, 'a classic address'),
      }),
    async close(options = {}) {
      return bridge.send({ command: 'close', ...booleanOption(options, 'refreshEvents') })
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
  }
}

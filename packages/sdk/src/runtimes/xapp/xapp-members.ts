import type { Credentials } from '../../core/credentials'
import type { Emitter } from '../../core/emitter'
import { API_HEADERS, API_PATHS } from '../../wire/endpoints'
import type { XappStyle } from '../../wire/xapp'
import type { XappClientEvents, XappRuntime } from './xapp-runtime'

/**
 * The wallet commands and events `pullsign.xapp` offers in an xApp page (docs/protocol.md §7.2):
 * `ready`, `openSignRequest` (a uuid or `{ uuid }`), `scanQr`, `selectDestination`,
 * `openBrowser`, `share`, `txDetails`, `close`, `navigate`, and `on('qr' | 'destination' |
 * 'payload' | 'networkswitch', …)`.
 *
 * @example
 * ```ts
 * const { reason } = await pullsign.xapp.openSignRequest({ uuid }) // 'SIGNED' or 'DECLINED'
 * pullsign.xapp.on('networkswitch', ({ network }) => console.log('now on', network))
 * ```
 *
 * @useDeclaredType
 */
export type XappCommands = Pick<
  XappRuntime,
  | 'ready'
  | 'openSignRequest'
  | 'scanQr'
  | 'selectDestination'
  | 'openBrowser'
  | 'share'
  | 'txDetails'
  | 'close'
  | 'navigate'
  | 'on'
> & {
  /** The wallet's style, from the page URL's `xAppStyle` (`'LIGHT'` until the runtime read it). */
  readonly style: XappStyle
}

/**
 * Whether a page was opened by the wallet as an xApp: its URL carries `xAppToken`
 * (docs/protocol.md §7.2). The token itself is checked by the runtime.
 *
 * @example
 * ```ts
 * if (isXappPage()) console.log('running inside the wallet')
 * ```
 */
export function isXappPage(): boolean {
  const search = (globalThis as { location?: { search?: unknown } }).location?.search
  return typeof search === 'string' && /[?&]xAppToken=/.test(search)
}

/**
 * The wallet commands over an xApp runtime that may still be loading; each rejects with the
 * runtime's error when it could not start.
 *
 * @example
 * ```ts
 * const commands = xappCommands(runtimePromise, events, () => 'LIGHT')
 * await commands.scanQr()
 * ```
 */
export function xappCommands(
  runtime: Promise<XappRuntime>,
  events: Emitter<XappClientEvents>,
  style: () => XappStyle,
): XappCommands {
  return {
    get style() {
      return style()
    },
    on: (event, listener) => events.on(event, listener),
    ready: () => runtime.then((x) => x.ready()),
    openSignRequest: (payload) => runtime.then((x) => x.openSignRequest(payload)),
    scanQr: () => runtime.then((x) => x.scanQr()),
    selectDestination: (options) => runtime.then((x) => x.selectDestination(options)),
    openBrowser: (url) => runtime.then((x) => x.openBrowser(url)),
    share: (text) => runtime.then((x) => x.share(text)),
    txDetails: (tx, account) => runtime.then((x) => x.txDetails(tx, account)),
    close: (options) => runtime.then((x) => x.close(options)),
    navigate: (xApp, options) => runtime.then((x) => x.navigate(xApp, options)),
  }
}

/**
 * The credentials of an xApp client: the xApp JWT from the OTT exchange as a Bearer on
 * `{api}/api/v1/jwt` (docs/protocol.md §7.2); a call waits for the exchange and rejects with its
 * error when it failed.
 *
 * @example
 * ```ts
 * const client = platformClient(core, xappCredentials(runtimePromise))
 * ```
 */
export function xappCredentials(runtime: Promise<XappRuntime>): Credentials {
  let jwt: string | null = null
  return {
    basePath: API_PATHS.jwt,
    headers: async () => {
      const xapp = await runtime
      await xapp.whenReady()
      jwt = xapp.jwt
      return { [API_HEADERS.authorization]: `Bearer ${jwt}` }
    },
    secrets: () => [jwt ?? undefined],
  }
}

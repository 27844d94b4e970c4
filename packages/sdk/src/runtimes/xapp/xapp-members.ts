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
> & {
  /** Listens to a wallet event (`qr`, `destination`, `payload`, `networkswitch`, …). */
  on<K extends keyof XappClientEvents>(
    event: K,
    listener: (data: XappClientEvents[K]) => void,
  ): () => void
  /** The wallet's style, from the page URL's `xAppStyle` (`'LIGHT'` until the runtime read it). */
  readonly style: XappStyle
}

// Each one delegates to the runtime once loaded, with the same arguments and answer.
const COMMANDS = [
  'ready',
  'openSignRequest',
  'scanQr',
  'selectDestination',
  'openBrowser',
  'share',
  'txDetails',
  'close',
  'navigate',
] as const satisfies readonly (keyof XappRuntime)[]

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
 * The wallet commands of `pullsign.xapp` over an xApp runtime that may still be loading: each
 * waits for it and rejects with its error when it could not start.
 *
 * @example
 * ```ts
 * const commands = xappCommands(runtime)
 * await commands.scanQr()
 * ```
 */
export function xappCommands(runtime: Promise<XappRuntime>): Omit<XappCommands, 'on' | 'style'> {
  return Object.fromEntries(
    COMMANDS.map((name) => [
      name,
      (...args: unknown[]) =>
        runtime.then((x) => (x[name] as (...args: unknown[]) => Promise<unknown>)(...args)),
    ]),
  ) as Omit<XappCommands, 'on' | 'style'>
}

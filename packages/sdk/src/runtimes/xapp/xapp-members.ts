import type { Credentials } from '../../core/credentials'
import { PullSignError } from '../../core/errors'
import { API_HEADERS, API_PATHS } from '../../wire/endpoints'
import type { XappClient } from './xapp-client'

/**
 * The wallet commands `pullsign.xapp` offers in an xApp page (docs/protocol.md §7.2).
 *
 * @example
 * ```ts
 * const { reason } = await pullsign.xapp.openSignRequest(uuid) // 'SIGNED' or 'DECLINED'
 * ```
 *
 * @useDeclaredType
 */
export type XappCommands = Pick<
  XappClient,
  | 'ready'
  | 'openSignRequest'
  | 'scanQr'
  | 'selectDestination'
  | 'openBrowser'
  | 'share'
  | 'txDetails'
  | 'close'
  | 'navigate'
>

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
] as const

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
 * The wallet commands over an xApp runtime that may still be loading; `runtime` rejects (and so
 * does every command) when the client is no xApp.
 *
 * @example
 * ```ts
 * const commands = xappCommands(() => runtimePromise)
 * await commands.scanQr()
 * ```
 */
export function xappCommands(runtime: () => Promise<XappClient>): XappCommands {
  return Object.fromEntries(
    COMMANDS.map((name) => [
      name,
      async (...args: unknown[]) =>
        ((await runtime())[name] as (...a: unknown[]) => Promise<unknown>)(...args),
    ]),
  ) as unknown as XappCommands
}

/**
 * The credentials of an xApp client: the xApp JWT from the OTT exchange as a Bearer on
 * `{api}/api/v1/jwt` (docs/protocol.md §7.2); a call waits for the exchange and rejects with its
 * error when it failed.
 *
 * @example
 * ```ts
 * const client = createClient({ endpoints, credentials: xappCredentials(runtimePromise) })
 * ```
 */
export function xappCredentials(runtime: Promise<XappClient>): Credentials {
  let jwt: string | null = null
  return {
    basePath: API_PATHS.jwt,
    headers: async () => {
      const xapp = await runtime
      await xapp.whenReady()
      jwt = xapp.environment.jwt
      return { [API_HEADERS.authorization]: `Bearer ${jwt}` }
    },
    secrets: () => [jwt ?? undefined],
  }
}

/**
 * The error of an xApp-only call on a client that is no xApp.
 *
 * @example
 * ```ts
 * throw notAnXapp()
 * ```
 */
export const notAnXapp = (): PullSignError =>
  new PullSignError(
    'ERR_CONFIG',
    'xApp commands run in an xApp page: open it from the wallet (its URL has xAppToken), or construct PullSign with runtime: "xapp"',
  )

import { createJwtLookups } from '../../api/lookups'
import { createPayloadApi } from '../../api/payload'
import { createUserStoreApi } from '../../api/user-store'
import { Emitter } from '../../core/emitter'
import type { PullSignError } from '../../core/errors/pull-sign-error'
import { platformClient } from '../../core/platform-client'
import type { XappJwtClaims } from '../../wire/xapp'
import type { XappOptions } from '../client-options'
import { openClient } from '../client-setup'
import { deferredEnvironment, deferredUser } from '../deferred-props'
import { type JwtClient, jwtState } from '../jwt-client'
import { jwtCredentials } from '../jwt-credentials'
import { loadXappRuntime } from '../lazy-runtimes'
import type { Environment } from '../oauth/sign-in-props'
import { type XappCommands, xappCommands } from './xapp-members'
import type { XappClientEvents, XappRuntime } from './xapp-runtime'

/**
 * An xApp page's client (docs/protocol.md §7.2): the launch's person and JWT, the JWT routes, and
 * the wallet's commands and events under `xapp`.
 *
 * @example
 * ```ts
 * const pullsign: XappClient = createXappClient({ apiKey })
 * ```
 */
export interface XappClient extends JwtClient<XappClientEvents> {
  readonly runtime: 'xapp'
  /** `jwt` (the xApp JWT's claims), `bearer` (the JWT), `ott` (the launch context), `openid` (`undefined`). */
  readonly environment: Environment<XappJwtClaims>
  /** The wallet's commands and events. */
  readonly xapp: XappCommands
}

/**
 * Creates the client of an xApp page: reads the one-time token from the URL, trades it at
 * `jwt/authorize` (through the client's transport: its timeout, retry and hooks) for the launch
 * context and the xApp JWT, firing `retrieved`, `success`, `ready` (or `error`), and speaks the
 * wallet bridge. A page that cannot start (no window, no `xAppToken`) says so on `error`, and
 * every call rejects with that error. `apiSecret` is refused.
 *
 * @example
 * ```ts
 * import { createXappClient } from 'pullsign'
 *
 * const pullsign = createXappClient({ apiKey: '6d3e2b1c-0a9f-4e8d-b7c6-5a4f3e2d1c0b' })
 * pullsign.on('ready', async () => console.log('hello', await pullsign.user.account))
 * pullsign.xapp.on('payload', ({ reason }) => console.log(reason))
 * await pullsign.xapp.openSignRequest({ uuid })
 * ```
 */
export function createXappClient(options: XappOptions = {}): XappClient {
  const { apiKey, core } = openClient(options, { refusesSecret: 'createXappClient' })
  const events = new Emitter<XappClientEvents>()
  let started: XappRuntime | undefined
  // The xApp runtime loads on demand (a backend bundle never carries it); the OTT exchange
  // answers after this factory returns, so listeners attached right after it hear `retrieved`,
  // `success` and `ready`.
  const runtime = loadXappRuntime().then(
    (m) => (started = m.createXappRuntime({ apiKey, core, events, log: options.log })),
  )
  runtime.catch((error: PullSignError) => events.emit('error', error))
  const client = platformClient(core, jwtCredentials(runtime))
  return {
    ...createJwtLookups(client),
    runtime: 'xapp',
    apiKey,
    endpoints: core.endpoints,
    get rateLimit() {
      return core.rateLimit
    },
    payload: createPayloadApi(client),
    userstore: createUserStoreApi(client),
    user: deferredUser(runtime),
    environment: deferredEnvironment<XappJwtClaims>(runtime),
    get state() {
      return jwtState(started)
    },
    on: events.on,
    off: events.off,
    xapp: {
      ...xappCommands(runtime),
      on: events.on,
      get style() {
        return started?.style ?? 'LIGHT'
      },
    },
    close: core.close,
  }
}

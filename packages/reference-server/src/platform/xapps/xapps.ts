import { createHash, timingSafeEqual } from 'node:crypto'
import {
  NETWORK_KEYS,
  type NetworkKey,
  OTT_TTL_SECONDS,
  type PushEventResponse,
  type PushNotificationResponse,
  XAPP_STYLES,
  type XappContext,
  type XappStyle,
} from 'pullsign/wire'
import * as z from 'zod'
import { createBoundedCache } from '../../bounded-cache'
import type { RefXappLaunchResponse } from '../../control-api-types'
import { networkDefinition } from '../../ledger'
import type { Application, Applications } from '../applications/applications'
import type { Clock } from '../clock'
import { badBody, badOtt, forbiddenType } from '../errors'
import { newUuid } from '../ids'
import { nodeUrls } from '../node-urls'
import { parseInput } from '../schema-input'
import { accountInfo } from '../users/account-info'
import type { UserTokens } from '../users/user-tokens'
import type { Users } from '../users/users'
import type { Push } from './push'

/** One launch of an xApp: its one-time token and the context it resolves to. */
export interface XappLaunch {
  ott: string
  appUuid: string
  userUuid: string
  /** The user token issued on the launch (docs/protocol.md §6). */
  userToken: string
  context: XappContext
  /** The xApp URL with `xAppToken` and `xAppStyle`. */
  url: string
  /** The device the wallet ran on. */
  deviceId: string
  /** The client address the launch came from (null in-process): the debug replay compares it. */
  address: string | null
  /** ms since the epoch when the OTT was issued, or re-armed by a debug replay. */
  armedAt: number
  used: boolean
  /** Debug replays so far: at most {@link MAX_REPLAYS} (docs/protocol.md §7.3). */
  replays?: number
}

/** What the debug replay (`/force`) knows about its caller. */
export interface ReplayCaller {
  userAgent: string | null
  address: string | null
}

/** xApps (docs/protocol.md §7.2): launch, one-time tokens, debug replay, pushes. */
export interface Xapps {
  /**
   * The wallet opens an xApp for a user: `{url, ott, hostUrl}` (§10 `xapps/launch` body);
   * `address` is where the launching device's request came from.
   */
  launch(input: unknown, address?: string | null): RefXappLaunchResponse
  /** Resolves an OTT once, within 60 s, for its application; 815 otherwise. */
  resolveOtt(app: Application, ott: unknown): XappContext
  /**
   * The OTT exchange of `jwt/authorize`: the launch behind a fresh OTT of `app` (the application
   * of the `x-api-key`, null when unknown), marked used. Every refusal is 815.
   */
  exchange(app: Application | null, ott: unknown): { app: Application; launch: XappLaunch }
  /** Re-fetch for a whitelisted debug device: hash = sha1(upper("{ott}.{secret}.{device}")). */
  resolveOttForDevice(app: Application, ott: unknown, hash: unknown): XappContext
  /**
   * Debug replay `{launch URL}/force?xAppToken=<ott>`: re-arms the OTT of a launch made on a
   * whitelisted debug device, for a caller at that device's address with user agent `xumm/xapp`.
   * Returns the xApp URL to open; 815 otherwise.
   */
  replay(appUuid: unknown, ott: unknown, caller: ReplayCaller): string
  /** The launch behind an OTT, or null. */
  launchOf(ott: unknown): XappLaunch | null
  /** Why the platform would refuse this launch's OTT now (`used`, `expired`), or null if it would not. */
  ottRefusal(launch: XappLaunch): 'used' | 'expired' | null
  /** `xapp/event`; `asUser` is a JWT caller's user (docs/protocol.md §7.3). */
  event(app: Application, body: unknown, asUser?: string): PushEventResponse
  /** `xapp/push`; `asUser` is a JWT caller's user. */
  push(app: Application, body: unknown, asUser?: string): PushNotificationResponse
  clear(): void
}

const launchSchema = z.lazy(() =>
  z.object({
    application: z.string().min(1).max(64),
    user: z.string().min(1).max(64),
    account: z.string().min(1).max(64).optional(),
    style: z.enum(XAPP_STYLES).optional(),
    device: z.string().min(1).max(128).optional(),
    network: z.enum(NETWORK_KEYS as unknown as [NetworkKey, ...NetworkKey[]]).optional(),
    origin: z
      .object({
        type: z.string().regex(/^[A-Z_]{1,40}$/, 'must be an upper-case origin type'),
        data: z
          .record(z.string(), z.unknown())
          .refine(
            (data) => JSON.stringify(data).length <= 2000,
            'must be at most 2000 chars as JSON',
          )
          .optional(),
      })
      .optional(),
  }),
)

const WALLET_VERSION = '2.9.0'
// Launches are kept a while after their OTT expired so a debug device can still re-fetch or
// replay them, and the host simulator page can still frame them.
const KEEP_MS = 3_600_000
// And at most this many (about 1 KB each), the least recently used forgotten first: far more
// than can be exchanged within an OTT's 60 s, so only old launches ever go.
const MAX_LAUNCHES = 1_000
const SPENT = 'the one-time token is unknown, expired or already used'
// `/force` re-arms an OTT at most this many times, each extending its life (docs/protocol.md §7.3).
const MAX_REPLAYS = 3

const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/**
 * Creates the xApp part of the platform.
 *
 * @example
 * ```ts
 * const { url, ott, hostUrl } = xapps.launch({ application: app.uuid, user: alice.uuid, style: 'DARK' })
 * xapps.resolveOtt(app, ott).account // alice's first account
 * xapps.resolveOtt(app, ott) // throws 815: already used
 * ```
 */
export function createXapps(deps: {
  clock: Clock
  applications: Applications
  users: Users
  tokens: UserTokens
  push: Push
  /** `{api}`, for the host simulator page's URL. */
  apiBase: () => string
}): Xapps {
  const launches = createBoundedCache<XappLaunch>({ maxKeyLength: 36, maxEntries: MAX_LAUNCHES })

  // A launch past its keeping time is forgotten when next asked for.
  const find = (ott: unknown): XappLaunch | null => {
    const launch = typeof ott === 'string' ? launches.get(ott) : undefined
    if (launch === undefined) return null
    if (deps.clock.now() - launch.armedAt <= KEEP_MS) return launch
    launches.delete(launch.ott)
    return null
  }

  const ownLaunch = (app: Application, ott: unknown): XappLaunch => {
    const launch = find(ott)
    if (!launch || launch.appUuid !== app.uuid) throw badOtt(SPENT)
    return launch
  }

  // Single use, 60 s on the server clock (§7.2).
  const ottRefusal = (launch: XappLaunch) => {
    if (launch.used) return 'used'
    return deps.clock.now() - launch.armedAt > OTT_TTL_SECONDS * 1000 ? 'expired' : null
  }
  const spend = (launch: XappLaunch) => {
    if (ottRefusal(launch)) throw badOtt(SPENT)
    launch.used = true
  }

  const context = (
    data: z.infer<typeof launchSchema>,
    user: ReturnType<Users['get']>,
    account: string,
    style: XappStyle,
  ): XappContext => {
    const network = networkDefinition(data.network ?? 'MAINNET')
    return {
      version: WALLET_VERSION,
      locale: user.device.locale,
      currency: user.device.currency,
      style,
      nodetype: network.key,
      nodewss: nodeUrls(deps.apiBase(), network.key).ws,
      networkid: network.chain_id,
      user: user.uuid,
      user_device: { currency: user.device.currency, platform: user.device.platform },
      account,
      accounttype: 'REGULAR',
      accountaccess: 'FULL',
      account_info: accountInfo(user, account),
      origin: { type: data.origin?.type ?? 'XAPP', data: data.origin?.data ?? null },
      subscriptions: [],
    }
  }

  return {
    launch(input, address = null) {
      const data = parseInput(launchSchema, input)
      const app = deps.applications.find(data.application)
      if (!app) throw badBody('application', 'is not a known application uuid')
      if (!app.xapp) throw badBody('application', 'has no xApp settings')
      const user = deps.users.find(data.user)
      if (!user) throw badBody('user', 'is not a known user uuid')
      const account = data.account
        ? user.accounts.find((a) => a.address === data.account)
        : user.accounts[0]
      if (!account) throw badBody('account', 'is not an account of this user')
      const deviceId = data.device ?? user.device.id
      // A sandbox xApp opens only for its developer, on a whitelisted device (§7.2 Details).
      if (app.xapp.sandbox) {
        if (app.xapp.developer !== undefined && app.xapp.developer !== user.uuid) {
          throw forbiddenType('this sandbox xApp opens only for its developer')
        }
        if (!(app.xapp.devices ?? []).includes(deviceId)) {
          throw forbiddenType('this sandbox xApp opens only on its whitelisted devices')
        }
      }
      const now = deps.clock.now()
      const style = data.style ?? 'LIGHT'
      const ott = newUuid()
      const token = deps.tokens.issue(app, user.uuid)
      // a path names an xApp on this server (the demo xApp): resolved against the API base
      const url = new URL(app.xapp.url, deps.apiBase())
      url.searchParams.set('xAppToken', ott)
      url.searchParams.set('xAppStyle', style)
      launches.set(ott, {
        ott,
        appUuid: app.uuid,
        userUuid: user.uuid,
        userToken: token.token,
        context: context(data, user, account.address, style),
        url: url.toString(),
        deviceId,
        address,
        armedAt: now,
        used: false,
      })
      return { url: url.toString(), ott, hostUrl: `${deps.apiBase()}/__ref/xapp-host/${ott}` }
    },
    resolveOtt(app, ott) {
      const launch = ownLaunch(app, ott)
      spend(launch)
      return structuredClone(launch.context)
    },
    exchange(app, ott) {
      if (!app) throw badOtt(SPENT)
      const launch = ownLaunch(app, ott)
      spend(launch)
      return { app, launch }
    },
    resolveOttForDevice(app, ott, hash) {
      const launch = ownLaunch(app, ott)
      const given = typeof hash === 'string' ? hash.toLowerCase() : ''
      const matches = (app.xapp?.devices ?? []).some((device) => {
        const expected = createHash('sha1')
          .update(`${launch.ott}.${app.apiSecret}.${device}`.toUpperCase())
          .digest('hex')
        return sameHex(expected, given)
      })
      if (!matches) throw badOtt('the device hash does not match a whitelisted debug device')
      return structuredClone(launch.context)
    },
    replay(appUuid, ott, caller) {
      const launch = find(ott)
      const app =
        launch && launch.appUuid === appUuid ? deps.applications.find(launch.appUuid) : null
      if (!launch || !app) throw badOtt(SPENT)
      if (!/^xumm\/xapp/i.test(caller.userAgent ?? '')) {
        throw badOtt('a debug replay needs the user agent xumm/xapp')
      }
      if (!(app.xapp?.devices ?? []).includes(launch.deviceId)) {
        throw badOtt('this OTT was not issued to a whitelisted debug device')
      }
      if (launch.address === null || caller.address !== launch.address) {
        throw badOtt('a debug replay must come from the address of the debug device')
      }
      if ((launch.replays ?? 0) >= MAX_REPLAYS) {
        throw badOtt(`this OTT was re-armed ${MAX_REPLAYS} times already; launch the xApp again`)
      }
      launch.replays = (launch.replays ?? 0) + 1
      launch.used = false
      launch.armedAt = deps.clock.now()
      return launch.url
    },
    launchOf: find,
    ottRefusal,
    event: (app, body, asUser) => deps.push.event(app, body, asUser),
    push: (app, body, asUser) => deps.push.notification(app, body, asUser),
    clear: () => launches.clear(),
  }
}

import { createHash, timingSafeEqual } from 'node:crypto'
import {
  NETWORK_KEYS,
  type NetworkKey,
  OTT_TTL_SECONDS,
  type PushEventResponse,
  type PushNotificationResponse,
  type RefXappLaunchResponse,
  XAPP_STYLES,
  type XappContext,
} from 'pullsign/wire'
import { z } from 'zod'
import { networkDefinition } from '../ledger'
import type { Application, Applications } from './applications'
import type { Clock } from './clock'
import { badBody, badOtt, forbiddenType } from './errors'
import { newUuid } from './ids'
import type { Push } from './push'
import { parseInput } from './schema-input'
import type { UserTokens } from './user-tokens'
import type { Users } from './users'

/** One launch of an xApp: its one-time token and the context it resolves to. */
export interface XappLaunch {
  ott: string
  appUuid: string
  userUuid: string
  /** The user token issued on the launch (PROTOCOL §6), for the JWT exchange. */
  userToken: string
  context: XappContext
  /** ms since the epoch. */
  createdAt: number
  used: boolean
}

/** xApps (PROTOCOL §7.2): launch, one-time tokens, pushes. */
export interface Xapps {
  /** The wallet opens an xApp for a user: `{url, ott}` (§10 `xapps/launch` body). */
  launch(input: unknown): RefXappLaunchResponse
  /** Resolves an OTT once, within 60 s, for its application; 815 otherwise. */
  resolveOtt(app: Application, ott: unknown): XappContext
  /** Re-fetch for a whitelisted debug device: hash = sha1(upper("{ott}.{secret}.{device}")). */
  resolveOttForDevice(app: Application, ott: unknown, hash: unknown): XappContext
  /** The launch behind an OTT, or null (for the JWT exchange of a later issue). */
  launchOf(ott: string): XappLaunch | null
  /** `xapp/event`. */
  event(app: Application, body: unknown): PushEventResponse
  /** `xapp/push`. */
  push(app: Application, body: unknown): PushNotificationResponse
  clear(): void
}

const launchSchema = z.object({
  application: z.string().min(1).max(64),
  user: z.string().min(1).max(64),
  account: z.string().min(1).max(64).optional(),
  style: z.enum(XAPP_STYLES).optional(),
  device: z.string().min(1).max(128).optional(),
  network: z.enum(NETWORK_KEYS as unknown as [NetworkKey, ...NetworkKey[]]).optional(),
})

const WALLET_VERSION = '2.9.0'
// Launches are kept a while after their OTT expired so a debug device can still re-fetch them.
const KEEP_MS = 3_600_000

const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/**
 * Creates the xApp part of the platform.
 *
 * @example
 * ```ts
 * const { url, ott } = xapps.launch({ application: app.uuid, user: alice.uuid, style: 'DARK' })
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
}): Xapps {
  const launches = new Map<string, XappLaunch>()

  const sweep = (now: number) => {
    for (const [ott, launch] of launches) {
      if (now - launch.createdAt > KEEP_MS) launches.delete(ott)
    }
  }

  const ownLaunch = (app: Application, ott: unknown): XappLaunch => {
    const launch = typeof ott === 'string' ? launches.get(ott) : undefined
    if (!launch || launch.appUuid !== app.uuid) {
      throw badOtt('the one-time token is unknown, expired or already used')
    }
    return launch
  }

  return {
    launch(input) {
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
      if (app.xapp.sandbox && !(app.xapp.devices ?? []).includes(deviceId)) {
        throw forbiddenType('this sandbox xApp opens only on its whitelisted devices')
      }
      const now = deps.clock.now()
      sweep(now)
      const network = networkDefinition(data.network ?? 'MAINNET')
      const style = data.style ?? 'LIGHT'
      const ott = newUuid()
      const token = deps.tokens.issue(app, user.uuid)
      const context: XappContext = {
        version: WALLET_VERSION,
        locale: user.device.locale,
        currency: user.device.currency,
        style,
        nodetype: network.key,
        nodewss: network.endpoints[0]?.url ?? network.dispatched_to,
        networkid: network.chain_id,
        user: user.uuid,
        user_device: { currency: user.device.currency, platform: user.device.platform },
        account: account.address,
        accounttype: 'REGULAR',
        accountaccess: 'FULL',
        account_info: {
          account: account.address,
          name: user.name,
          domain: null,
          blocked: false,
          source: 'xumm',
          kycApproved: user.kyc === 'SUCCESSFUL',
          proSubscription: false,
          profile: null,
        },
        origin: { type: 'XAPP', data: null },
        subscriptions: [],
      }
      launches.set(ott, {
        ott,
        appUuid: app.uuid,
        userUuid: user.uuid,
        userToken: token.token,
        context,
        createdAt: now,
        used: false,
      })
      const url = new URL(app.xapp.url)
      url.searchParams.set('xAppToken', ott)
      url.searchParams.set('xAppStyle', style)
      return { url: url.toString(), ott }
    },
    resolveOtt(app, ott) {
      const launch = ownLaunch(app, ott)
      if (launch.used || deps.clock.now() - launch.createdAt > OTT_TTL_SECONDS * 1000) {
        throw badOtt('the one-time token is unknown, expired or already used')
      }
      launch.used = true
      return structuredClone(launch.context)
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
    launchOf: (ott) => launches.get(ott) ?? null,
    event: (app, body) => deps.push.event(app, body),
    push: (app, body) => deps.push.notification(app, body),
    clear: () => launches.clear(),
  }
}

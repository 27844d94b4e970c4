import type { Clock } from './clock'

/**
 * Route classes of the rate limiter (docs/protocol.md §1/§2). `credential-failure` counts refused
 * credentials per client address and key [ours]; `unauthenticated-create` counts the calls that
 * create a payload without credentials (`/oauth/auth`, `POST /detect/…`) per address (§7.3 [ours]).
 */
export type RouteClass =
  | 'payload-create'
  | 'xrpl-tx'
  | 'kyc'
  | 'account-meta'
  | 'default'
  | 'credential-failure'
  | 'unauthenticated-create'

/** Calls per sliding minute of each route class (docs/protocol.md §2). */
export const DEFAULT_RATE_LIMITS: Readonly<Record<RouteClass, number>> = Object.freeze({
  'payload-create': 30,
  'xrpl-tx': 60,
  kyc: 600,
  'account-meta': 120,
  default: 200,
  'credential-failure': 30,
  'unauthenticated-create': 60,
})

/** The outcome of one call: `retryAfter` (seconds) non-null means refused. */
export interface RateDecision {
  limit: number
  remaining: number
  retryAfter: number | null
}

/** Sliding-minute rate limits per application and route class. */
export interface RateLimits {
  /** Counts one call; refused calls are not counted. */
  take(appUuid: string, routeClass: RouteClass): RateDecision
  /** Whether no call of the class was counted in the last minute (a cheap check first). */
  idle(routeClass: RouteClass): boolean
  /** Seconds until `key` may make one more call of the class, or null when it may now. */
  wait(key: string, routeClass: RouteClass): number | null
  /** The current numbers without counting (for headers of calls that took nothing). */
  peek(routeClass: RouteClass, appUuid?: string): Omit<RateDecision, 'retryAfter'>
  readonly enabled: boolean
  clear(): void
}

const WINDOW_MS = 60_000

/**
 * Creates the rate limiter. `false` switches it off (every call allowed; headers still report
 * the configured limits).
 *
 * @example
 * ```ts
 * const limits = createRateLimits({ clock, limits: { 'payload-create': 2 } })
 * limits.take(app.uuid, 'payload-create').remaining // 1
 * limits.take(app.uuid, 'payload-create').remaining // 0
 * limits.take(app.uuid, 'payload-create').retryAfter // 60
 * ```
 */
export function createRateLimits(deps: {
  clock: Clock
  limits?: false | Partial<Record<RouteClass, number>>
}): RateLimits {
  const enabled = deps.limits !== false
  const limits: Record<RouteClass, number> = {
    ...DEFAULT_RATE_LIMITS,
    ...(deps.limits === false ? {} : (deps.limits ?? {})),
  }
  // Timestamps of the counted calls of the last minute, oldest first, per `${app} ${class}`.
  const windows = new Map<string, number[]>()
  // When each class last counted a call.
  const lastTaken = new Map<RouteClass, number>()

  const current = (key: string, now: number): number[] => {
    const calls = windows.get(key)
    if (!calls) return []
    let expired = 0
    while (expired < calls.length && (calls[expired] ?? 0) <= now - WINDOW_MS) expired++
    if (expired > 0) calls.splice(0, expired)
    if (calls.length === 0) windows.delete(key)
    return calls
  }

  // Seconds until the oldest call of a full window leaves it.
  const retryAfter = (calls: number[], now: number) =>
    Math.max(1, Math.ceil(((calls[0] ?? now) + WINDOW_MS - now) / 1000))

  return {
    enabled,
    take(appUuid, routeClass) {
      const limit = limits[routeClass]
      if (!enabled) return { limit, remaining: limit, retryAfter: null }
      const now = deps.clock.now()
      const key = `${appUuid} ${routeClass}`
      const calls = current(key, now)
      if (calls.length >= limit) return { limit, remaining: 0, retryAfter: retryAfter(calls, now) }
      calls.push(now)
      windows.set(key, calls)
      lastTaken.set(routeClass, now)
      return { limit, remaining: limit - calls.length, retryAfter: null }
    },
    idle: (routeClass) =>
      deps.clock.now() - (lastTaken.get(routeClass) ?? Number.NEGATIVE_INFINITY) >= WINDOW_MS,
    wait(key, routeClass) {
      if (!enabled) return null
      const now = deps.clock.now()
      const calls = current(`${key} ${routeClass}`, now)
      return calls.length >= limits[routeClass] ? retryAfter(calls, now) : null
    },
    peek(routeClass, appUuid) {
      const limit = limits[routeClass]
      if (!enabled || appUuid === undefined) return { limit, remaining: limit }
      const used = current(`${appUuid} ${routeClass}`, deps.clock.now()).length
      return { limit, remaining: Math.max(0, limit - used) }
    },
    clear() {
      windows.clear()
      lastTaken.clear()
    },
  }
}

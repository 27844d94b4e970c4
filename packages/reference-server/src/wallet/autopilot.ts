import type { NetworkKey } from 'pullsign/wire'
import type { RefAutopilotEntry, RefAutopilotRule } from '../control-api-types'
import type { Applications } from '../platform/applications/applications'
import type { Clock } from '../platform/clock'
import { PlatformError } from '../platform/errors'
import type { PayloadSubscriptions } from '../platform/payloads/payload-subscriptions'
import type { PayloadWalletSteps } from '../platform/payloads/payload-wallet-steps'
import type { Users } from '../platform/users/users'
import { parseAutopilotRule } from './autopilot-input'

/** What the autopilot works with: the wallet's own answers, and where new payloads come from. */
export interface AutopilotDeps {
  clock: Clock
  payloads: Pick<PayloadSubscriptions, 'onCreated'> & Pick<PayloadWalletSteps, 'request'>
  users: Pick<Users, 'find'>
  applications: Pick<Applications, 'find'>
  sign(uuid: string, user: string, network: NetworkKey | null): Promise<unknown>
  reject(uuid: string, user: string): unknown
}

/** The wallet autopilot (docs/protocol.md §10 `/__ref/autopilot`). */
export interface Autopilot {
  /** Validates and switches on a rule (replacing the rule of its scope); returns every rule. */
  set(input: unknown): RefAutopilotRule[]
  /** Ends every rule, every answer not given yet, and the log; returns the rules: none. */
  clear(): RefAutopilotRule[]
  rules(): RefAutopilotRule[]
  /** Newest first. */
  log(): RefAutopilotEntry[]
}

/** How many answers and skips the log keeps, newest first. */
const LOG_SIZE = 50

const ANY = '*'
const scopeKey = (application: string | null, txType: string | null) =>
  `${application ?? ANY} ${txType ?? ANY}`

/**
 * Creates the autopilot of the simulated wallet. Each payload created while a rule matches gets one
 * answer, from the most specific rule switched on (application and type, application, type, any),
 * `afterMs` after its creation on the server clock, so tests move the clock instead of sleeping
 * (`afterMs: 0`: at once, whatever the clock).
 * An answer the wallet refuses (bound to another user, expired, already resolved, no account on
 * the network…) is skipped and logged with the wallet's reason; nothing throws from a timer.
 * Ending a rule (replaced, DELETE, reset) cancels the answers it has not given yet.
 *
 * @example
 * ```ts
 * const autopilot = createAutopilot({ clock, payloads, users, applications, sign, reject })
 * autopilot.set({ user: alice.uuid, answer: 'sign', afterMs: 1000 })
 * payloads.create(app, { txjson: { TransactionType: 'SignIn' } })
 * clock.advance(1) // signed as Alice
 * ```
 */
export function createAutopilot(deps: AutopilotDeps): Autopilot {
  const { clock } = deps
  const rules = new Map<string, RefAutopilotRule>()
  const pending = new Map<string, { scope: string; cancel: () => void }>()
  let log: RefAutopilotEntry[] = []

  const match = (application: string, txType: string) => {
    const scopes = [
      scopeKey(application, txType),
      scopeKey(application, null),
      scopeKey(null, txType),
      scopeKey(null, null),
    ]
    for (const scope of scopes) {
      const rule = rules.get(scope)
      if (rule?.enabled) return { scope, rule }
    }
    return null
  }

  // `afterMs: 0` answers at once, on any clock: on the server clock (a manual clock's
  // `advance(0)` gives it synchronously) or at the next turn of the event loop, whichever comes
  // first, so a manual clock nobody moves still answers; a positive delay waits for the server
  // clock to reach it (real time or `advance`).
  const later = (fn: () => void, afterMs: number): (() => void) => {
    const cancelOnClock = clock.setTimeout(() => {
      globalThis.clearTimeout(turn)
      fn()
    }, afterMs)
    const turn =
      afterMs === 0
        ? globalThis.setTimeout(() => {
            cancelOnClock()
            fn()
          }, 0)
        : undefined
    return () => {
      cancelOnClock()
      globalThis.clearTimeout(turn)
    }
  }

  const note = (uuid: string, rule: RefAutopilotRule, reason: string | null) => {
    const outcome = reason !== null ? 'skipped' : rule.answer === 'sign' ? 'signed' : 'rejected'
    const at = new Date(clock.now()).toISOString()
    log.unshift({ at, payload: uuid, user: rule.user, answer: rule.answer, outcome, reason })
    if (log.length > LOG_SIZE) log.length = LOG_SIZE
  }

  const answer = async (uuid: string, rule: RefAutopilotRule) => {
    try {
      if (rule.answer === 'sign') await deps.sign(uuid, rule.user, rule.network)
      else deps.reject(uuid, rule.user)
      note(uuid, rule, null)
    } catch (error) {
      // A refusal is the payload's state (the wallet's own message says why); anything else is a bug.
      if (!(error instanceof PlatformError)) console.error('autopilot: answering failed', error)
      note(uuid, rule, error instanceof Error ? error.message : String(error))
    }
  }

  deps.payloads.onCreated((uuid) => {
    if (rules.size === 0) return
    const request = deps.payloads.request(uuid)
    const found = match(request.application.uuid, request.txjson.TransactionType)
    if (!found) return
    const run = () => {
      pending.delete(uuid)
      void answer(uuid, found.rule)
    }
    pending.set(uuid, { scope: found.scope, cancel: later(run, found.rule.afterMs) })
  })

  const cancelPending = (scope: string | null) => {
    for (const [uuid, waiting] of pending) {
      if (scope !== null && waiting.scope !== scope) continue
      waiting.cancel()
      pending.delete(uuid)
    }
  }
  const list = () => [...rules.values()].map((rule) => ({ ...rule }))

  return {
    set(input) {
      const rule = parseAutopilotRule(input, {
        user: (uuid) => deps.users.find(uuid) !== null,
        application: (uuid) => deps.applications.find(uuid) !== null,
      })
      const scope = scopeKey(rule.application, rule.txType)
      cancelPending(scope)
      rules.set(scope, rule)
      return list()
    },
    clear() {
      cancelPending(null)
      rules.clear()
      log = []
      return list()
    },
    rules: list,
    log: () => log.map((entry) => ({ ...entry })),
  }
}

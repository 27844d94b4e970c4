import type { NetworkKey } from 'pullsign/wire'
import type { RefAutopilotEntry, RefAutopilotRule } from '../control-api-types'
import type { Applications } from '../platform/applications/applications'
import type { Clock } from '../platform/clock'
import { PlatformError } from '../platform/errors'
import type { PayloadSubscriptions } from '../platform/payloads/payload-subscriptions'
import type { PayloadWalletSteps } from '../platform/payloads/payload-wallet-steps'
import type { Users } from '../platform/users/users'
import { parseAutopilotRule } from './autopilot-input'
import type { AutopilotState } from './autopilot-state'

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
  /** Counts the changes of the state it saves: a snapshot writes its part again only when it moved. */
  readonly changes: number
  /** Its rules, the answers it has yet to give and its log, for a snapshot. */
  saveState(): AutopilotState
  /**
   * Replaces everything with a checked snapshot part (none: no rule); each answer not given yet
   * is given when it was due (at once when that is past).
   */
  loadState(state: AutopilotState | undefined): void
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
  const pending = new Map<string, { rule: RefAutopilotRule; due: number; cancel: () => void }>()
  let log: RefAutopilotEntry[] = []
  let changes = 0

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
    changes++
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

  // The rule's answer to a payload, `due` on the server clock (ms).
  const schedule = (uuid: string, rule: RefAutopilotRule, due: number) => {
    const run = () => {
      pending.delete(uuid)
      changes++
      void answer(uuid, rule)
    }
    pending.set(uuid, { rule, due, cancel: later(run, Math.max(0, due - clock.now())) })
    changes++
  }

  deps.payloads.onCreated((uuid) => {
    if (rules.size === 0) return
    const request = deps.payloads.request(uuid)
    const found = match(request.application.uuid, request.txjson.TransactionType)
    if (found) schedule(uuid, found.rule, clock.now() + found.rule.afterMs)
  })

  const cancelPending = (scope: string | null) => {
    for (const [uuid, waiting] of pending) {
      if (scope !== null && scopeKey(waiting.rule.application, waiting.rule.txType) !== scope) {
        continue
      }
      waiting.cancel()
      pending.delete(uuid)
      changes++
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
      changes++
      return list()
    },
    clear() {
      cancelPending(null)
      rules.clear()
      log = []
      changes++
      return list()
    },
    rules: list,
    log: () => log.map((entry) => ({ ...entry })),
    get changes() {
      return changes
    },
    saveState: () => ({
      rules: list(),
      pending: [...pending].map(([payload, { rule, due }]) => ({
        payload,
        application: rule.application,
        txType: rule.txType,
        due,
      })),
      log: log.map((entry) => ({ ...entry })),
    }),
    loadState(state) {
      this.clear()
      for (const rule of state?.rules ?? []) {
        rules.set(scopeKey(rule.application, rule.txType), { ...rule })
      }
      for (const waiting of state?.pending ?? []) {
        const rule = rules.get(scopeKey(waiting.application, waiting.txType))
        if (rule) schedule(waiting.payload, rule, waiting.due)
      }
      log = (state?.log ?? []).map((entry) => ({ ...entry }))
    },
  }
}

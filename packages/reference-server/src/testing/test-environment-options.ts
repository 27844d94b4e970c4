import type { ReferenceServerOptions } from '../index'

/**
 * What the wallet answers by itself (docs/protocol.md §10 `POST /__ref/autopilot`), scoped to the
 * environment's application: every new payload of it is opened and answered as `user`.
 *
 * @example
 * ```ts
 * const autopilot: TestAutopilot = { user: 0, answer: 'sign', afterMs: 0 }
 * ```
 */
export interface TestAutopilot {
  /** Which of the environment's users answers: an index in `users`, or that user's uuid. */
  user: number | string
  answer: 'sign' | 'reject'
  /** Milliseconds after its creation a payload is answered: 0 to 60 000 (default 500). */
  afterMs?: number
}

/**
 * When the in-process server's ledgers close: `{close: 'auto'}` (the default) as soon as a
 * transaction applies, so a signed payload's transaction is validated before its resolve message
 * reaches the test (automine); `{close: 'interval', ms}` every `ms` of clock time, as a network
 * closes about every 4 s (docs/protocol.md §8.1).
 *
 * @example
 * ```ts
 * const ledger: TestLedger = { close: 'interval', ms: 4000 }
 * ```
 */
export type TestLedger = { close: 'auto' } | { close: 'interval'; ms: number }

/**
 * Options of `createTestEnvironment`: the in-process server's options, or the `url` of a running
 * one (shared-server mode), plus the client's timeout, the autopilot and how ledgers close.
 *
 * @example
 * ```ts
 * const options: TestEnvironmentOptions = { url: process.env.PULLSIGN_REFERENCE_URL, timeoutMs: 5000 }
 * ```
 */
export interface TestEnvironmentOptions {
  /** Joins the reference server at this base URL (`{api}`) as a tenant of its own. */
  url?: string
  /** Options of the in-process server (not with `url`). */
  server?: ReferenceServerOptions
  /** Timeout of every call, the client's and the control API's, ms (default 10 000). */
  timeoutMs?: number
  /**
   * `'manual'`: the in-process server's clock stands still until `env.advance(seconds)` moves it
   * (expiry, webhook retries, token lifetimes without waiting); not with `url` (a shared server's
   * clock is every tenant's). Default: real time flows.
   */
  clock?: 'manual'
  autopilot?: TestAutopilot
  /**
   * Which amendments the in-process server's networks have (docs/protocol.md §8.10): `'default'`,
   * `'production'` (MAINNET as the XRP Ledger's mainnet: a Batch is temDISABLED there), or a
   * profile with switches per network, `{ profile: 'production', MAINNET: { enable: ['BatchV1_1']
   * } }`; not with `url` (a shared server's networks are every tenant's). `env.amendments()`
   * switches them later in the file.
   */
  amendments?: ReferenceServerOptions['amendments']
  /**
   * How the in-process server's ledgers close: `{close: 'auto'}` by default (automine), or
   * `{close: 'interval', ms}`; not with `url` (a shared server closes as it was started) nor with
   * `server.ledgerCloseMs` (the same setting twice).
   */
  ledger?: TestLedger
  /**
   * Refuse (602, naming the rule and the field) a payload whose transaction the ledger's preflight
   * refuses, where by default it is created as production would (docs/protocol.md §3.1 "Before
   * the ledger says so"); in-process only, like `server.strictTransactions`, which it sets.
   */
  strictTransactions?: boolean
}

// Checked by hand, not with zod: a tenant of a shared server loads this file in every test file,
// and zod's import alone costs a fresh process more than the rest of the kit.
const fail = (field: string, message: string): never => {
  throw new TypeError(`createTestEnvironment: options${field} ${message}`)
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const onlyKeys = (value: Record<string, unknown>, field: string, keys: readonly string[]) => {
  const unknown = Object.keys(value).find((key) => !keys.includes(key))
  if (unknown !== undefined) fail(field, `has an unknown key: ${unknown}`)
}

const wholeNumber = (value: unknown, field: string, min: number, max: number) => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    fail(field, `must be a whole number from ${min} to ${max}`)
  }
}

const isHttpUrl = (value: unknown) =>
  typeof value === 'string' && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)

const checkAutopilot = (autopilot: unknown) => {
  if (!isObject(autopilot)) return fail('.autopilot', 'must be an object')
  onlyKeys(autopilot, '.autopilot', ['user', 'answer', 'afterMs'])
  const { user, answer, afterMs } = autopilot
  const isIndex = typeof user === 'number' && Number.isInteger(user) && user >= 0
  if (!isIndex && (typeof user !== 'string' || user === '')) {
    fail('.autopilot.user', 'must be an index in users or the uuid of one of them')
  }
  if (answer !== 'sign' && answer !== 'reject')
    fail('.autopilot.answer', "must be 'sign' or 'reject'")
  if (afterMs !== undefined) wholeNumber(afterMs, '.autopilot.afterMs', 0, 60_000)
}

const checkLedger = (ledger: unknown) => {
  if (!isObject(ledger)) return fail('.ledger', "must be an object such as { close: 'auto' }")
  const { close } = ledger
  if (close === 'auto') return onlyKeys(ledger, '.ledger', ['close'])
  if (close !== 'interval') return fail('.ledger.close', "must be 'auto' or 'interval'")
  onlyKeys(ledger, '.ledger', ['close', 'ms'])
  wholeNumber(ledger.ms, '.ledger.ms', 1, 3_600_000)
}

/** Validates the options: a TypeError naming the field (`options.url must be …`). */
export function parseTestEnvironmentOptions(input: unknown): TestEnvironmentOptions {
  if (input === undefined) return {}
  if (!isObject(input)) return fail('', 'must be an object')
  onlyKeys(input, '', [
    'url',
    'server',
    'timeoutMs',
    'autopilot',
    'clock',
    'ledger',
    'strictTransactions',
    'amendments',
  ])
  const { url, server, timeoutMs, autopilot, clock, ledger, strictTransactions, amendments } = input
  if (url !== undefined && !isHttpUrl(url)) {
    fail('.url', 'must be the http(s) base URL of a running reference server')
  }
  if (server !== undefined && !isObject(server)) fail('.server', 'must be an object')
  if (timeoutMs !== undefined) wholeNumber(timeoutMs, '.timeoutMs', 1, 600_000)
  if (autopilot !== undefined) checkAutopilot(autopilot)
  if (clock !== undefined) {
    if (clock !== 'manual') fail('.clock', "must be 'manual' (or left out for real time)")
    if (url !== undefined) {
      fail('.clock', "is for the in-process server only: a shared server's clock is every tenant's")
    }
    if (isObject(server) && server.clock !== undefined) {
      fail('.clock', 'and options.server.clock are two clocks: give one of them')
    }
  }
  if (ledger !== undefined) {
    checkLedger(ledger)
    if (url !== undefined) {
      fail('.ledger', 'is for the in-process server only: a shared server closes as it was started')
    }
    if (isObject(server) && server.ledgerCloseMs !== undefined) {
      fail('.ledger', 'and options.server.ledgerCloseMs are one setting: give one of them')
    }
  }
  if (strictTransactions !== undefined) {
    if (typeof strictTransactions !== 'boolean')
      fail('.strictTransactions', 'must be true or false')
    if (url !== undefined) {
      fail(
        '.strictTransactions',
        'is for the in-process server only: a shared server checks as it was started',
      )
    }
    if (isObject(server) && server.strictTransactions !== undefined) {
      fail('.strictTransactions', 'and options.server.strictTransactions are one setting: give one')
    }
  }
  if (amendments !== undefined) {
    if (url !== undefined) {
      fail(
        '.amendments',
        "is for the in-process server only: a shared server's networks are every tenant's",
      )
    }
    if (isObject(server) && server.amendments !== undefined) {
      fail('.amendments', 'and options.server.amendments are two settings: give one of them')
    }
    const profile = isObject(amendments) ? amendments.profile : amendments
    if (profile !== undefined && profile !== 'default' && profile !== 'production') {
      fail(
        '.amendments',
        "must be 'default', 'production' or { profile?, <network>: { enable?, disable? } }",
      )
    }
  }
  if (url !== undefined && server !== undefined) {
    fail(
      '.server',
      'is for the in-process server only; a shared server (url) is configured where it starts',
    )
  }
  return input as TestEnvironmentOptions
}

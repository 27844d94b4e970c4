import type { RefAutopilotRequest, RefAutopilotRule, RefUser } from './control-api-types'

/** One `--autopilot <user>:sign|reject[:<txType>]` of the command line, its user not looked up yet. */
export interface AutopilotFlag {
  /** The user's name (any case) or uuid. */
  who: string
  answer: 'sign' | 'reject'
  txType: string | null
}

const FORMAT = /^([^:]+):(sign|reject)(?::([A-Za-z]+))?$/

/**
 * Reads the flags' texts; throws an Error naming `--autopilot` on a malformed one or two for the
 * same transaction type (the second would replace the first).
 *
 * @example
 * ```ts
 * parseAutopilotFlags(['alice:sign:SignIn', 'bob:reject']) // [{ who: 'alice', answer: 'sign', txType: 'SignIn' }, …]
 * ```
 */
export function parseAutopilotFlags(texts: readonly string[]): AutopilotFlag[] {
  const flags = texts.map((text) => {
    const match = FORMAT.exec(text)
    if (!match?.[1] || (match[2] !== 'sign' && match[2] !== 'reject')) {
      throw new Error(`--autopilot must be <user>:sign|reject[:<txType>], got "${text}"`)
    }
    return { who: match[1], answer: match[2], txType: match[3] ?? null } satisfies AutopilotFlag
  })
  const types = flags.map((flag) => flag.txType ?? 'every type')
  const twice = types.find((type, i) => types.indexOf(type) !== i)
  if (twice) throw new Error(`--autopilot is given twice for ${twice}`)
  return flags
}

/**
 * The rule of a flag, its user found by uuid or by name (any case); throws an Error naming
 * `--autopilot` and the users there are when there is no such user.
 *
 * @example
 * ```ts
 * server.wallet.autopilot(autopilotRule(flag, server.platform.state().users))
 * ```
 */
export function autopilotRule(flag: AutopilotFlag, users: readonly RefUser[]): RefAutopilotRequest {
  const who = flag.who.toLowerCase()
  const user =
    users.find((u) => u.uuid === flag.who) ?? users.find((u) => u.name.toLowerCase() === who)
  if (!user) {
    const names = users.map((u) => u.name).join(', ') || 'none'
    throw new Error(`--autopilot: no user "${flag.who}" (users: ${names})`)
  }
  return { user: user.uuid, answer: flag.answer, ...(flag.txType ? { txType: flag.txType } : {}) }
}

/**
 * A rule as the banner prints it: `Alice signs SignIn payloads 500 ms after they are created`.
 *
 * @example
 * ```ts
 * describeAutopilotRule(rule, users) // 'Alice signs every payload 500 ms after it is created'
 * ```
 */
export function describeAutopilotRule(rule: RefAutopilotRule, users: readonly RefUser[]): string {
  const name = users.find((u) => u.uuid === rule.user)?.name ?? rule.user
  const verb = rule.answer === 'sign' ? 'signs' : 'rejects'
  const what = rule.txType ? `${rule.txType} payloads` : 'every payload'
  return `${name} ${verb} ${what} ${rule.afterMs} ms after ${rule.txType ? 'they are' : 'it is'} created`
}

import { NETWORK_KEYS } from 'pullsign/wire'
import * as z from 'zod'
import type { RefAutopilotRequest, RefAutopilotRule } from '../control-api-types'
import { badBody } from '../platform/errors'
import { isKnownTransactionType } from '../platform/payloads/transaction-check'
import { parseInput } from '../platform/schema-input'

/** The longest delay of an autopilot answer, ms (docs/protocol.md §10). */
const MAX_AFTER_MS = 60_000
/** The delay when none is given, ms: long enough to see the payload open, short for a test. */
const DEFAULT_AFTER_MS = 500

const ruleSchema = z.lazy(() =>
  z.object({
    user: z.string().min(1, 'is required').max(64),
    answer: z.enum(['sign', 'reject']),
    afterMs: z.number().int().min(0).max(MAX_AFTER_MS).optional(),
    application: z.string().min(1).max(64).nullable().optional(),
    txType: z
      .string()
      .max(64)
      .refine(isKnownTransactionType, 'is not a known transaction type')
      .nullable()
      .optional(),
    enabled: z.boolean().optional(),
    network: z.enum(NETWORK_KEYS).nullable().optional(),
  }),
)

/** Whether a user and an application exist: the rule names them. */
export interface AutopilotKnown {
  user(uuid: string): boolean
  application(uuid: string): boolean
}

/**
 * Validates the shape of an autopilot rule (`{user, answer, afterMs?, application?, txType?,
 * enabled?, network?}`, docs/protocol.md §10); 600 naming the field otherwise. Whether its user and
 * application exist is {@link parseAutopilotRule}'s check.
 *
 * @example
 * ```ts
 * wallet.autopilot(parseAutopilotInput(await request.json()))
 * ```
 */
export const parseAutopilotInput = (input: unknown): RefAutopilotRequest =>
  parseInput(ruleSchema, input)

/**
 * Validates a rule of the wallet autopilot (`{user, answer, afterMs?, application?, txType?,
 * enabled?, network?}`, docs/protocol.md §10) and fills its defaults; 600 naming the field otherwise (an
 * unknown user names `user`, an unknown application `application`).
 *
 * @example
 * ```ts
 * parseAutopilotRule({ user: alice.uuid, answer: 'sign' }, known) // { afterMs: 500, application: null, … }
 * ```
 */
export function parseAutopilotRule(input: unknown, known: AutopilotKnown): RefAutopilotRule {
  const rule = parseAutopilotInput(input)
  if (!known.user(rule.user)) throw badBody('user', 'is not a user of this server')
  if (rule.application != null && !known.application(rule.application)) {
    throw badBody('application', 'is not an application of this server')
  }
  return {
    user: rule.user,
    answer: rule.answer,
    afterMs: rule.afterMs ?? DEFAULT_AFTER_MS,
    application: rule.application ?? null,
    txType: rule.txType ?? null,
    enabled: rule.enabled ?? true,
    network: rule.network ?? null,
  }
}

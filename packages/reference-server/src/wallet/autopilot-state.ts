import { NETWORK_KEYS } from 'pullsign/wire'
import * as z from 'zod'
import type { RefAutopilotEntry, RefAutopilotRule } from '../control-api-types'

/**
 * The autopilot's part of a snapshot: its rules, the answers it has yet to give (which payload,
 * by the rule of which scope, when on the server clock, ms) and its log, so a restore answers
 * the same payloads at the same times (docs/protocol.md §10 "Snapshots").
 */
export interface AutopilotState {
  rules: RefAutopilotRule[]
  pending: { payload: string; application: string | null; txType: string | null; due: number }[]
  log: RefAutopilotEntry[]
}

/**
 * Checks the autopilot part of a snapshot; absent (a snapshot from before the part) is no rule.
 */
export const autopilotStateSchema: z.ZodType<AutopilotState | undefined> = z.lazy(() => {
  const id = z.string().min(1).max(64)
  const answer = z.enum(['sign', 'reject'])
  const rule = z.object({
    user: id,
    answer,
    afterMs: z.number().int().min(0).max(60_000),
    application: id.nullable(),
    txType: z.string().min(1).max(64).nullable(),
    enabled: z.boolean(),
    network: z.enum(NETWORK_KEYS).nullable(),
  })
  return z
    .object({
      rules: z.array(rule),
      pending: z.array(
        z.object({
          payload: id,
          application: id.nullable(),
          txType: z.string().min(1).max(64).nullable(),
          due: z.number().int().nonnegative(),
        }),
      ),
      log: z.array(
        z.object({
          at: z.iso.datetime(),
          payload: id,
          user: id,
          answer,
          outcome: z.enum(['signed', 'rejected', 'skipped']),
          reason: z.string().max(2000).nullable(),
        }),
      ),
    })
    .optional()
})

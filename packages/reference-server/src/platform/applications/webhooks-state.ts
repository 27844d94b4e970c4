import type { WebhookBody } from 'pullsign/wire'
import * as z from 'zod'
import type { WebhookAttempt } from '../../control-api-types'
import { UUID } from '../ids'

/**
 * The webhooks of a snapshot: the attempt log, and every delivery still to come (a retry waiting
 * on the clock, or an attempt in flight, which is sent again: at least once, docs/protocol.md §5).
 */
export interface WebhooksState {
  log: WebhookAttempt[]
  scheduled: Array<{ application: string; body: WebhookBody; attempt: number; dueAt: number }>
}

/** Checks the webhooks part of a snapshot. */
export const webhooksStateSchema: z.ZodType<WebhooksState> = z.lazy(() => {
  const uuid = z.string().regex(UUID, 'must be a lower-case UUID')
  return z.object({
    log: z.array(
      z.object({
        payload_uuidv4: uuid,
        attempt: z.number().int().min(1),
        at: z.iso.datetime(),
        status: z.number().int().nullable(),
        ok: z.boolean(),
        error: z.string().nullable(),
      }),
    ),
    scheduled: z.array(
      z.object({
        application: uuid,
        body: z.looseObject({
          meta: z.looseObject({ url: z.string().min(1), payload_uuidv4: uuid }),
        }) as unknown as z.ZodType<WebhookBody>,
        attempt: z.number().int().min(1),
        dueAt: z.number().int().nonnegative(),
      }),
    ),
  })
})

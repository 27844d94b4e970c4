import { z } from 'zod'
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
 * Options of `createTestEnvironment`: the in-process server's options, or the `url` of a running
 * one (shared-server mode), plus the client's timeout and the autopilot.
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
  autopilot?: TestAutopilot
}

const schema = z
  .object({
    url: z
      .string()
      .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
        message: 'must be the http(s) base URL of a running reference server',
      })
      .optional(),
    server: z.record(z.string(), z.unknown()).optional(),
    timeoutMs: z.number().int().positive().max(600_000).optional(),
    autopilot: z
      .object({
        user: z.union([z.number().int().min(0), z.string().min(1)]),
        answer: z.enum(['sign', 'reject']),
        afterMs: z.number().int().min(0).max(60_000).optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((options) => options.url === undefined || options.server === undefined, {
    message:
      'is for the in-process server only; a shared server (url) is configured where it starts',
    path: ['server'],
  })

/** Validates the options: a TypeError naming the field (`options.url must be …`). */
export function parseTestEnvironmentOptions(input: unknown): TestEnvironmentOptions {
  const parsed = schema.safeParse(input ?? {})
  if (parsed.success) return input === undefined ? {} : (input as TestEnvironmentOptions)
  const issue = parsed.error.issues[0]
  const field = ['options', ...(issue?.path ?? [])].join('.')
  throw new TypeError(`createTestEnvironment: ${field} ${issue?.message ?? 'is invalid'}`)
}

import type * as z from 'zod'
import { badBody, type PlatformError } from './errors'
import { issuePath } from './issue-path'

/**
 * Parses outside input with a zod schema; the first problem becomes a PlatformError naming the
 * field (`options.expire must be ...`), 600 unless another factory is given. Schemas the first
 * payload does not need are made with `z.lazy`: built on their first parse, not at import.
 *
 * @example
 * ```ts
 * const data = parseInput(z.object({ name: z.string() }), body) // or throws 600 "name ..."
 * ```
 */
export function parseInput<T>(
  schema: z.ZodType<T>,
  input: unknown,
  fail: (field: string, why: string) => PlatformError = badBody,
  root = 'body',
): T {
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  throw fail(issuePath(issue?.path ?? [], root), issue?.message ?? 'is not valid')
}

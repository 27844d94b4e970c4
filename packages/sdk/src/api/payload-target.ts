import { requireUuid } from '../core/input'

/**
 * Anything that names a payload: its uuid, a create response (`{uuid}`) or a record
 * (`{meta: {uuid}}`).
 *
 * @example
 * ```ts
 * const target: PayloadTarget = created // or created.uuid, or a fetched record
 * ```
 */
export type PayloadTarget = string | { uuid: string } | { meta: { uuid: string } }

/**
 * The uuid a {@link PayloadTarget} names; throws `ERR_INPUT` for anything else.
 *
 * @example
 * ```ts
 * payloadUuid({ uuid: '3a6d…' }) // '3a6d…'
 * ```
 */
export function payloadUuid(target: PayloadTarget): string {
  // Object(): `in` and `.meta` read any target; a string (or null) is one without either.
  const given = Object(target)
  if ('uuid' in given) return requireUuid(given.uuid, 'payload.uuid')
  if (given.meta instanceof Object) return requireUuid(given.meta.uuid, 'payload.meta.uuid')
  return requireUuid(target, 'payload')
}

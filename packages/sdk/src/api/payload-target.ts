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
  if (typeof target === 'object' && target !== null) {
    if ('uuid' in target) return requireUuid(target.uuid, 'payload.uuid')
    if ('meta' in target && typeof target.meta === 'object' && target.meta !== null) {
      return requireUuid(target.meta.uuid, 'payload.meta.uuid')
    }
  }
  return requireUuid(target, 'payload')
}

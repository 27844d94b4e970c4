import type { Application } from './applications'
import type { CreateContext } from './payload-types'
import type { Payloads } from './payloads'

/**
 * The API's answers to create and GET as the JSON text it sends (docs/protocol.md §3.2, §3.3):
 * the same operations as {@link Payloads}' `create`, `get` and `getByIdentifier`, built as text
 * (a GET's text is reused while its record stays the same), for the HTTP routes only; the public
 * platform API keeps one method per operation.
 */
export interface PayloadTexts {
  create(app: Application, body: unknown, context?: CreateContext): string
  get(app: Application, uuid: string, userUuid?: string): string
  getByIdentifier(app: Application, identifier: string, userUuid?: string): string
}

const registry = new WeakMap<Payloads, PayloadTexts>()

/**
 * Records the text answers of a payloads object (called once by `createPayloads`).
 *
 * @example
 * ```ts
 * registerPayloadTexts(payloads, { create, get, getByIdentifier })
 * ```
 */
export function registerPayloadTexts(payloads: Payloads, texts: PayloadTexts): void {
  registry.set(payloads, texts)
}

/**
 * The text answers of a platform's payloads, for the HTTP routes.
 *
 * @example
 * ```ts
 * jsonText(c, payloadTexts(platform.payloads).get(app, uuid))
 * ```
 */
export function payloadTexts(payloads: Payloads): PayloadTexts {
  const texts = registry.get(payloads)
  if (!texts) throw new Error('these payloads were not made by createPayloads')
  return texts
}

import { PullSignError } from '../core/errors/pull-sign-error'
import { describeValue, requireObject, requireString } from '../core/input'
import type { Client } from '../core/platform-client'
import type {
  PayloadCancelResponse,
  PayloadCreated,
  PayloadCreateRequest,
  PayloadRecord,
} from '../wire/payload'
import type { TransactionJson } from '../wire/transaction'
import { followPayload, type PayloadSubscription } from './payload-subscription'
import { type PayloadTarget, payloadUuid } from './payload-target'
import type { PayloadEventHandler, SubscribeOptions } from './subscription-types'

/**
 * A subscription made by `createAndSubscribe`: also carries the create response.
 *
 * @example
 * ```ts
 * const { created, resolved } = await pullsign.payload.createAndSubscribe(tx)
 * console.log(created.next.always)
 * ```
 */
export type CreatedSubscription<T> = PayloadSubscription<T> & { readonly created: PayloadCreated }

/**
 * Payloads (sign requests) of docs/protocol.md §3 and their websockets (§4).
 *
 * @example
 * ```ts
 * const created = await pullsign.payload.create({ TransactionType: 'SignIn' })
 * const record = await pullsign.payload.get(created)
 * ```
 */
export interface PayloadApi {
  /**
   * Creates a payload. A bare transaction is wrapped as `{txjson}` (§3.1).
   *
   * @example
   * ```ts
   * const created = await pullsign.payload.create({
   *   txjson: { TransactionType: 'Payment', Destination: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', Amount: '1000000' },
   *   options: { expire: 10 },
   * })
   * ```
   */
  create(input: PayloadCreateRequest | TransactionJson): Promise<PayloadCreated>
  /**
   * Fetches the record of a payload by uuid, create response or record.
   *
   * @example
   * ```ts
   * const record = await pullsign.payload.get(created)
   * ```
   */
  get(target: PayloadTarget): Promise<PayloadRecord>
  /**
   * Fetches a payload by its `custom_meta.identifier`.
   *
   * @example
   * ```ts
   * const record = await pullsign.payload.getByCustomIdentifier('order-42')
   * ```
   */
  getByCustomIdentifier(identifier: string): Promise<PayloadRecord>
  /**
   * Cancels a payload that has not been opened (§3.4); `result.reason` says why not otherwise.
   *
   * @example
   * ```ts
   * const { result } = await pullsign.payload.cancel(created)
   * ```
   */
  cancel(target: PayloadTarget): Promise<PayloadCancelResponse>
  /**
   * Subscribes to a payload's websocket. Resolves once connected and the record fetched.
   *
   * @example
   * ```ts
   * const subscription = await pullsign.payload.subscribe(uuid, (event) => {
   *   console.log(event.type)
   * })
   * const record = await subscription.resolved
   * ```
   */
  subscribe<T = PayloadRecord>(
    target: PayloadTarget,
    onEvent?: PayloadEventHandler<T>,
    options?: SubscribeOptions,
  ): Promise<PayloadSubscription<T>>
  /**
   * Creates a payload and subscribes to it.
   *
   * @example
   * ```ts
   * const { created, resolved } = await pullsign.payload.createAndSubscribe(
   *   { TransactionType: 'SignIn' },
   *   (event) => console.log(event.type),
   * )
   * console.log('open', created.next.always)
   * const record = await resolved
   * ```
   */
  createAndSubscribe<T = PayloadRecord>(
    input: PayloadCreateRequest | TransactionJson,
    onEvent?: PayloadEventHandler<T>,
    options?: SubscribeOptions,
  ): Promise<CreatedSubscription<T>>
}

/**
 * Checks the shape of a create request (the platform checks every rule of §3.1 and names the
 * field; this catches what can be caught before a call) and wraps a bare transaction.
 *
 * @example
 * ```ts
 * createBody({ TransactionType: 'SignIn' }) // { txjson: { TransactionType: 'SignIn' } }
 * ```
 */
export function createBody(input: PayloadCreateRequest | TransactionJson): PayloadCreateRequest {
  const body = requireObject(input, 'payload')
  if (!('txjson' in body) && !('txblob' in body) && 'TransactionType' in body) {
    requireString(body.TransactionType, 'TransactionType')
    return { txjson: body as TransactionJson }
  }
  const hasJson = body.txjson !== undefined
  const hasBlob = body.txblob !== undefined
  if (hasJson === hasBlob) {
    throw new PullSignError('ERR_INPUT', 'payload needs exactly one of txjson and txblob')
  }
  if (hasJson) {
    const txjson = requireObject(body.txjson, 'txjson')
    requireString(txjson.TransactionType, 'txjson.TransactionType')
  } else {
    requireString(body.txblob, 'txblob', /^([0-9A-Fa-f]{2})+$/, 'hex')
  }
  for (const field of ['options', 'custom_meta'] as const) {
    if (body[field] !== undefined) requireObject(body[field], field)
  }
  if (body.user_token !== undefined && typeof body.user_token !== 'string') {
    throw new PullSignError(
      'ERR_INPUT',
      `user_token must be a string, got ${describeValue(body.user_token)}`,
    )
  }
  return body as unknown as PayloadCreateRequest
}

/**
 * Builds the payload API on the client core (its socket URL comes from `endpoints.api`, its
 * sockets from the WebSocket seam, its timers from the clock seam).
 *
 * @example
 * ```ts
 * const payload = createPayloadApi(client)
 * ```
 */
export function createPayloadApi(client: Client): PayloadApi {
  const { core } = client
  // Async, as every method: a bad argument rejects like any other failure.
  const get = async (target: PayloadTarget) =>
    client.request<PayloadRecord>('GET', `payload/${payloadUuid(target)}`)
  const subscribe = async <T>(
    target: PayloadTarget,
    onEvent?: PayloadEventHandler<T>,
    options: SubscribeOptions = {},
  ) => {
    if (onEvent !== undefined && typeof onEvent !== 'function') {
      throw new PullSignError('ERR_INPUT', 'onEvent must be a function')
    }
    // The seams (clock, random), and the core's `webSocket` and `hold`.
    return followPayload<T>(
      { ...core.seams, ...core, api: core.endpoints.api, fetchRecord: get },
      target,
      onEvent,
      options,
    )
  }
  const create = async (input: PayloadCreateRequest | TransactionJson) =>
    client.request<PayloadCreated>('POST', 'payload', { body: createBody(input) })
  return {
    create,
    get,
    getByCustomIdentifier: async (identifier) =>
      client.request<PayloadRecord>(
        'GET',
        `payload/ci/${encodeURIComponent(requireString(identifier, 'identifier'))}`,
      ),
    cancel: async (target) =>
      client.request<PayloadCancelResponse>('DELETE', `payload/${payloadUuid(target)}`),
    subscribe,
    createAndSubscribe: async <T>(
      input: PayloadCreateRequest | TransactionJson,
      onEvent?: PayloadEventHandler<T>,
      options?: SubscribeOptions,
    ) => {
      const created = await create(input)
      const subscription = await subscribe<T>(created.uuid, onEvent, options)
      return Object.assign(subscription, { created }) as CreatedSubscription<T>
    },
  }
}

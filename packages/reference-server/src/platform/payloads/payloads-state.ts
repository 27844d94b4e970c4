import { NETWORK_KEYS, type NetworkKey, PAYLOAD_ORIGINS, type PayloadOrigin } from 'pullsign/wire'
import * as z from 'zod'
import { UUID } from '../ids'
import type { StoredPayload } from './payload-store'

/** The payloads of a snapshot, oldest first, each as stored (request, state, outcome). */
export type PayloadsState = Array<Omit<StoredPayload, 'revision'>>

/**
 * Checks the payloads part of a snapshot. The transaction was checked when the payload was
 * created; here it must be an object with a `TransactionType`.
 */
// The record schema types `txjson` as a plain record; its refinement checks what TransactionJson needs.
export const payloadsStateSchema = z.lazy(() => {
  const uuid = z.string().regex(UUID, 'must be a lower-case UUID')
  const ms = z.number().int().nonnegative()
  const network = z.enum(NETWORK_KEYS as unknown as [NetworkKey, ...NetworkKey[]])
  const hex = z.string().regex(/^([0-9A-Fa-f]{2})*$/, 'must be hex')
  const object = z.record(z.string(), z.unknown())

  const outcome = z.discriminatedUnion('signed', [
    z.object({ signed: z.literal(false), userUuid: uuid }),
    z.object({
      signed: z.literal(true),
      userUuid: uuid,
      account: z.string(),
      signer: z.string(),
      signerPubkey: hex,
      hex,
      txid: z.string().regex(/^[0-9A-F]{64}$/, 'must be 32 bytes of upper-case hex'),
      multisignAccount: z.string().nullable(),
      environment: z.object({
        nodeuri: z.string(),
        nodetype: network,
        networkid: z.number().int(),
      }),
      dispatched: z.object({ to: z.string(), nodetype: network, result: z.string() }).nullable(),
    }),
  ])
  return z.array(
    z.object({
      uuid,
      appUuid: uuid,
      createdAt: ms,
      expiresAt: ms,
      request: z.object({
        txjson: object.refine(
          (tx) => typeof tx.TransactionType === 'string',
          'must have a TransactionType',
        ),
        fromBlob: z.boolean(),
        options: z.object({
          submit: z.boolean(),
          multisign: z.boolean(),
          expire: z.number().int().min(1),
          signers: z.array(z.string()).max(4),
          pathfinding: z.boolean(),
          pathfinding_fallback: z.boolean(),
          force_network: network.nullable(),
          return_url: z.object({ app: z.string().nullable(), web: z.string().nullable() }),
        }),
        customMeta: z.object({
          identifier: z.string().min(1).max(40).nullable(),
          blob: object.nullable(),
          instruction: z.string().max(280).nullable(),
        }),
      }),
      boundUser: uuid.nullable(),
      pushed: z.boolean(),
      xapp: z.boolean(),
      state: z.enum(['created', 'opened', 'resolved', 'cancelled']),
      openedBy: uuid.nullable(),
      via: z.enum(PAYLOAD_ORIGINS as unknown as [PayloadOrigin, ...PayloadOrigin[]]).nullable(),
      resolvedAt: ms.nullable(),
      outcome: outcome.nullable(),
      referenceCall: uuid.nullable(),
      issuedToken: uuid.nullable(),
    }),
  ) as unknown as z.ZodType<PayloadsState>
})

import { type CustomMeta, NETWORK_KEYS, type NetworkKey, type TransactionJson } from 'pullsign/wire'
import * as z from 'zod'
import { isClassicAddress } from '../classic-address'
import { badBody, invalidRequest } from '../errors'
import { parseInput } from '../schema-input'
import { isNavigableUrl } from '../url-schemes'
import type { WalletRequestOptions } from './payload-types'
import { checkedTransaction, decodeBlob } from './transaction-check'

/** A create request after validation: what the store keeps. */
export interface PayloadRequest {
  txjson: TransactionJson
  /** The request came as `txblob`. */
  fromBlob: boolean
  options: WalletRequestOptions
  customMeta: CustomMeta
}

/** A validated create request, and the user token it came with (used once, never stored). */
export interface ParsedCreate {
  request: PayloadRequest
  userToken: string | null
}

/** Default `options.expire`, minutes (docs/protocol.md §3.1 [ours]). */
export const DEFAULT_EXPIRE_MINUTES = 240
const MAX_EXPIRE_MINUTES = 43200
const MAX_BLOB_JSON = 1500
const MAX_TXBLOB_HEX = 200_000

const address = z
  .string()
  .refine((value) => isClassicAddress(value), 'must be a valid classic address')

const returnUrl = z
  .string()
  .max(2048)
  .refine((value) => URL.canParse(value), 'must be a URL')
  .nullish()

// The sign page sends the person's browser there (docs/protocol.md §7.3).
const webReturnUrl = returnUrl.refine(
  (value) => value == null || isNavigableUrl(value),
  'must not use a javascript:, data:, vbscript: or file: scheme',
)

// An object literal (what JSON.parse makes), checked without copying it: checkedTransaction checks
// every field, and a record schema would copy the transaction once more.
const jsonObject = z.custom<Record<string, unknown>>((value) => {
  if (typeof value !== 'object' || value === null) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}, 'must be an object')

const envelopeSchema = z.object({
  txjson: jsonObject.optional(),
  txblob: z
    .string()
    .max(MAX_TXBLOB_HEX)
    .regex(/^([0-9A-Fa-f]{2})+$/, 'must be hex of a binary-encoded transaction')
    .optional(),
  options: z
    .object({
      submit: z.boolean().optional(),
      multisign: z.boolean().optional(),
      expire: z.number().int().min(1).max(MAX_EXPIRE_MINUTES).optional(),
      signers: z.array(address).max(4).optional(),
      signer: address.optional(),
      pathfinding: z.boolean().optional(),
      pathfinding_fallback: z.boolean().optional(),
      force_network: z.enum(NETWORK_KEYS as unknown as [NetworkKey, ...NetworkKey[]]).optional(),
      return_url: z.object({ app: returnUrl, web: webReturnUrl }).nullish(),
    })
    .nullish(),
  custom_meta: z
    .object({
      identifier: z.string().min(1).max(40).nullish(),
      blob: z
        .record(z.string(), z.unknown())
        .refine(
          (value) => JSON.stringify(value).length <= MAX_BLOB_JSON,
          `must be at most ${MAX_BLOB_JSON} characters as JSON`,
        )
        .nullish(),
      instruction: z.string().max(280).nullish(),
    })
    .nullish(),
  user_token: z.string().max(256).nullish(),
})

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

// The transaction as JSON text. The stored transaction is parsed from it: a deep copy, so the
// caller's object can change later without changing the stored request, and an in-process
// caller's transaction holds what the same request over HTTP would (no undefined, no NaN, no class
// instances). The text is also what checkedTransaction remembers a passed transaction by.
const transactionText = (txjson: Record<string, unknown>): string => {
  try {
    return JSON.stringify(txjson)
  } catch {
    throw invalidRequest('txjson', 'must be plain JSON (no BigInt, no cycles)')
  }
}

// Shared by every request that leaves them out, so a stored payload holds fewer objects.
// Frozen: nothing may change one request's through another's.
const NO_SIGNERS: readonly string[] = Object.freeze([])
const NO_RETURN_URL = Object.freeze({ app: null, web: null })

const isIssued = (amount: unknown) => isPlainObject(amount) && typeof amount.currency === 'string'

/**
 * Validates a create request (docs/protocol.md §3.1) without touching any state: the envelope with zod,
 * then the transaction (see `checkedTransaction`). Throws a PlatformError naming the field; 603 for
 * restricted types without the permission.
 *
 * @example
 * ```ts
 * const { request } = parsePayloadRequest({ txjson: { TransactionType: 'SignIn' } }, { restrictedTypes: false })
 * request.options.expire // 240
 * ```
 */
export function parsePayloadRequest(
  body: unknown,
  permissions: { restrictedTypes: boolean },
): ParsedCreate {
  if (!isPlainObject(body)) throw badBody('body', 'must be a JSON object')
  if (body.txjson === undefined && body.txblob === undefined) {
    throw badBody('txjson', 'or txblob is required')
  }
  if (body.txjson !== undefined && body.txblob !== undefined) {
    throw invalidRequest('txjson', 'and txblob cannot both be given')
  }
  const { txjson, txblob, options, custom_meta, user_token } = parseInput(
    envelopeSchema,
    body,
    invalidRequest,
  )

  let tx: TransactionJson
  if (txblob !== undefined) {
    const decoded = decodeBlob(txblob, options?.force_network ?? null)
    tx = checkedTransaction(
      JSON.stringify(decoded),
      permissions,
      () => decoded,
      options?.force_network ?? null,
    )
  } else {
    tx = checkedTransaction(
      transactionText(txjson ?? {}),
      permissions,
      undefined,
      options?.force_network ?? null,
    )
  }

  if (options?.pathfinding && !(tx.TransactionType === 'Payment' && isIssued(tx.Amount))) {
    throw invalidRequest('options.pathfinding', 'needs a Payment whose Amount is an issued amount')
  }
  const signers =
    options?.signers || options?.signer
      ? [...new Set([...(options.signers ?? []), ...(options.signer ? [options.signer] : [])])]
      : NO_SIGNERS
  if (signers.length > 4) throw invalidRequest('options.signers', 'must hold at most 4 addresses')
  const returnUrl = options?.return_url

  return {
    request: {
      txjson: tx,
      fromBlob: txblob !== undefined,
      options: {
        submit: options?.submit ?? true,
        multisign: options?.multisign ?? false,
        expire: options?.expire ?? DEFAULT_EXPIRE_MINUTES,
        signers,
        pathfinding: options?.pathfinding ?? false,
        pathfinding_fallback: options?.pathfinding_fallback ?? false,
        force_network: options?.force_network ?? null,
        return_url:
          returnUrl?.app || returnUrl?.web
            ? { app: returnUrl.app ?? null, web: returnUrl.web ?? null }
            : NO_RETURN_URL,
      },
      customMeta: {
        identifier: custom_meta?.identifier ?? null,
        blob: custom_meta?.blob ? structuredClone(custom_meta.blob) : null,
        instruction: custom_meta?.instruction ?? null,
      },
    },
    userToken: user_token ?? null,
  }
}

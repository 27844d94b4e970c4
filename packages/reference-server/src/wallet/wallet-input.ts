import { NETWORK_KEYS, type NetworkKey } from 'pullsign/wire'
import { isValidClassicAddress } from 'ripple-address-codec'
import * as z from 'zod'
import { badBody } from '../platform/errors'
import { issuePath } from '../platform/issue-path'

const ORIGINS = ['QR', 'DEEP_LINK', 'PUSH_NOTIFICATION', 'EVENT_LIST'] as const
const NETWORK = z.enum(NETWORK_KEYS as unknown as [NetworkKey, ...NetworkKey[]])
const ADDRESS = z.string().refine(isValidClassicAddress, 'is not a valid classic address')
const USER = z.string().min(1, 'is required').max(64)

const openSchema = z.object({ user: USER, via: z.enum(ORIGINS).optional() })

const signSchema = z.object({
  user: USER,
  account: ADDRESS.optional(),
  network: NETWORK.optional(),
  payWith: z
    .object({
      currency: z
        .string()
        .regex(/^([A-Za-z0-9?!@#$%^&*<>(){}[\]|]{3}|[0-9A-F]{40})$/, 'is not a currency code'),
      issuer: ADDRESS.optional(),
    })
    .optional(),
  walletVersion: z
    .string()
    .regex(/^\d{1,3}\.\d{1,3}\.\d{1,3}$/, 'must be a version like 5.4.0')
    .optional(),
  signer: z.boolean().optional(),
})

const rejectSchema = z.object({ user: USER })

/** Validated input of `wallet.open`. */
export type OpenInputValues = z.infer<typeof openSchema>
/** Validated input of `wallet.sign`. */
export type SignInputValues = z.infer<typeof signSchema>

function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  throw badBody(issuePath(issue?.path ?? []), issue?.message ?? 'is not valid')
}

/**
 * Validates `wallet.open` input (`{user, via?}`, docs/protocol.md §10); 600 naming the field otherwise.
 *
 * @example
 * ```ts
 * parseOpenInput({ user: uuid, via: 'DEEP_LINK' })
 * ```
 */
export const parseOpenInput = (input: unknown): OpenInputValues => parse(openSchema, input)

/**
 * Validates `wallet.sign` input (`{user, account?, network?, payWith?, walletVersion?, signer?}`,
 * §10).
 *
 * @example
 * ```ts
 * parseSignInput({ user: uuid, network: 'TESTNET' })
 * ```
 */
export const parseSignInput = (input: unknown): SignInputValues => parse(signSchema, input)

/**
 * Validates `wallet.reject` input (`{user}`, §10).
 *
 * @example
 * ```ts
 * parseRejectInput({ user: uuid })
 * ```
 */
export const parseRejectInput = (input: unknown): { user: string } => parse(rejectSchema, input)

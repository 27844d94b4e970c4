import { expect } from 'vitest'
import { z } from 'zod'

// The answers of docs/protocol.md, key for key: every object is strict (no key missing, none
// added) and `null` is allowed only where the protocol says so.

const uuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
const iso = z.iso.datetime()
const url = z.url()
const hex64 = z.string().regex(/^[0-9A-F]{64}$/)
const address = z.string().regex(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/)
const nullable = <T extends z.ZodType>(schema: T) => schema.nullable()
const jsonObject = z.record(z.string(), z.unknown())

const customMeta = z.strictObject({
  identifier: nullable(z.string()),
  blob: nullable(jsonObject),
  instruction: nullable(z.string()),
})

/** §3.3 `meta`. */
export const payloadMeta = z.strictObject({
  exists: z.boolean(),
  uuid,
  multisign: z.boolean(),
  submit: z.boolean(),
  pathfinding: z.boolean(),
  pathfinding_fallback: z.boolean(),
  force_network: nullable(z.string()),
  destination: z.string(),
  resolved_destination: nullable(z.string()),
  resolved: z.boolean(),
  signed: z.boolean(),
  cancelled: z.boolean(),
  expired: z.boolean(),
  pushed: z.boolean(),
  app_opened: z.boolean(),
  opened_by_deeplink: nullable(z.boolean()),
  return_url_app: nullable(z.string()),
  return_url_web: nullable(z.string()),
  is_xapp: z.boolean(),
  signers: nullable(z.array(address)),
})

/** §3.3, the whole record. */
export const payloadRecord = z.strictObject({
  meta: payloadMeta,
  application: z.strictObject({
    name: z.string(),
    description: nullable(z.string()),
    disabled: z.number().int(),
    uuidv4: uuid,
    icon_url: url,
    issued_user_token: nullable(uuid),
  }),
  payload: z.strictObject({
    tx_type: z.string(),
    tx_destination: z.string(),
    tx_destination_tag: nullable(z.number().int()),
    request_json: jsonObject,
    origintype: nullable(z.enum(['QR', 'DEEP_LINK', 'PUSH_NOTIFICATION', 'EVENT_LIST', 'XAPP'])),
    signmethod: nullable(z.string()),
    created_at: iso,
    expires_at: iso,
    expires_in_seconds: z.number().int(),
  }),
  response: z.strictObject({
    hex: nullable(z.string().regex(/^[0-9A-F]+$/)),
    txid: nullable(hex64),
    resolved_at: nullable(iso),
    dispatched_to: nullable(z.string()),
    dispatched_nodetype: nullable(z.string()),
    dispatched_result: nullable(z.string()),
    dispatched_to_node: nullable(z.boolean()),
    environment_nodeuri: nullable(z.string()),
    environment_nodetype: nullable(z.string()),
    environment_networkid: nullable(z.number().int()),
    multisign_account: nullable(address),
    account: nullable(address),
    signer: nullable(address),
    signer_pubkey: nullable(z.string()),
    user: nullable(uuid),
  }),
  custom_meta: customMeta,
})

/** §3.4. */
export const cancelAnswer = z.strictObject({
  result: z.strictObject({
    cancelled: z.boolean(),
    reason: z.enum([
      'OK',
      'ALREADY_CANCELLED',
      'ALREADY_RESOLVED',
      'ALREADY_OPENED',
      'ALREADY_EXPIRED',
    ]),
  }),
  meta: payloadMeta,
  custom_meta: customMeta,
})

/** §2 `ping`. */
export const ping = z.strictObject({
  pong: z.literal(true),
  auth: z.strictObject({
    quota: jsonObject,
    application: z.strictObject({
      uuidv4: uuid,
      name: z.string(),
      webhookurl: nullable(z.string()),
      redirecturis: z.array(z.string()),
      disabled: z.literal(0).or(z.literal(1)),
    }),
    call: z.strictObject({ uuidv4: uuid }),
  }),
})

/** §2 `rails`, one network. */
export const rail = z.strictObject({
  chain_id: z.number().int(),
  color: z.string(),
  name: z.string(),
  is_livenet: z.boolean(),
  native_asset: z.string(),
  endpoints: z.array(z.strictObject({ name: z.string(), url: z.string() })).min(1),
  explorers: z.array(
    z.strictObject({ name: z.string(), url_tx: url, url_account: url, url_ctid: url }),
  ),
  rpc: url,
  definitions: z.literal('default').or(url),
  icons: z.strictObject({ icon_square: url, icon_asset: url }),
})

/** §2 `rates/{CODE}`. */
export const rates = z.strictObject({
  USD: z.number().positive(),
  XRP: z.number().positive(),
  __meta: z.strictObject({
    currency: z.strictObject({
      en: z.string(),
      code: z.string(),
      symbol: z.string(),
      isoDecimals: z.number().int(),
    }),
  }),
})

/** §2 `account-meta/{rAddress}`. */
export const accountMeta = z.strictObject({
  account: address,
  kycApproved: z.boolean(),
  xummPro: z.boolean(),
  avatar: url,
  xummProfile: z.strictObject({
    accountAlias: nullable(z.string()),
    ownerAlias: nullable(z.string()),
  }),
  thirdPartyProfiles: z.array(z.strictObject({ accountAlias: z.string(), source: z.string() })),
  globalid: z.strictObject({ linked: nullable(iso), profileUrl: nullable(url) }),
})

const curatedCurrency = z.strictObject({
  id: z.number().int(),
  issuer_id: z.number().int(),
  issuer: address,
  currency: z.string(),
  name: z.string(),
  avatar: url,
  shortlist: z.number().int(),
})

/** §2 `curated-assets`. */
export const curatedAssets = z.strictObject({
  issuers: z.array(z.string()),
  currencies: z.array(z.string()),
  details: z.record(
    z.string(),
    z.strictObject({
      id: z.number().int(),
      name: z.string(),
      domain: z.string(),
      avatar: url,
      shortlist: z.number().int(),
      currencies: z.record(z.string(), curatedCurrency),
    }),
  ),
})

/** §2 `kyc-status`, by account and by token. */
export const kycByAccount = z.strictObject({ account: address, kycApproved: z.boolean() })
export const kycByToken = z.strictObject({
  kycStatus: z.enum(['NONE', 'IN_PROGRESS', 'REJECTED', 'SUCCESSFUL']),
  possibleStatuses: z.strictObject({
    NONE: z.string(),
    IN_PROGRESS: z.string(),
    REJECTED: z.string(),
    SUCCESSFUL: z.string(),
  }),
})

const amount = z
  .string()
  .or(z.strictObject({ currency: z.string(), issuer: address, value: z.string() }))

/** §2 `xrpl-tx/{hash}`. */
export const xrplTx = z.strictObject({
  txid: hex64,
  node: z.string(),
  balanceChanges: z.record(
    address,
    z.array(z.strictObject({ counterparty: z.string(), currency: z.string(), value: z.string() })),
  ),
  transaction: z.looseObject({
    TransactionType: z.string(),
    Account: address,
    hash: hex64,
    meta: z.looseObject({
      TransactionIndex: z.number().int(),
      TransactionResult: z.string(),
      delivered_amount: amount.optional(),
    }),
    validated: z.boolean(),
  }),
})

/** §2 `user-tokens`. */
export const userTokens = z.strictObject({
  tokens: z.array(
    z.strictObject({
      user_token: z.string(),
      active: z.boolean(),
      issued: z.number().int(),
      expires: z.number().int(),
    }),
  ),
})

const storageApplication = z.strictObject({ name: z.string(), uuidv4: uuid })

/** §2 `app-storage` GET, POST, DELETE. */
export const storageGet = z.strictObject({
  application: storageApplication,
  data: nullable(jsonObject),
})
export const storageSet = z.strictObject({
  application: storageApplication,
  stored: z.literal(true),
  data: jsonObject,
})
export const storageDelete = z.strictObject({
  application: storageApplication,
  stored: z.literal(true),
  data: z.null(),
})

/** §7.2, the xApp context. */
export const xappContext = z.strictObject({
  version: z.string(),
  locale: z.string(),
  currency: z.string(),
  style: z.enum(['LIGHT', 'DARK', 'MOONLIGHT', 'ROYAL']),
  nodetype: z.string(),
  nodewss: z.string(),
  networkid: z.number().int(),
  user: uuid,
  user_device: z.strictObject({ currency: z.string(), platform: z.string() }),
  account: address,
  accounttype: z.enum(['REGULAR', 'TANGEM']),
  accountaccess: z.enum(['FULL', 'READONLY']),
  account_info: z.strictObject({
    account: address,
    name: nullable(z.string()),
    domain: nullable(z.string()),
    blocked: z.boolean(),
    source: z.string(),
    kycApproved: z.boolean(),
    proSubscription: z.boolean(),
    profile: nullable(jsonObject),
  }),
  origin: z.strictObject({ type: nullable(z.string()), data: nullable(jsonObject) }),
  subscriptions: z.array(z.unknown()),
})

/** §2 `xapp/event`, `xapp/push`. */
export const xappEvent = z.strictObject({ pushed: z.boolean(), uuid: nullable(uuid) })
export const xappPush = z.strictObject({ pushed: z.boolean() })

/** §4, the resolve message; §5, the webhook body. */
const returnUrl = z.strictObject({ app: nullable(z.string()), web: nullable(z.string()) })
export const socketResolved = z.strictObject({
  payload_uuidv4: uuid,
  reference_call_uuidv4: uuid,
  signed: z.boolean(),
  user_token: z.boolean(),
  return_url: returnUrl,
  opened_by_deeplink: nullable(z.boolean()),
  custom_meta: customMeta,
  txid: nullable(hex64),
})
export const webhookBody = z.strictObject({
  meta: z.strictObject({
    url: z.string(),
    application_uuidv4: uuid,
    payload_uuidv4: uuid,
    opened_by_deeplink: nullable(z.boolean()),
  }),
  custom_meta: customMeta,
  payloadResponse: z.strictObject({
    payload_uuidv4: uuid,
    reference_call_uuidv4: uuid,
    signed: z.boolean(),
    user_token: z.boolean(),
    return_url: returnUrl,
    txid: nullable(hex64),
  }),
  userToken: nullable(
    z.strictObject({
      user_token: uuid,
      token_issued: z.number().int(),
      token_expiration: z.number().int(),
    }),
  ),
})

/**
 * Asserts `value` has exactly the shape of `schema`; the failure lists every key that is missing,
 * extra or of another type.
 */
export function expectShape<T extends z.ZodType>(
  schema: T,
  value: unknown,
  label = '',
): z.infer<T> {
  const parsed = schema.safeParse(value)
  expect(parsed.success ? [] : parsed.error.issues, `${label} ${JSON.stringify(value)}`).toEqual([])
  return parsed.data as z.infer<T>
}

/** The keys of an object whose value is `null`, sorted: what a state leaves unset. */
export const nullKeys = (value: object): string[] =>
  Object.entries(value)
    .filter(([, v]) => v === null)
    .map(([k]) => k)
    .sort()

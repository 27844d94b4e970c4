import type { NetworkKey } from './networks'
import type { TransactionJson } from './transaction'

/**
 * Return URLs of §3.1; placeholders `{id}`, `{cid}`, `{txid}`, `{txblob}` are replaced at
 * resolution.
 *
 * @example
 * ```ts
 * const returnUrl: ReturnUrl = { web: 'https://shop.example/done?id={id}' }
 * ```
 */
export interface ReturnUrl {
  app?: string
  web?: string
}

/**
 * `options` of a create request (§3.1). Unknown keys are ignored by the platform.
 *
 * @example
 * ```ts
 * const options: PayloadOptions = { submit: false, expire: 5, force_network: 'TESTNET' }
 * ```
 */
export interface PayloadOptions {
  /** Submit after signing; default true. */
  submit?: boolean
  multisign?: boolean
  /** Minutes, 1..43200; default 240. */
  expire?: number
  /** Up to 4 addresses; the wallet must sign with one of them. */
  signers?: string[]
  /** One address; same as `signers: [signer]`. */
  signer?: string
  pathfinding?: boolean
  pathfinding_fallback?: boolean
  force_network?: NetworkKey | (string & {})
  return_url?: ReturnUrl
}

/**
 * `custom_meta` of a create request (§3.1).
 *
 * @example
 * ```ts
 * const meta: CustomMetaInput = { identifier: 'order-42', instruction: 'Pay order 42' }
 * ```
 */
export interface CustomMetaInput {
  /** At most 40 characters, unique per application (else 409). */
  identifier?: string
  /** At most 1500 characters as JSON. */
  blob?: Record<string, unknown>
  /** At most 280 characters. */
  instruction?: string
}

/**
 * The create request of §3.1 with a transaction as JSON.
 *
 * @example
 * ```ts
 * const body: PayloadCreateWithJson = { txjson: { TransactionType: 'SignIn' } }
 * ```
 */
export interface PayloadCreateWithJson {
  txjson: TransactionJson
  txblob?: never
  options?: PayloadOptions
  custom_meta?: CustomMetaInput
  user_token?: string
}

/**
 * The create request of §3.1 with a binary-encoded transaction (hex).
 *
 * @example
 * ```ts
 * const body: PayloadCreateWithBlob = { txblob: '1200002280000000…' }
 * ```
 */
export interface PayloadCreateWithBlob {
  txblob: string
  txjson?: never
  options?: PayloadOptions
  custom_meta?: CustomMetaInput
  user_token?: string
}

/**
 * The create request of §3.1: exactly one of `txjson` and `txblob`.
 *
 * @example
 * ```ts
 * const body: PayloadCreateRequest = {
 *   txjson: { TransactionType: 'Payment', Destination: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', Amount: '1000000' },
 *   options: { expire: 10 },
 *   custom_meta: { identifier: 'order-42' },
 * }
 * ```
 */
export type PayloadCreateRequest = PayloadCreateWithJson | PayloadCreateWithBlob

/**
 * The create response of §3.2.
 *
 * @example
 * ```ts
 * const created: PayloadCreated = await pullsign.payload.create({ TransactionType: 'SignIn' })
 * console.log(created.next.always, created.refs.qr_png)
 * ```
 */
export interface PayloadCreated {
  uuid: string
  next: {
    always: string
    no_push_msg_received?: string
  }
  refs: {
    qr_png: string
    qr_matrix: string
    qr_uri_quality_opts: string[]
    websocket_status: string
  }
  pushed: boolean
}

/**
 * How the user reached a payload (§3.3 `payload.origintype`).
 *
 * @example
 * ```ts
 * const via: PayloadOrigin = 'QR'
 * ```
 */
export type PayloadOrigin = 'QR' | 'DEEP_LINK' | 'PUSH_NOTIFICATION' | 'EVENT_LIST' | 'XAPP'

/**
 * The origin types of {@link PayloadOrigin}, as a list.
 *
 * @example
 * ```ts
 * PAYLOAD_ORIGINS.includes('QR') // true
 * ```
 */
export const PAYLOAD_ORIGINS = /* @__PURE__ */ Object.freeze([
  'QR',
  'DEEP_LINK',
  'PUSH_NOTIFICATION',
  'EVENT_LIST',
  'XAPP',
] as const satisfies readonly PayloadOrigin[])

/**
 * `custom_meta` as stored on a record: unset values are `null`.
 *
 * @example
 * ```ts
 * const meta: CustomMeta = { identifier: 'order-42', blob: null, instruction: null }
 * ```
 */
export interface CustomMeta {
  identifier: string | null
  blob: Record<string, unknown> | null
  instruction: string | null
}

/**
 * `meta` of a payload record (§3.3). See the table there for how the booleans combine.
 *
 * @example
 * ```ts
 * if (record.meta.resolved && record.meta.signed) console.log('signed')
 * ```
 */
export interface PayloadMeta {
  exists: boolean
  uuid: string
  multisign: boolean
  submit: boolean
  pathfinding: boolean
  pathfinding_fallback: boolean
  force_network: string | null
  /** `""` for a transaction without a destination (a SignIn, an AccountSet). */
  destination: string
  /** The name behind the destination when known, else null; `""` without a destination. */
  resolved_destination: string | null
  resolved: boolean
  signed: boolean
  cancelled: boolean
  expired: boolean
  pushed: boolean
  app_opened: boolean
  /** null until opened; false = QR scan. */
  opened_by_deeplink: boolean | null
  return_url_app: string | null
  return_url_web: string | null
  is_xapp: boolean
  signers: string[] | null
}

/**
 * `application` of a payload record (§3.3).
 *
 * @example
 * ```ts
 * const token = record.application.issued_user_token // after signing
 * ```
 */
export interface PayloadApplication {
  name: string
  description: string | null
  disabled: number
  uuidv4: string
  /** Always a URL (a default icon when the application has none). */
  icon_url: string
  issued_user_token: string | null
}

/**
 * `payload` of a payload record (§3.3).
 *
 * @example
 * ```ts
 * console.log(record.payload.tx_type, record.payload.expires_in_seconds)
 * ```
 */
export interface PayloadDetails {
  tx_type: string
  /** `""` for a transaction without a destination. */
  tx_destination: string
  tx_destination_tag: number | null
  /** As requested; a SignIn is `{"TransactionType": "SignIn", "SignIn": true}`. */
  request_json: TransactionJson
  origintype: PayloadOrigin | null
  signmethod: string | null
  /** ISO 8601. */
  created_at: string
  /** ISO 8601. */
  expires_at: string
  /** Negative once expired. */
  expires_in_seconds: number
}

/**
 * `response` of a payload record (§3.3): all `null` until resolved.
 *
 * @example
 * ```ts
 * console.log(record.response.txid, record.response.account)
 * ```
 */
export interface PayloadResponse {
  hex: string | null
  txid: string | null
  resolved_at: string | null
  dispatched_to: string | null
  dispatched_nodetype: string | null
  dispatched_result: string | null
  /** Whether the wallet sent the signed transaction to a node (its URL is `dispatched_to`). */
  dispatched_to_node: boolean | null
  environment_nodeuri: string | null
  environment_nodetype: string | null
  environment_networkid: number | null
  multisign_account: string | null
  account: string | null
  signer: string | null
  signer_pubkey: string | null
  user: string | null
}

/**
 * The payload record of §3.3 (GET `payload/{uuid}`). Unset values are `null`, never absent.
 *
 * @example
 * ```ts
 * const record: PayloadRecord = await pullsign.payload.get(uuid)
 * ```
 */
export interface PayloadRecord {
  meta: PayloadMeta
  application: PayloadApplication
  payload: PayloadDetails
  response: PayloadResponse
  custom_meta: CustomMeta
}

/**
 * `response` of a signed record: what signing always sets is a string (§3.3, §3.5).
 *
 * @example
 * ```ts
 * const explorer = `https://livenet.xrpl.org/transactions/${signed.response.txid}`
 * ```
 */
export interface SignedPayloadResponse extends PayloadResponse {
  hex: string
  txid: string
  resolved_at: string
  account: string
  signer: string
  signer_pubkey: string
}

/**
 * A record the user signed: `meta.resolved` and `meta.signed` are true and the signed
 * transaction's `hex`, `txid` and `account` are strings. Narrow a {@link PayloadRecord} to it with
 * `isSignedRecord`.
 *
 * @example
 * ```ts
 * if (isSignedRecord(record)) console.log(record.response.txid.toLowerCase())
 * ```
 */
export interface SignedPayloadRecord extends PayloadRecord {
  meta: PayloadMeta & { resolved: true; signed: true }
  response: SignedPayloadResponse
}

/**
 * The reasons of a cancel response (§3.4), as a list.
 *
 * @example
 * ```ts
 * CANCEL_REASONS.includes('ALREADY_OPENED') // true
 * ```
 */
export const CANCEL_REASONS = /* @__PURE__ */ Object.freeze([
  'OK',
  'ALREADY_CANCELLED',
  'ALREADY_RESOLVED',
  'ALREADY_OPENED',
  'ALREADY_EXPIRED',
] as const)

/**
 * A cancel reason (§3.4).
 *
 * @example
 * ```ts
 * const reason: CancelReason = 'OK'
 * ```
 */
export type CancelReason = (typeof CANCEL_REASONS)[number]

/**
 * The cancel response of §3.4 (DELETE `payload/{uuid}`).
 *
 * @example
 * ```ts
 * const { result } = await pullsign.payload.cancel(uuid)
 * if (!result.cancelled) console.log(result.reason)
 * ```
 */
export interface PayloadCancelResponse {
  result: {
    cancelled: boolean
    reason: CancelReason
  }
  meta: PayloadMeta
  custom_meta: CustomMeta
}

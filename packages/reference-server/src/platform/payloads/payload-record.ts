import type {
  PayloadMeta,
  PayloadRecord,
  SocketResolvedMessage,
  TransactionJson,
  WebhookBody,
} from 'pullsign/wire'
import type { Application } from '../applications/applications'
import type { UserToken } from '../users/user-tokens'
import type { StoredPayload } from './payload-store'

/** What a record needs besides the stored payload. */
export interface RecordContext {
  app: Application
  now: number
  /** The name behind the destination address, when the platform knows it. */
  destinationName: string | null
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/**
 * Expiry limits opening, not resolving (docs/protocol.md §3.3 table): a payload resolved before its expiry
 * stays `expired: false`; one resolved after it reports `expired: true`; a cancelled one is
 * expired.
 *
 * @example
 * ```ts
 * isExpired(payload, clock.now())
 * ```
 */
export function isExpired(payload: StoredPayload, now: number): boolean {
  if (payload.state === 'cancelled') return true
  if (payload.state === 'resolved' && payload.resolvedAt !== null) {
    return payload.resolvedAt >= payload.expiresAt
  }
  return now >= payload.expiresAt
}

const txidOf = (payload: StoredPayload) => (payload.outcome?.signed ? payload.outcome.txid : null)

/**
 * The return URLs with `{id}`, `{cid}`, `{txid}` and `{txblob}` replaced (docs/protocol.md §3.1); null
 * before resolution, when the values are not known yet.
 *
 * @example
 * ```ts
 * returnUrls(payload) // { app: null, web: 'https://shop.example/done?id=5f2…' }
 * ```
 */
export function returnUrls(payload: StoredPayload): { app: string | null; web: string | null } {
  const replace = (template: string | null) => {
    if (template === null || payload.state !== 'resolved') return null
    const outcome = payload.outcome
    const values: Record<string, string> = {
      id: payload.uuid,
      cid: payload.request.customMeta.identifier ?? '',
      txid: outcome?.signed ? outcome.txid : '',
      txblob: outcome?.signed ? outcome.hex : '',
    }
    return template.replace(/\{(id|cid|txid|txblob)\}/g, (_all, name: string) =>
      encodeURIComponent(values[name] ?? ''),
    )
  }
  const { app, web } = payload.request.options.return_url
  return { app: replace(app), web: replace(web) }
}

// docs/protocol.md §3.3: production answers `""` for a transaction without a destination (a
// SignIn, an AccountSet), never null.
const destinationOf = (txjson: TransactionJson) =>
  typeof txjson.Destination === 'string' ? txjson.Destination : ''

// docs/protocol.md §3.3: production's `request_json` of a SignIn, whatever form it was created in.
const requestJson = (txjson: TransactionJson): TransactionJson =>
  txjson.TransactionType === 'SignIn'
    ? { TransactionType: 'SignIn', SignIn: true }
    : structuredClone(txjson)

const openedByDeeplink = (payload: StoredPayload) =>
  payload.via === null ? null : payload.via !== 'QR'

function meta(payload: StoredPayload, context: RecordContext): PayloadMeta {
  const { options, txjson } = payload.request
  const urls = returnUrls(payload)
  const destination = destinationOf(txjson)
  return {
    exists: true,
    uuid: payload.uuid,
    multisign: options.multisign,
    submit: options.submit,
    pathfinding: options.pathfinding,
    pathfinding_fallback: options.pathfinding_fallback,
    force_network: options.force_network,
    destination,
    resolved_destination: destination === '' ? '' : context.destinationName,
    resolved: payload.state === 'resolved',
    signed: payload.state === 'resolved' && payload.outcome?.signed === true,
    cancelled: payload.state === 'cancelled',
    expired: isExpired(payload, context.now),
    pushed: payload.pushed,
    app_opened: payload.via !== null,
    opened_by_deeplink: openedByDeeplink(payload),
    return_url_app: urls.app,
    return_url_web: urls.web,
    is_xapp: payload.xapp,
    signers: options.signers.length > 0 ? [...options.signers] : null,
  }
}

/**
 * Builds the §3.3 record of a stored payload. Unset values are `null`, never absent; a missing
 * destination is `""`, as production answers.
 *
 * @example
 * ```ts
 * const record = buildRecord(payload, { app, now: clock.now(), destinationName: null })
 * record.meta.resolved // false until the wallet resolves it
 * ```
 */
export function buildRecord(payload: StoredPayload, context: RecordContext): PayloadRecord {
  const { app, now } = context
  const { txjson, customMeta } = payload.request
  const outcome = payload.outcome
  const signed = outcome?.signed ? outcome : null
  const tag = txjson.DestinationTag
  return {
    meta: meta(payload, context),
    application: {
      name: app.name,
      description: app.description,
      disabled: app.disabled ? 1 : 0,
      uuidv4: app.uuid,
      icon_url: app.iconUrl,
      issued_user_token: payload.issuedToken,
    },
    payload: {
      tx_type: txjson.TransactionType,
      tx_destination: destinationOf(txjson),
      tx_destination_tag:
        typeof tag === 'number' ? tag : typeof tag === 'string' ? Number(tag) : null,
      request_json: requestJson(txjson),
      origintype: payload.via,
      signmethod: signed ? 'PIN' : null,
      created_at: new Date(payload.createdAt).toISOString(),
      expires_at: new Date(payload.expiresAt).toISOString(),
      expires_in_seconds: Math.floor((payload.expiresAt - now) / 1000),
    },
    response: {
      hex: signed?.hex ?? null,
      txid: signed?.txid ?? null,
      resolved_at: iso(payload.resolvedAt),
      dispatched_to: signed?.dispatched?.to ?? null,
      dispatched_nodetype: signed?.dispatched?.nodetype ?? null,
      dispatched_result: signed?.dispatched?.result ?? null,
      // Whether the wallet sent the signed transaction to a node (§3.3); its URL is `dispatched_to`.
      dispatched_to_node: signed ? signed.dispatched !== null : null,
      environment_nodeuri: signed?.environment.nodeuri ?? null,
      environment_nodetype: signed?.environment.nodetype ?? null,
      environment_networkid: signed?.environment.networkid ?? null,
      multisign_account: signed?.multisignAccount ?? null,
      account: signed?.account ?? null,
      signer: signed?.signer ?? null,
      signer_pubkey: signed?.signerPubkey ?? null,
      user: outcome?.userUuid ?? null,
    },
    custom_meta: {
      identifier: customMeta.identifier,
      blob: customMeta.blob === null ? null : structuredClone(customMeta.blob),
      instruction: customMeta.instruction,
    },
  }
}

/**
 * The §4 resolve message of a resolved payload, else null.
 *
 * @example
 * ```ts
 * resolvedMessage(payload)?.signed
 * ```
 */
export function resolvedMessage(payload: StoredPayload): SocketResolvedMessage | null {
  if (payload.state !== 'resolved' || payload.referenceCall === null) return null
  return {
    payload_uuidv4: payload.uuid,
    reference_call_uuidv4: payload.referenceCall,
    signed: payload.outcome?.signed === true,
    user_token: payload.issuedToken !== null,
    return_url: returnUrls(payload),
    opened_by_deeplink: openedByDeeplink(payload),
    custom_meta: { ...payload.request.customMeta },
    txid: txidOf(payload),
  }
}

/**
 * The §5 webhook body of a resolved payload.
 *
 * @example
 * ```ts
 * webhookBody(payload, app, token)
 * ```
 */
export function webhookBody(
  payload: StoredPayload,
  app: Application,
  token: UserToken | null,
): WebhookBody {
  return {
    meta: {
      url: app.webhookUrl ?? '',
      application_uuidv4: app.uuid,
      payload_uuidv4: payload.uuid,
      opened_by_deeplink: openedByDeeplink(payload),
    },
    custom_meta: { ...payload.request.customMeta },
    payloadResponse: {
      payload_uuidv4: payload.uuid,
      reference_call_uuidv4: payload.referenceCall ?? '',
      signed: payload.outcome?.signed === true,
      user_token: token !== null,
      return_url: returnUrls(payload),
      txid: txidOf(payload),
    },
    userToken:
      token === null
        ? null
        : {
            user_token: token.token,
            token_issued: Math.floor(token.issued / 1000),
            token_expiration: Math.floor(token.expires / 1000),
          },
  }
}

import type { PayloadRecord } from 'pullsign/wire'

/** Deep-partial overrides of a record, section by section. */
export interface RecordOverrides {
  meta?: Partial<PayloadRecord['meta']>
  response?: Partial<PayloadRecord['response']>
  payload?: Partial<PayloadRecord['payload']>
  application?: Partial<PayloadRecord['application']>
  custom_meta?: Partial<PayloadRecord['custom_meta']>
}

/** A complete §3.3 record of an open payload (every field present, unset ones null). */
export function payloadRecord(uuid: string, overrides: RecordOverrides = {}): PayloadRecord {
  return {
    meta: {
      exists: true,
      uuid,
      multisign: false,
      submit: true,
      pathfinding: false,
      pathfinding_fallback: false,
      force_network: null,
      destination: '',
      resolved_destination: '',
      resolved: false,
      signed: false,
      cancelled: false,
      expired: false,
      pushed: false,
      app_opened: false,
      opened_by_deeplink: null,
      return_url_app: null,
      return_url_web: null,
      is_xapp: false,
      signers: null,
      ...overrides.meta,
    },
    application: {
      name: 'Test app',
      description: null,
      disabled: 0,
      uuidv4: '11111111-1111-4111-8111-111111111111',
      icon_url: 'https://xumm.app/assets/icons/apps/default.png',
      issued_user_token: null,
      ...overrides.application,
    },
    payload: {
      tx_type: 'SignIn',
      tx_destination: '',
      tx_destination_tag: null,
      request_json: { TransactionType: 'SignIn', SignIn: true },
      origintype: null,
      signmethod: null,
      created_at: '2026-01-01T00:00:00.000Z',
      expires_at: '2026-01-01T04:00:00.000Z',
      expires_in_seconds: 14400,
      ...overrides.payload,
    },
    response: {
      hex: null,
      txid: null,
      resolved_at: null,
      dispatched_to: null,
      dispatched_nodetype: null,
      dispatched_result: null,
      dispatched_to_node: null,
      environment_nodeuri: null,
      environment_nodetype: null,
      environment_networkid: null,
      multisign_account: null,
      account: null,
      signer: null,
      signer_pubkey: null,
      user: null,
      ...overrides.response,
    },
    custom_meta: { identifier: null, blob: null, instruction: null, ...overrides.custom_meta },
  }
}

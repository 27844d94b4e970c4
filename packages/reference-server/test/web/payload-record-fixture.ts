import type { PayloadRecord, RefUser } from 'pullsign/wire'

/** Plain-data overrides of a §3.3 record, one level deep per part. */
export interface RecordOverrides {
  meta?: Partial<PayloadRecord['meta']>
  application?: Partial<PayloadRecord['application']>
  payload?: Partial<PayloadRecord['payload']>
  response?: Partial<PayloadRecord['response']>
  custom_meta?: Partial<PayloadRecord['custom_meta']>
}

export const UUID = '0b6d4a7e-2f7c-4f7b-9a53-5a1e7c9f2d11'

/** A §3.3 payload record of an open 1.5 XRP payment with a destination tag. */
export function payloadRecord(overrides: RecordOverrides = {}): PayloadRecord {
  return {
    meta: {
      exists: true,
      uuid: UUID,
      multisign: false,
      submit: true,
      pathfinding: false,
      pathfinding_fallback: false,
      force_network: null,
      destination: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
      resolved_destination: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
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
      name: 'Shop',
      description: null,
      disabled: 0,
      uuidv4: '7d1d0b4c-76a5-4bd5-a6d4-0c7f3f6d9e01',
      icon_url: null,
      issued_user_token: null,
      ...overrides.application,
    },
    payload: {
      tx_type: 'Payment',
      tx_destination: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
      tx_destination_tag: 42,
      request_json: {
        TransactionType: 'Payment',
        Destination: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
        DestinationTag: 42,
        Amount: '1500000',
      },
      origintype: null,
      signmethod: null,
      created_at: '2026-11-21T18:00:00.000Z',
      expires_at: '2026-11-21T18:05:00.000Z',
      expires_in_seconds: 300,
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
    custom_meta: {
      identifier: null,
      blob: null,
      instruction: null,
      ...overrides.custom_meta,
    },
  }
}

/** Two wallet users as GET /__ref/state shows them. */
export const USERS: RefUser[] = [
  {
    uuid: 'a1a1a1a1-0000-4000-8000-000000000001',
    name: 'Alice',
    kyc: 'SUCCESSFUL',
    accounts: [
      {
        address: 'rAliceEdAccount1111111111111111111',
        algorithm: 'ed25519',
        networks: ['MAINNET'],
      },
      {
        address: 'rAliceSecpAccount11111111111111111',
        algorithm: 'ecdsa-secp256k1',
        networks: ['MAINNET'],
      },
    ],
  },
  {
    uuid: 'b2b2b2b2-0000-4000-8000-000000000002',
    name: 'Bob',
    kyc: 'NONE',
    accounts: [
      {
        address: 'rBobEdAccount111111111111111111111',
        algorithm: 'ed25519',
        networks: ['MAINNET'],
      },
    ],
  },
]

/** The JSON of the page's `page-data` block, parsed. */
export function pageData(page: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(page)
  if (!match?.[1]) throw new Error(`no page-data block in:\n${page.slice(0, 2000)}`)
  return JSON.parse(match[1]) as Record<string, unknown>
}

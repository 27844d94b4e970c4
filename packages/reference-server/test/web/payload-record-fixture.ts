import type { PayloadRecord } from 'pullsign/wire'
import {
  payloadRecord as openRecord,
  type RecordOverrides,
} from '../../../sdk/test/support/payload-record'
import type { RefUser } from '../../src/control-api-types'

export type { RecordOverrides }

export const UUID = '0b6d4a7e-2f7c-4f7b-9a53-5a1e7c9f2d11'

const DESTINATION = 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY'

/**
 * A §3.3 payload record of an open 1.5 XRP payment with a destination tag, created at 18:00 and
 * expiring at 18:05 (the SDK tests' complete open record, made a payment).
 */
export function payloadRecord(overrides: RecordOverrides = {}): PayloadRecord {
  return openRecord(overrides.meta?.uuid ?? UUID, {
    ...overrides,
    meta: { destination: DESTINATION, resolved_destination: DESTINATION, ...overrides.meta },
    application: {
      name: 'Shop',
      uuidv4: '7d1d0b4c-76a5-4bd5-a6d4-0c7f3f6d9e01',
      ...overrides.application,
    },
    payload: {
      tx_type: 'Payment',
      tx_destination: DESTINATION,
      tx_destination_tag: 42,
      request_json: {
        TransactionType: 'Payment',
        Destination: DESTINATION,
        DestinationTag: 42,
        Amount: '1500000',
      },
      origintype: null,
      created_at: '2026-11-21T18:00:00.000Z',
      expires_at: '2026-11-21T18:05:00.000Z',
      expires_in_seconds: 300,
      ...overrides.payload,
    },
  })
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

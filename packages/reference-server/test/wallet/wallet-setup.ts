import { decodeAccountID } from 'ripple-address-codec'
import { encode } from 'ripple-binary-codec'
import { createPlatform, type Platform } from '../../src/create-platform'
import {
  type Application,
  type Clock,
  createClock,
  EMPTY_FIXTURES,
  type User,
} from '../../src/platform'

/** A platform with one application and two users, on a clock the test moves. */
export interface WalletSetup {
  clock: Clock
  platform: Platform
  app: Application
  alice: User
  bob: User
  /** Creates a payload and records its §4 events from the start. */
  create(body: unknown, app?: Application): { uuid: string; events: string[] }
  dispose(): void
}

/** Starts a platform for wallet tests (ledger closes every 4 s on the test clock). */
export function walletSetup(
  balances?: Partial<Record<'MAINNET' | 'TESTNET' | 'XAHAU', string>>,
): WalletSetup {
  const clock = createClock({ start: Date.parse('2026-01-01T00:00:00Z'), manual: true })
  const platform = createPlatform({
    clock,
    ledgerCloseMs: 4000,
    rateLimits: false,
    fixtures: EMPTY_FIXTURES,
    fetch: async () => new Response(null, { status: 200 }),
  })
  const app = platform.applications.create({ name: 'Wallet tests' })
  const alice = platform.users.create({ name: 'Alice', ...(balances ? { balances } : {}) })
  const bob = platform.users.create({ name: 'Bob' })
  return {
    clock,
    platform,
    app,
    alice,
    bob,
    create(body, owner = app) {
      const { uuid } = platform.payloads.create(owner, body)
      const events: string[] = []
      platform.payloads.subscribe(uuid, (message) => {
        // The markers of §4 by name; the resolve message is the one with payload_uuidv4.
        const key = 'payload_uuidv4' in message ? 'resolved' : Object.keys(message)[0]
        if (key && key !== 'expires_in_seconds' && key !== 'message') events.push(key)
      })
      return { uuid, events }
    },
    dispose() {
      platform.dispose()
      clock.dispose()
    },
  }
}

/**
 * Single-sign data rebuilt without the codec's signing helpers: `53545800` + the canonical
 * encoding of every field except the signature fields (docs/protocol.md §8.2).
 */
export function singleSigningData(tx: Record<string, unknown>): string {
  const { TxnSignature: _signature, Signers: _signers, ...fields } = tx
  return `53545800${encode(fields)}`
}

/** Multi-sign data rebuilt: `534D5400` + fields + the signer's AccountID (docs/protocol.md §8.2). */
export function multiSigningData(tx: Record<string, unknown>, signer: string): string {
  const { TxnSignature: _signature, Signers: _signers, ...fields } = tx
  const accountId = Buffer.from(decodeAccountID(signer)).toString('hex').toUpperCase()
  return `534D5400${encode(fields)}${accountId}`
}

/** Claim data rebuilt: `434C4D00` + channel + amount as big-endian UInt64 (docs/protocol.md §8.2). */
export function claimSigningData(channel: string, drops: string): string {
  return `434C4D00${channel}${BigInt(drops).toString(16).padStart(16, '0')}`.toUpperCase()
}

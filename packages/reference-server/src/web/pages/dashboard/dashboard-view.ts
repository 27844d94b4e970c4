import type { NetworkKey, PayloadRecord } from 'pullsign/wire'
import type { RefState, WebhookAttempt } from '../../../control-api-types'
import type { TransactionFinding } from '../../../platform'
import { payloadState } from '../sign/payload-state'
import { SIGN_PAGE_NETWORKS } from '../sign/sign-page-view'
import { type ClosedLedgerReads, networkLedger } from './dashboard-ledgers'
import type { DashboardHoldings } from './dashboard-lines'
import type { DashboardView } from './dashboard-page'
import type { DashboardSignIn } from './dashboard-sign-ins'

/** What {@link dashboardView} reads from the platform. */
export interface DashboardSource {
  /** GET `/__ref/state` (§10). */
  state: RefState
  /** Native balance of an account on a network, drops, or null when it has none there. */
  balance(network: NetworkKey, address: string): string | null
  /** The newest payloads (the platform may hold more, see `payloadCount`). */
  payloads: PayloadRecord[]
  /** How many payloads the platform holds. */
  payloadCount: number
  /** GET `/__ref/webhooks` (§10), in delivery order. */
  attempts: WebhookAttempt[]
  /** Server time, ms. */
  now: number
  /** Trust lines and tickets of an account on a network (none when it has no account there). */
  holdings?(network: NetworkKey, address: string): Omit<DashboardHoldings, 'address' | 'network'>
  /** Real time, ms (`Date.now()`): the clock offset is server time minus this. */
  realNow: number
  /** Browser sign-ins, newest first (none when absent). */
  signIns?: DashboardSignIn[]
  /** The ledger's closed ledgers and their transactions (no ledger section when absent). */
  closed?: ClosedLedgerReads
  /** What the ledger's preflight says of a payload's transaction (docs/protocol.md §3.1), if it refuses. */
  finding?(uuid: string): TransactionFinding | null
}

/**
 * Builds the dashboard's data: balances on every network of §8.1, payloads newest first with
 * their state, webhook attempts newest first. Pure: the route reads the platform.
 */
export function dashboardView(source: DashboardSource): DashboardView {
  const networks = [...SIGN_PAGE_NETWORKS]
  const closed = source.closed
  const payloads = source.payloads
    .map((record) => ({
      uuid: record.meta.uuid,
      application: record.application.name,
      txType: record.payload.tx_type,
      state: payloadState(record.meta),
      createdAt: record.payload.created_at,
      expiresAt: record.payload.expires_at,
      txid: record.response.txid,
      account: record.response.account,
      identifier: record.custom_meta.identifier,
      instruction: record.custom_meta.instruction,
      preflight: source.finding?.(record.meta.uuid) ?? null,
    }))
    // newest first; the platform lists oldest first, so reversing first keeps ties newest first
    .reverse()
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
  return {
    endpoints: source.state.endpoints,
    serverTime: new Date(source.now).toISOString(),
    clockOffsetSeconds: Math.round((source.now - source.realNow) / 1000),
    networks,
    applications: source.state.applications,
    users: source.state.users.map((user) => ({
      uuid: user.uuid,
      name: user.name,
      kyc: user.kyc ?? null,
      accounts: user.accounts.map((account) => ({
        address: account.address,
        algorithm: account.algorithm,
        balances: Object.fromEntries(
          networks.map((n) => [n.key, source.balance(n.key, account.address)]),
        ),
      })),
    })),
    payloads,
    holdings: source.state.users.flatMap((user) =>
      user.accounts.flatMap((account) =>
        networks.flatMap((n) => {
          const held = source.holdings?.(n.key, account.address)
          if (!held || (held.lines.length === 0 && held.tickets.length === 0)) return []
          return [{ address: account.address, network: n.key, ...held }]
        }),
      ),
    ),
    payloadCount: Math.max(source.payloadCount, payloads.length),
    webhooks: [...source.attempts].reverse(),
    signIns: source.signIns ?? [],
    ledgers: closed
      ? networks.map((n) => networkLedger(closed, n.key, n.name, source.state.ledger[n.key]))
      : [],
    autopilot: source.state.autopilot,
    autopilotLog: source.state.autopilotLog,
  }
}

import { isNetworkKey, type PayloadRecord } from 'pullsign/wire'
import type { RefUser } from '../../../control-api-types'
import { NETWORKS } from '../../../ledger/networks'
import type { TransactionFinding } from '../../../platform'
import { payloadState } from './payload-state'
import type { SignPageNetwork, SignPageView } from './sign-page'

/** The networks of §8.1 as the sign page offers them, MAINNET (the default) first. */
export const SIGN_PAGE_NETWORKS: readonly SignPageNetwork[] = NETWORKS.map((network) => ({
  key: network.key,
  name: network.name,
  nativeAsset: network.native_asset,
}))

/** What {@link signPageView} reads from the platform. */
export interface SignPageSource {
  record: PayloadRecord
  /** The wallet's users (§10 view: no keys). */
  users: RefUser[]
  /** The user the payload is bound to, if any. */
  boundUser: string | null
  /** For a popup OAuth sign-in, the origin its opener is told when the window closes (§7.1). */
  popupOpenerOrigin?: string | null
  /** Server time, ms. */
  serverNow: number
  variant: 'sign' | 'qr'
  /** `{links}` (docs/protocol.md §0): the explorer link of a signed transaction starts there. */
  links: string
  /** What the ledger's preflight says of the transaction (docs/protocol.md §3.1), if it refuses. */
  finding?: TransactionFinding | null
  /** The `AssetScale` of the MPT issuances the request names, by id (mpt-scales.ts). */
  mptScales?: Record<string, number>
}

/**
 * Builds the sign page's data from a payload record (§3.3) and the wallet's users. Pure: the
 * route reads the platform, this decides what the page shows.
 */
export function signPageView(source: SignPageSource): SignPageView {
  const { record } = source
  const uuid = record.meta.uuid
  const forceNetwork = isNetworkKey(record.meta.force_network) ? record.meta.force_network : null
  return {
    uuid,
    variant: source.variant,
    applicationName: record.application.name,
    request: record.payload.request_json,
    instruction: record.custom_meta.instruction,
    identifier: record.custom_meta.identifier,
    forceNetwork,
    submit: record.meta.submit,
    multisign: record.meta.multisign,
    signers: record.meta.signers,
    state: payloadState(record.meta),
    expiresAt: record.payload.expires_at,
    serverNow: source.serverNow,
    returnUrlWeb: record.meta.return_url_web,
    txid: record.response.txid,
    account: record.response.account,
    explorerUrl:
      record.response.txid && record.response.environment_nodetype
        ? `${source.links}/explorer/${encodeURIComponent(record.response.environment_nodetype)}/${encodeURIComponent(record.response.txid)}`
        : null,
    users: source.users.map((user) => ({
      uuid: user.uuid,
      name: user.name,
      accounts: user.accounts.map((account) => ({
        address: account.address,
        algorithm: account.algorithm,
      })),
    })),
    boundUser: source.boundUser,
    popupOpenerOrigin: source.popupOpenerOrigin ?? null,
    networks: [...SIGN_PAGE_NETWORKS],
    qrPng: `/sign/${encodeURIComponent(uuid)}_q.png`,
    socketPath: `/sign/${encodeURIComponent(uuid)}`,
    preflight: source.finding ?? null,
    mptScales: source.mptScales ?? {},
  }
}

import { isNetworkKey, type NetworkKey } from 'pullsign/wire'
import { isMptJson } from '../../../ledger/amounts/mpt-amount'
import { isXahau, NETWORKS } from '../../../ledger/networks'
import { mptIssuanceIndex } from '../../../ledger/state/keylets'
import type { LedgerObject } from '../../../ledger/state/ledger-object'

/** The ledger read the sign page needs: one object of one network's open ledger, or null. */
export type EntryRead = (network: NetworkKey, index: string) => Readonly<LedgerObject> | null

// The networks with MPTs (rippled's), the default first.
const MPT_NETWORKS = NETWORKS.filter((network) => !isXahau(network)).map((network) => network.key)

/**
 * The `AssetScale` of each MPT issuance a request's amounts name, by id, as the ledger holds it:
 * on the forced network, else on the first of rippled's networks that has the issuance. An
 * issuance without `AssetScale` has scale 0; one no network knows is left out (the sign page then
 * shows the whole units with the token's id).
 *
 * @example
 * ```ts
 * mptScales({ Amount: { mpt_issuance_id: id, value: '150' } }, null, ledger.entry) // { [id]: 2 }
 * ```
 */
export function mptScales(
  request: Record<string, unknown>,
  forceNetwork: unknown,
  entry: EntryRead,
): Record<string, number> {
  const networks = isNetworkKey(forceNetwork) ? [forceNetwork] : MPT_NETWORKS
  const scales: Record<string, number> = {}
  for (const value of Object.values(request)) {
    if (!isMptJson(value) || typeof value.mpt_issuance_id !== 'string') continue
    const id = value.mpt_issuance_id.toUpperCase()
    if (!/^[0-9A-F]{48}$/.test(id) || id in scales) continue
    for (const network of networks) {
      const issuance = entry(network, mptIssuanceIndex(id))
      if (!issuance) continue
      scales[id] = typeof issuance.AssetScale === 'number' ? issuance.AssetScale : 0
      break
    }
  }
  return scales
}

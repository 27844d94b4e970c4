import type { TransactionJson } from 'pullsign/wire'
import type { Ledger } from '../ledger/ledger-types'
import type { NetworkDefinition } from '../ledger/networks'

const TF_SELL_NFTOKEN = 0x00000001

/**
 * The `Owner` a buy offer needs (rippled `NFTokenCreateOffer` preflight: `temMALFORMED` without
 * it), filled by the wallet from the ledger when the request leaves it out: the token's holder on
 * the signing network **[ours]** (docs/protocol.md §8.7). Any other transaction, a sell offer, a
 * given `Owner` or a token the network does not hold pass unchanged.
 *
 * @example
 * ```ts
 * withNFTokenOwner({ TransactionType: 'NFTokenCreateOffer', NFTokenID: id, Amount: '1' }, ledger, network)
 * // { ..., Owner: 'r…the holder' }
 * ```
 */
export function withNFTokenOwner(
  tx: TransactionJson,
  ledger: Pick<Ledger, 'nftoken'>,
  network: NetworkDefinition,
): TransactionJson {
  if (tx.TransactionType !== 'NFTokenCreateOffer' || tx.Owner !== undefined) return tx
  if (typeof tx.Flags === 'number' && (tx.Flags & TF_SELL_NFTOKEN) !== 0) return tx
  if (typeof tx.NFTokenID !== 'string') return tx
  const held = ledger.nftoken(tx.NFTokenID)
  return held && held.network === network.key ? { ...tx, Owner: held.owner } : tx
}

import { encodeAccountID } from 'ripple-address-codec'
import type { Ledger } from '../../ledger'
import { badBody } from '../errors'

/**
 * GET `jwt/nftoken-detail/{tokenId}` (docs/protocol.md §2): production's five fields; a token
 * the simulated ledger holds adds what its ledger says **[ours]**: `uri` (hex, as the token
 * stores it), `flags`, `taxon` and `transferFee` (read from the id, as xrpl.js `parseNFTokenID`).
 *
 * @example
 * ```ts
 * const { issuer, owner }: NftokenDetail = nftokenDetail(ledger, tokenId)
 * ```
 */
export interface NftokenDetail {
  issuer: string
  token: string
  owner: string | null
  name: string | null
  image: string | null
  uri?: string | null
  flags?: number
  taxon?: number
  transferFee?: number
}

const TOKEN_ID = /^[0-9A-Fa-f]{64}$/

/**
 * The detail of an NFToken by its id. The issuer is read from the id itself (bytes 4 to 24 of an
 * NFTokenID are the issuer's AccountID). A token minted on a simulated network answers its holder
 * as `owner` and the ledger's fields (`uri`, `flags`, `taxon`, `transferFee`) **[ours]**; any
 * other id answers `owner`, `name` and `image` null, as production does for a token it does not
 * know. `name` and `image` come from a token's off-ledger metadata, which the simulator never
 * fetches: null. 600 naming `tokenId` when it is not 64 hex characters.
 *
 * @example
 * ```ts
 * nftokenDetail(ledger, '000813880B2F1F2B...').issuer // 'r...'
 * ```
 */
export function nftokenDetail(ledger: Pick<Ledger, 'nftoken'>, tokenId: string): NftokenDetail {
  if (!TOKEN_ID.test(tokenId)) throw badBody('tokenId', 'must be 64 hex characters (an NFTokenID)')
  const token = tokenId.toUpperCase()
  const issuer = encodeAccountID(Buffer.from(token.slice(8, 48), 'hex'))
  const detail: NftokenDetail = { issuer, token, owner: null, name: null, image: null }
  const held = ledger.nftoken(token)
  if (!held) return detail
  return {
    ...detail,
    owner: held.owner,
    uri: held.URI ?? null,
    flags: held.Flags,
    taxon: held.NFTokenTaxon,
    transferFee: held.TransferFee ?? 0,
  }
}

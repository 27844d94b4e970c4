import { encodeAccountID } from 'ripple-address-codec'
import { badBody } from '../errors'

/**
 * GET `jwt/nftoken-detail/{tokenId}` (docs/protocol.md §2).
 *
 * @example
 * ```ts
 * const { issuer, owner }: NftokenDetail = nftokenDetail(tokenId)
 * ```
 */
export interface NftokenDetail {
  issuer: string
  token: string
  owner: string | null
  name: string | null
  image: string | null
}

const TOKEN_ID = /^[0-9A-Fa-f]{64}$/

/**
 * The detail of an NFToken by its id. The issuer is read from the id itself (bytes 4 to 24 of an
 * NFTokenID are the issuer's AccountID); the simulated ledger keeps no NFTokens, so `owner`,
 * `name` and `image` are null [ours]. 600 naming `tokenId` when it is not 64 hex characters.
 *
 * @example
 * ```ts
 * nftokenDetail('000813880B2F1F2B...').issuer // 'r...'
 * ```
 */
export function nftokenDetail(tokenId: string): NftokenDetail {
  if (!TOKEN_ID.test(tokenId)) throw badBody('tokenId', 'must be 64 hex characters (an NFTokenID)')
  const token = tokenId.toUpperCase()
  const issuer = encodeAccountID(Buffer.from(token.slice(8, 48), 'hex'))
  return { issuer, token, owner: null, name: null, image: null }
}

import { readAccount } from '../../state/account-root'
import { isLedgerIndex } from '../../state/keylets'
import type { TransactionRules } from '../transaction-rules'
import { badTokenUri } from './nft-mint'
import { hasOtherFlags } from './nft-offers'
import { changeTokenUri, findToken } from './nft-pages'
import { NFT_FLAG, nftokenFlagsOf, nftokenIssuerOf } from './nftoken-id'

/**
 * NFTokenModify (DynamicNFT; rippled `NFTokenModify.cpp`, xrpl.org "NFTokenModify"): the issuer of
 * a token minted with `tfMutable`, or the issuer's `NFTokenMinter`, sets its `URI` or (without
 * `URI`) removes it, wherever the token is held (`Owner`, the sender when absent). Preflight: any
 * flag but the universal ones → `temINVALID_FLAG`; `Owner` equal to `Account`, a `URI` empty or
 * over 256 bytes → `temMALFORMED`. Preclaim: the owner does not hold it → `tecNO_ENTRY`; not
 * mutable, or the sender is neither the issuer nor its minter → `tecNO_PERMISSION`.
 *
 * @example
 * ```ts
 * nftokenModifyRules.preflight({ NFTokenID: id, URI: '' }, context) // 'temMALFORMED'
 * ```
 */
export const nftokenModifyRules: TransactionRules = {
  amendment: 'DynamicNFT',
  preflight(tx, context) {
    // NFTokenModify::isEnabled asks for XLS-20 too.
    if (!context.enabled('NonFungibleTokensV1_1')) return 'temDISABLED'
    if (hasOtherFlags(tx, 0)) return 'temINVALID_FLAG'
    if (!isLedgerIndex(tx.NFTokenID)) return 'temMALFORMED'
    if (tx.Owner !== undefined && tx.Owner === tx.Account) return 'temMALFORMED'
    return tx.URI !== undefined && badTokenUri(tx.URI) ? 'temMALFORMED' : null
  },
  preclaim(view, tx) {
    const account = String(tx.Account)
    const tokenId = String(tx.NFTokenID)
    if (!findToken(view, String(tx.Owner ?? account), tokenId)) return 'tecNO_ENTRY'
    if ((nftokenFlagsOf(tokenId) & NFT_FLAG.Mutable) === 0) return 'tecNO_PERMISSION'
    const issuer = nftokenIssuerOf(tokenId)
    if (issuer === account) return null
    const root = readAccount(view, issuer)
    if (!root) return 'tecINTERNAL'
    return root.NFTokenMinter === account ? null : 'tecNO_PERMISSION'
  },
  doApply({ view, tx }) {
    const uri = typeof tx.URI === 'string' ? tx.URI : undefined
    return changeTokenUri(view, String(tx.Owner ?? tx.Account), String(tx.NFTokenID), uri)
  },
}

import { peekAccount, readAccount } from '../../state/account-root'
import { isLedgerIndex } from '../../state/keylets'
import type { TransactionRules } from '../transaction-rules'
import { hasOtherFlags, MAX_NFT_OFFERS, removeTokenOffers } from './nft-offers'
import { findToken, removeToken } from './nft-pages'
import { NFT_FLAG, nftokenFlagsOf, nftokenIssuerOf } from './nftoken-id'

/**
 * NFTokenBurn (rippled `NFTokenBurn.cpp`, xrpl.org "NFTokenBurn"): removes a token from its
 * owner's pages (`Owner`, the sender when absent: `tecNO_ENTRY` when it does not hold it). Only
 * the owner may burn, or the issuer or its `NFTokenMinter` when the token is `tfBurnable`
 * (`tecNO_PERMISSION`). The issuer's `BurnedNFTokens` grows by one, and up to 500 of the token's
 * offers are removed, sell offers first (fixNonFungibleTokensV1_2).
 *
 * @example
 * ```ts
 * nftokenBurnRules.preflight({ NFTokenID: 'zz' }, context) // 'temMALFORMED'
 * ```
 */
export const nftokenBurnRules: TransactionRules = {
  amendment: 'NonFungibleTokensV1_1',
  preflight(tx) {
    if (hasOtherFlags(tx, 0)) return 'temINVALID_FLAG'
    return isLedgerIndex(tx.NFTokenID) ? null : 'temMALFORMED'
  },
  preclaim(view, tx) {
    const account = String(tx.Account)
    const owner = String(tx.Owner ?? account)
    const tokenId = String(tx.NFTokenID)
    if (!findToken(view, owner, tokenId)) return 'tecNO_ENTRY'
    if (owner === account) return null
    if ((nftokenFlagsOf(tokenId) & NFT_FLAG.Burnable) === 0) return 'tecNO_PERMISSION'
    const issuer = nftokenIssuerOf(tokenId)
    if (issuer === account) return null
    const root = readAccount(view, issuer)
    return root && root.NFTokenMinter !== account ? 'tecNO_PERMISSION' : null
  },
  doApply({ view, tx }) {
    const tokenId = String(tx.NFTokenID)
    const removed = removeToken(view, String(tx.Owner ?? tx.Account), tokenId)
    if (removed !== 'tesSUCCESS') return removed
    const issuer = peekAccount(view, nftokenIssuerOf(tokenId))
    if (issuer) {
      issuer.BurnedNFTokens = Number(issuer.BurnedNFTokens ?? 0) + 1
      view.update(issuer)
    }
    const sells = removeTokenOffers(view, tokenId, true, MAX_NFT_OFFERS)
    if (sells < MAX_NFT_OFFERS) removeTokenOffers(view, tokenId, false, MAX_NFT_OFFERS - sells)
    return 'tesSUCCESS'
  },
}

import { peekAccount, readAccount } from '../../state/account-root'
import { isLedgerIndex } from '../../state/keylets'
import { refuse } from '../../view/refusal'
import type { TransactionRules } from '../transaction-rules'
import { MAX_NFT_OFFERS, removeTokenOffers } from './nft-offers'
import { findToken, removeToken } from './nft-pages'
import { NFT_FLAG, nftokenFlagsOf, nftokenIssuerOf } from './nftoken-id'

// The rules follow rippled's NFTokenBurn.cpp.
const SOURCE = 'NFTokenBurn.cpp'

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
  source: SOURCE,
  amendment: 'NonFungibleTokensV1_1',
  flags: 0,
  preflight(tx) {
    if (isLedgerIndex(tx.NFTokenID)) return null
    const detail = `NFTokenID ${JSON.stringify(tx.NFTokenID)} is not 64 hex characters`
    return refuse('temMALFORMED', 'token-id-malformed', detail, SOURCE)
  },
  preclaim(view, tx) {
    const account = String(tx.Account)
    const owner = String(tx.Owner ?? account)
    const tokenId = String(tx.NFTokenID)
    if (!findToken(view, owner, tokenId)) {
      return refuse('tecNO_ENTRY', 'token-missing', `${owner} holds no token ${tokenId}`, SOURCE)
    }
    if (owner === account) return null
    if ((nftokenFlagsOf(tokenId) & NFT_FLAG.Burnable) === 0) {
      const detail = `${account} is not the owner ${owner}, and the token ${tokenId} is not burnable (tfBurnable)`
      return refuse('tecNO_PERMISSION', 'not-burnable', detail, SOURCE)
    }
    const issuer = nftokenIssuerOf(tokenId)
    if (issuer === account) return null
    const root = readAccount(view, issuer)
    if (!root || root.NFTokenMinter === account) return null
    const detail = `${account} is neither the owner ${owner}, the issuer ${issuer} nor its NFTokenMinter ${root.NFTokenMinter ?? '(none)'}`
    return refuse('tecNO_PERMISSION', 'not-burner', detail, SOURCE)
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

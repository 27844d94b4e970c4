import { readAccount } from '../../state/account-root'
import { isLedgerIndex } from '../../state/keylets'
import { refuse } from '../../view/refusal'
import type { TransactionRules } from '../transaction-rules'
import { badTokenUri } from './nft-mint'
import { changeTokenUri, findToken } from './nft-pages'
import { NFT_FLAG, nftokenFlagsOf, nftokenIssuerOf } from './nftoken-id'

// The rules follow rippled's NFTokenModify.cpp.
const SOURCE = 'NFTokenModify.cpp'

/**
 * NFTokenModify (DynamicNFT; rippled `NFTokenModify.cpp`, xrpl.org "NFTokenModify"): the issuer of
 * a token minted with `tfMutable`, or the issuer's `NFTokenMinter`, sets its `URI` or (without
 * `URI`) removes it, wherever the token is held (`Owner`, the sender when absent). Preflight: any
 * flag but the universal ones → `temINVALID_FLAG` (declared, `flags: 0`); `Owner` equal to `Account`, a `URI` empty or
 * over 256 bytes → `temMALFORMED`. Preclaim: the owner does not hold it → `tecNO_ENTRY`; not
 * mutable, or the sender is neither the issuer nor its minter → `tecNO_PERMISSION`.
 *
 * @example
 * ```ts
 * nftokenModifyRules.preflight({ NFTokenID: id, URI: '' }, context) // 'temMALFORMED'
 * ```
 */
export const nftokenModifyRules: TransactionRules = {
  source: SOURCE,
  amendment: 'DynamicNFT',
  flags: 0,
  preflight(tx, context) {
    // NFTokenModify::isEnabled asks for XLS-20 too.
    if (!context.enabled('NonFungibleTokensV1_1')) {
      const detail =
        'NFTokenModify needs NonFungibleTokensV1_1 beside DynamicNFT, not enabled on this network'
      return refuse('temDISABLED', 'amendment-disabled', detail, SOURCE)
    }
    const malformed = (detail: string) => refuse('temMALFORMED', 'modify-malformed', detail, SOURCE)
    if (!isLedgerIndex(tx.NFTokenID)) {
      return malformed(`NFTokenID ${JSON.stringify(tx.NFTokenID)} is not 64 hex characters`)
    }
    if (tx.Owner !== undefined && tx.Owner === tx.Account) {
      return malformed(`Owner ${tx.Owner} is the account itself: leave Owner out`)
    }
    if (tx.URI === undefined || !badTokenUri(tx.URI)) return null
    return malformed('URI is empty or longer than 256 bytes')
  },
  preclaim(view, tx) {
    const account = String(tx.Account)
    const tokenId = String(tx.NFTokenID)
    const owner = String(tx.Owner ?? account)
    if (!findToken(view, owner, tokenId)) {
      return refuse('tecNO_ENTRY', 'token-missing', `${owner} holds no token ${tokenId}`, SOURCE)
    }
    if ((nftokenFlagsOf(tokenId) & NFT_FLAG.Mutable) === 0) {
      const detail = `the token ${tokenId} was not minted mutable (tfMutable)`
      return refuse('tecNO_PERMISSION', 'not-mutable', detail, SOURCE)
    }
    const issuer = nftokenIssuerOf(tokenId)
    if (issuer === account) return null
    const root = readAccount(view, issuer)
    if (!root) {
      return refuse(
        'tecINTERNAL',
        'internal',
        `the token's issuer ${issuer} has no account`,
        SOURCE,
      )
    }
    if (root.NFTokenMinter === account) return null
    const detail = `${account} is neither the issuer ${issuer} nor its NFTokenMinter ${root.NFTokenMinter ?? '(none)'}`
    return refuse('tecNO_PERMISSION', 'not-modifier', detail, SOURCE)
  },
  doApply({ view, tx }) {
    const uri = typeof tx.URI === 'string' ? tx.URI : undefined
    return changeTokenUri(view, String(tx.Owner ?? tx.Account), String(tx.NFTokenID), uri)
  },
}

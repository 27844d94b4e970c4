import { removeOwnedObject } from '../../view/owned-objects'
import { refuse } from '../../view/refusal'
import type { TransactionRules } from '../transaction-rules'
import { LSF_BURNABLE, readUriToken, type URIToken } from './uritoken-entry'
import { uriTokenPreflight } from './uritoken-preflight'

const SOURCE = 'URIToken.cpp'

/**
 * URITokenBurn (xahaud `URIToken.cpp`, ttURITOKEN_BURN): the owner may always burn its token,
 * the issuer only one minted `tfBurnable` (`tecNO_PERMISSION` otherwise, `tecNO_ENTRY` when there
 * is no such token). The entry leaves its owner's directory and the owner's count drops by one
 * (fixXahauV1: the owner's, not the burning issuer's).
 *
 * @example
 * ```ts
 * uriTokenBurnRules.preflight({ TransactionType: 'URITokenBurn' }, context) // temMALFORMED
 * ```
 */
export const uriTokenBurnRules: TransactionRules = {
  source: SOURCE,
  amendment: 'URIToken',
  flags: 0,
  preflight: (tx) => uriTokenPreflight(tx),
  preclaim(view, tx) {
    const token = readUriToken(view, tx.URITokenID)
    if (!token)
      return refuse('tecNO_ENTRY', 'token-missing', `no URIToken ${tx.URITokenID}`, SOURCE)
    const account = String(tx.Account)
    if (account === token.Owner) return null
    if (account === token.Issuer && token.Flags === LSF_BURNABLE) return null
    const detail = `${account} neither owns ${token.index} nor issued it burnable`
    return refuse('tecNO_PERMISSION', 'burn-not-allowed', detail, SOURCE)
  },
  doApply({ view, tx }) {
    const token = view.peek(String(tx.URITokenID)) as URIToken
    removeOwnedObject(view, token, { owner: token.Owner, keepRoot: true })
    return 'tesSUCCESS'
  },
}

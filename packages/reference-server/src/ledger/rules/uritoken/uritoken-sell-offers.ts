import { readAccount } from '../../state/account-root'
import type { ReadView } from '../../state/read-view'
import { type Refusal, refuse } from '../../view/refusal'
import type { TransactionRules } from '../transaction-rules'
import { readUriToken, type URIToken } from './uritoken-entry'
import { uriTokenPreflight } from './uritoken-preflight'

const SOURCE = 'URIToken.cpp'

// The token exists and the sender owns it (URIToken.cpp preclaim: tecNO_ENTRY, tecNO_PERMISSION).
function ownedToken(view: ReadView, tx: Record<string, unknown>): Refusal | null {
  const token = readUriToken(view, tx.URITokenID)
  if (!token) return refuse('tecNO_ENTRY', 'token-missing', `no URIToken ${tx.URITokenID}`, SOURCE)
  if (token.Owner === tx.Account) return null
  const detail = `${String(tx.Account)} does not own ${token.index} (${token.Owner} does)`
  return refuse('tecNO_PERMISSION', 'not-owner', detail, SOURCE)
}

/**
 * URITokenCreateSellOffer (xahaud `URIToken.cpp`): the owner puts its token up for `Amount`, to
 * anyone or to `Destination` only; a new offer replaces the old one. An issued price needs an
 * issuer that exists (`tecNO_ISSUER`).
 *
 * @example
 * ```ts
 * uriTokenCreateSellOfferRules.preflight({ TransactionType: 'URITokenCreateSellOffer', URITokenID: id, Amount: '0' }, context) // temMALFORMED
 * ```
 */
export const uriTokenCreateSellOfferRules: TransactionRules = {
  source: SOURCE,
  amendment: 'URIToken',
  flags: 0,
  preflight: (tx) => uriTokenPreflight(tx),
  preclaim(view, tx) {
    const owned = ownedToken(view, tx)
    if (owned) return owned
    const amount = tx.Amount as { issuer?: string }
    if (typeof amount === 'object' && !readAccount(view, String(amount.issuer))) {
      return refuse('tecNO_ISSUER', 'issuer-missing', `no account ${amount.issuer}`, SOURCE)
    }
    return null
  },
  doApply({ view, tx }) {
    const token = view.peek(String(tx.URITokenID)) as URIToken
    if (tx.Destination !== undefined) token.Destination = String(tx.Destination)
    else delete token.Destination
    token.Amount = tx.Amount as URIToken['Amount']
    view.update(token)
    return 'tesSUCCESS'
  },
}

/**
 * URITokenCancelSellOffer (xahaud `URIToken.cpp`): the owner takes its token's offer down
 * (`Amount` and `Destination` removed); another account is `tecNO_PERMISSION`.
 *
 * @example
 * ```ts
 * uriTokenCancelSellOfferRules.preflight({ TransactionType: 'URITokenCancelSellOffer', URITokenID: 'zz' }, context) // temMALFORMED
 * ```
 */
export const uriTokenCancelSellOfferRules: TransactionRules = {
  source: SOURCE,
  amendment: 'URIToken',
  flags: 0,
  preflight: (tx) => uriTokenPreflight(tx),
  preclaim: ownedToken,
  doApply({ view, tx }) {
    const token = view.peek(String(tx.URITokenID)) as URIToken
    delete token.Amount
    delete token.Destination
    view.update(token)
    return 'tesSUCCESS'
  },
}

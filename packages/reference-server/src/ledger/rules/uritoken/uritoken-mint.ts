import { uriTokenIndex } from '../../state/keylets'
import type { ReadView } from '../../state/read-view'
import { addOwnedObject } from '../../view/owned-objects'
import { refuse } from '../../view/refusal'
import type { TransactionRules } from '../transaction-rules'
import { LSF_BURNABLE, LSF_URITOKEN_ISSUER, TF_BURNABLE, type URIToken } from './uritoken-entry'
import { uriTokenPreflight } from './uritoken-preflight'

const SOURCE = 'URIToken.cpp'

// One issuer mints one token per URI (URIToken.cpp preclaim: keylet::uritoken exists).
const duplicate = (view: ReadView, issuer: string, uri: string) =>
  view.read(uriTokenIndex(issuer, uri))
    ? refuse('tecDUPLICATE', 'token-exists', `${issuer} already minted the URI ${uri}`, SOURCE)
    : null

/**
 * URITokenMint (xahaud `URIToken.cpp`, ttURITOKEN_MINT): a `URIToken` entry at
 * `keylet::uritoken(issuer, URI)` owned and issued by the sender, with its `Digest`, `lsfBurnable`
 * when minted `tfBurnable`, and a sell offer when it carries `Amount` (and `Destination`). The
 * sender's reserve must cover one more object (`tecINSUFFICIENT_RESERVE`, after the fee), the
 * URI must be new for its issuer (`tecDUPLICATE`); the sender is marked `lsfURITokenIssuer`.
 *
 * @example
 * ```ts
 * uriTokenMintRules.preflight({ TransactionType: 'URITokenMint', URI: '' }, context) // temMALFORMED
 * ```
 */
export const uriTokenMintRules: TransactionRules = {
  source: SOURCE,
  amendment: 'URIToken',
  flags: TF_BURNABLE,
  preflight: (tx) => uriTokenPreflight(tx),
  preclaim: (view, tx) => duplicate(view, String(tx.Account), String(tx.URI)),
  doApply({ view, tx, account, priorBalance, fee }) {
    const reserve = view.fees.reserve + view.fees.increment * BigInt(account.OwnerCount + 1)
    if (priorBalance - fee < reserve) {
      const detail = `the balance of ${priorBalance - fee} drops after the fee is below the reserve of ${reserve} drops`
      return refuse('tecINSUFFICIENT_RESERVE', 'reserve', detail, SOURCE)
    }
    const uri = String(tx.URI)
    const exists = duplicate(view, account.Account, uri)
    if (exists) return exists
    const token: URIToken = {
      LedgerEntryType: 'URIToken',
      Flags: (Number(tx.Flags ?? 0) & TF_BURNABLE) !== 0 ? LSF_BURNABLE : 0,
      Owner: account.Account,
      Issuer: account.Account,
      URI: uri,
      OwnerNode: '0',
      index: uriTokenIndex(account.Account, uri),
    }
    if (tx.Digest !== undefined) token.Digest = String(tx.Digest)
    if (tx.Destination !== undefined) token.Destination = String(tx.Destination)
    if (tx.Amount !== undefined) token.Amount = tx.Amount as URIToken['Amount']
    const added = addOwnedObject(view, token, { owner: account })
    if (added !== 'tesSUCCESS') return added
    account.Flags = (account.Flags | LSF_URITOKEN_ISSUER) >>> 0
    view.update(account)
    return 'tesSUCCESS'
  },
}

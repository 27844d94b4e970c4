import { readAccount } from '../../state/account-root'
import { offerIndex } from '../../state/keylets'
import { deleteOffer, type Offer } from '../../view/order-book'
import { onlyFlags, TF_UNIVERSAL } from '../common/account-flags'
import type { TransactionRules } from '../transaction-rules'

/**
 * OfferCancel (docs/protocol.md §8.7, rippled `CancelOffer.cpp`): removes the sender's offer
 * placed with `OfferSequence` (an offer already gone is no error); `OfferSequence` 0 or not below
 * the account's Sequence → `temBAD_SEQUENCE`.
 *
 * @example
 * ```ts
 * offerCancelRules.preflight({ OfferSequence: 0 }, context) // 'temBAD_SEQUENCE'
 * ```
 */
export const offerCancelRules: TransactionRules = {
  preflight(tx) {
    if (!onlyFlags(tx, TF_UNIVERSAL)) return 'temINVALID_FLAG'
    return typeof tx.OfferSequence === 'number' && tx.OfferSequence > 0 ? null : 'temBAD_SEQUENCE'
  },
  preclaim(view, tx) {
    const root = readAccount(view, String(tx.Account))
    return root && root.Sequence <= Number(tx.OfferSequence) ? 'temBAD_SEQUENCE' : null
  },
  doApply({ view, tx }) {
    const offer = view.peek(offerIndex(String(tx.Account), Number(tx.OfferSequence)))
    if (offer) deleteOffer(view, offer as Offer)
    return 'tesSUCCESS'
  },
}

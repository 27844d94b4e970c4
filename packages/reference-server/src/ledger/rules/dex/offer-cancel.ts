import { readAccount } from '../../state/account-root'
import { offerIndex } from '../../state/keylets'
import { deleteOffer, type Offer } from '../../view/order-book'
import { refuse } from '../../view/refusal'
import type { TransactionRules } from '../transaction-rules'

// The rules follow rippled's CancelOffer.cpp.
const SOURCE = 'CancelOffer.cpp'

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
  source: SOURCE,
  amendment: null,
  flags: 0,
  preflight(tx) {
    if (typeof tx.OfferSequence === 'number' && tx.OfferSequence > 0) return null
    const detail = `OfferSequence ${JSON.stringify(tx.OfferSequence)} names no offer (0 or missing)`
    return refuse('temBAD_SEQUENCE', 'offer-sequence-missing', detail, SOURCE)
  },
  preclaim(view, tx) {
    const root = readAccount(view, String(tx.Account))
    if (!root || root.Sequence > Number(tx.OfferSequence)) return null
    const detail = `OfferSequence ${tx.OfferSequence} is not before the account's next sequence ${root.Sequence}`
    return refuse('temBAD_SEQUENCE', 'offer-sequence-ahead', detail, SOURCE)
  },
  doApply({ view, tx }) {
    const offer = view.peek(offerIndex(String(tx.Account), Number(tx.OfferSequence)))
    if (offer) deleteOffer(view, offer as Offer)
    return 'tesSUCCESS'
  },
}

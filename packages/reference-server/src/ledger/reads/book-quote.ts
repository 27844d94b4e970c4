import { LedgerAmount } from '../amounts/ledger-amount'
import type { LedgerAsset } from '../amounts/ledger-asset'
import { flow } from '../paths/flow'
import { readAccount } from '../state/account-root'
import type { ReadView } from '../state/read-view'
import { createSandbox } from '../state/sandbox'
import { accountHolds } from '../view/account-holds'
import { bookBase, bookTip } from '../view/order-book'

/**
 * What paying `amount` through the order book would cost `account` in `pay` now, as the payment
 * engine would take it along the default path (transfer fees included; paths/flow.ts on a
 * throwaway view of the open ledger; `filled` false when the book cannot deliver all of it);
 * null when the book of `pay` for `amount`'s asset has no offer, or the account does not exist.
 * The wallet simulator sets `SendMax` from it (docs/protocol.md §8.5). The quote delivers to the
 * delivered asset's issuer (or, for the native asset, to the payer itself): it needs no trust
 * line of the payer's.
 *
 * @example
 * ```ts
 * bookQuote(openLedger, { account, pay: xrp, amount: usd5, enabled }) // { cost: '10000000', filled: true }
 * ```
 */
export function bookQuote(
  view: ReadView,
  request: {
    account: string
    pay: LedgerAsset
    amount: LedgerAmount
    enabled(amendment: string): boolean
  },
): { cost: ReturnType<LedgerAmount['toJson']>; filled: boolean } | null {
  const { account, pay, amount } = request
  if (!bookTip(view, bookBase({ in: pay, out: amount.asset })) || !readAccount(view, account)) {
    return null
  }
  const held = accountHolds(view, account, pay, 'ignoreFreeze')
  const spendable =
    pay.issuer === account ? null : held.signum() > 0 ? held : LedgerAmount.zero(pay)
  const outcome = flow({
    view: createSandbox(view),
    deliver: amount,
    source: account,
    destination: amount.asset.issuer ?? account,
    paths: [],
    defaultPaths: true,
    partial: true,
    ownerPaysTransferFee: false,
    offerCrossing: 'no',
    limitQuality: null,
    sendMax: spendable,
    enabled: request.enabled,
    liquidity: () => [],
  })
  const cost = outcome.result === 'tesSUCCESS' ? outcome.actualIn : LedgerAmount.zero(pay)
  return { cost: cost.withAsset(pay).toJson(), filled: outcome.actualOut.gte(amount) }
}

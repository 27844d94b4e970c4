import { type AmmEntry, lpBalance, readAmm } from '../../amm/amm-pool'
import type { LedgerAsset } from '../../amounts/ledger-asset'
import { refuse } from '../../view/refusal'
import type { TransactionRules } from '../transaction-rules'
import { deleteAmmAccount } from './amm-account'
import { assetPair } from './amm-fields'

// AMMDelete, rippled src/xrpld/app/tx/detail/AMMDelete.cpp (docs/protocol.md §8.13): deletes an
// empty AMM that its last withdrawal could not (more than 512 trust lines were left).
const SOURCE = 'AMMDelete.cpp'

export const ammDeleteRules: TransactionRules = {
  source: SOURCE,
  amendment: 'AMM',
  flags: 0,
  preflight(tx) {
    const pair = assetPair(tx)
    return typeof pair === 'string' ? pair : null
  },
  preclaim(view, tx) {
    const pair = assetPair(tx) as [LedgerAsset, LedgerAsset]
    const amm = readAmm(view, pair[0], pair[1])
    if (!amm) return refuse('terNO_AMM', 'no-amm', 'there is no AMM for these two assets', SOURCE)
    if (!lpBalance(amm).isZero()) {
      const detail = `the AMM has ${amm.LPTokenBalance.value} LP tokens outstanding`
      return refuse('tecAMM_NOT_EMPTY', 'not-empty', detail, SOURCE)
    }
    return null
  },
  doApply(context) {
    const pair = assetPair(context.tx) as [LedgerAsset, LedgerAsset]
    const found = readAmm(context.view, pair[0], pair[1])
    if (!found) return 'tecINTERNAL'
    const result = deleteAmmAccount(context.view, context.view.peek(found.index) as AmmEntry)
    // The lines deleted so far stay deleted (AMMDelete::doApply applies on tecINCOMPLETE).
    if (result === 'tecINCOMPLETE') {
      context.afterClaim((view) => {
        const entry = view.peek(found.index) as AmmEntry | undefined
        if (entry) deleteAmmAccount(view, entry)
      })
    }
    return result
  },
}

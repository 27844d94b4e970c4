import { isMptJson } from '../../amounts/mpt-amount'
import { readAccount } from '../../state/account-root'
import { refuse } from '../../view/refusal'
import { mptClawback } from '../mpt/mpt-clawback'
import { hasUnknownFlags } from '../preflight-fields'
import type { TransactionRules } from '../transaction-rules'

// The rules follow rippled's Clawback.cpp.
const SOURCE = 'Clawback.cpp'

/**
 * Clawback (docs/protocol.md §8.14, rippled Clawback.cpp): an issuer takes its asset back from a
 * holder. Flags beyond the universal ones are `temINVALID_FLAG`; a missing issuer or holder is
 * `terNO_ACCOUNT`; an AMM's account cannot be clawed from (`tecAMM_ACCOUNT`); the rest is the
 * asset's half. The MPT half is {@link mptClawback}; the trust-line half is not modelled on this
 * branch and answers `temDISABLED`.
 *
 * @example
 * ```ts
 * clawbackRules.preflight({ Account: issuer, Amount: { mpt_issuance_id: id, value: '5' } }, context) // temMALFORMED: no Holder
 * ```
 */
export const clawbackRules: TransactionRules = {
  preflight(tx, context) {
    if (hasUnknownFlags(tx)) return 'temINVALID_FLAG'
    if (isMptJson(tx.Amount)) return mptClawback.preflight(tx, context)
    const detail = 'Clawback of trust-line tokens is not modelled by this node yet'
    return refuse('temDISABLED', 'trust-line-clawback', detail, SOURCE)
  },
  preclaim(view, tx) {
    const holder = mptClawback.holder(tx)
    const holderRoot = readAccount(view, holder)
    if (!readAccount(view, String(tx.Account)) || !holderRoot) {
      const detail = `the issuer ${tx.Account} or the holder ${holder} has no account`
      return refuse('terNO_ACCOUNT', 'no-account', detail, SOURCE)
    }
    if (holderRoot.AMMID !== undefined) {
      const detail = `${holder} is an AMM's account: AMMClawback claws from a pool`
      return refuse('tecAMM_ACCOUNT', 'amm-account', detail, SOURCE)
    }
    return mptClawback.preclaim(view, tx)
  },
  doApply: (context) => mptClawback.doApply(context),
}

import { readAccount } from '../../state/account-root'
import { NOT_MODELLED } from '../../view/node-limits'
import { refuse } from '../../view/refusal'
import type { TransactionRules } from '../transaction-rules'

const SOURCE = 'ClaimReward.cpp'
// xahaud TxFlags.h ClaimRewardFlags.
const TF_OPT_OUT = 0x00000001
// The genesis account, whose reward hook pays claims (xahaud hook/genesis/reward.c, its
// GenesisMint template's source account B5F762798A53D543A014CAF8B297CFF8F2F937E8).
export const GENESIS_ACCOUNT = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'
const REWARD_FIELDS = ['RewardLgrFirst', 'RewardLgrLast', 'RewardAccumulator', 'RewardTime']

/**
 * ClaimReward (xahaud `ClaimReward.cpp`, amendment BalanceRewards): with `Issuer` (not the
 * sender, an account that exists: `tecNO_ISSUER`) it opts in and resets the account's reward
 * counters (`RewardLgrFirst` and `RewardLgrLast` the current ledger, `RewardAccumulator` 0,
 * `RewardTime` the parent close time); with `Flags: 1` (tfOptOut) and no `Issuer` it opts out
 * and removes them; anything else is `temMALFORMED`, a flag above tfOptOut `temINVALID_FLAG`.
 * The reward itself is paid by the genesis account's reward hook (reward.c) on a claim from an
 * account already opted in; this node runs no hooks and cannot compute that reward exactly
 * (governance's rate and delay in hook state, XFL arithmetic, the validators' share), so such a
 * claim is refused `temDISABLED` (rule `not-modelled-reward`, logged by the node), its counters
 * kept. The opt-in and the opt-out are applied.
 *
 * @example
 * ```ts
 * claimRewardRules.preflight({ TransactionType: 'ClaimReward', Flags: 2 }, context) // temINVALID_FLAG
 * ```
 */
export const claimRewardRules: TransactionRules = {
  source: SOURCE,
  amendment: 'BalanceRewards',
  flags: null,
  preflight(tx) {
    if (Number(tx.Flags ?? 0) > TF_OPT_OUT) {
      return refuse('temINVALID_FLAG', 'flags', `Flags ${tx.Flags} above tfOptOut`, SOURCE)
    }
    if (tx.Issuer !== undefined && tx.Issuer === tx.Account) {
      return refuse('temMALFORMED', 'issuer-self', 'the Issuer is the sender', SOURCE)
    }
    return null
  },
  preclaim(view, tx) {
    const optOut = Number(tx.Flags ?? 0) === TF_OPT_OUT
    const issuer = tx.Issuer === undefined ? undefined : String(tx.Issuer)
    if ((issuer !== undefined) === optOut) {
      const detail = optOut ? 'an opt-out names no Issuer' : 'a claim names its Issuer'
      return refuse('temMALFORMED', 'issuer-or-opt-out', detail, SOURCE)
    }
    if (issuer === undefined) return null
    if (!readAccount(view, issuer)) {
      return refuse('tecNO_ISSUER', 'issuer-missing', `no account ${issuer}`, SOURCE)
    }
    const root = readAccount(view, String(tx.Account))
    if (issuer === GENESIS_ACCOUNT && root?.RewardAccumulator !== undefined) {
      const detail = `${GENESIS_ACCOUNT}'s reward hook (reward.c) pays this claim's reward, and this node runs no hooks: the reward cannot be computed exactly, so the claim is refused and the reward counters kept`
      return refuse('temDISABLED', `${NOT_MODELLED}-reward`, detail, SOURCE)
    }
    return null
  },
  doApply({ view, tx, account }) {
    if (Number(tx.Flags ?? 0) === TF_OPT_OUT) {
      for (const field of REWARD_FIELDS) delete account[field]
    } else {
      account.RewardLgrFirst = view.info.seq
      account.RewardLgrLast = view.info.seq
      account.RewardAccumulator = '0'
      // xahaud takes its validated ledger's parent close time; here the ledger the open one
      // builds on closed at view.info.parentCloseTime.
      account.RewardTime = view.info.parentCloseTime
    }
    view.update(account)
    return 'tesSUCCESS'
  },
}

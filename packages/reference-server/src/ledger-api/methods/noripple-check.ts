import type { LedgerObject } from '../../ledger'
import { ASF } from '../../ledger/rules/common/account-flags'
import { TF_TRUST_SET } from '../../ledger/rules/common/trust-line-flags'
import { LSF } from '../../ledger/state/ledger-object'
import {
  accountParam,
  ledgerFields,
  ledgerSelector,
  limitParam,
  type NodeMethod,
  ownedObjects,
  selectLedger,
} from '../node-request'
import { invalidField, missingField, RpcError } from '../rpc-errors'

const { DefaultRipple } = LSF.AccountRoot
const { LowNoRipple, HighNoRipple } = LSF.RippleState

type Limit = { currency: string; issuer: string; value: string }

/**
 * `noripple_check` (xrpl.org; rippled NoRippleCheck.cpp): the Default Ripple and No Ripple
 * settings a `gateway` or a `user` should change, in rippled's words, with the AccountSet and
 * TrustSet that fix them when `transactions` is true; `limit` counts problem lines (default 300,
 * at most 400).
 */
const noRippleCheck: NodeMethod = (call) => {
  const { ledger, network, params } = call
  if (params.account === undefined) throw missingField('account')
  if (params.role === undefined) throw missingField('role')
  if (params.role !== 'gateway' && params.role !== 'user') throw invalidField('role')
  const gateway = params.role === 'gateway'
  const limit = limitParam(params, 300, 400)
  if (params.transactions !== undefined && typeof params.transactions !== 'boolean') {
    throw invalidField('transactions')
  }
  const wantsTransactions = params.transactions === true
  const account = accountParam(params)
  const selected = selectLedger(call, 'current')
  const root = ledger.account(network.key, account, ledgerSelector(selected))
  if (!root) throw new RpcError('actNotFound')
  const fee = ledger.fee(network.key)
  let sequence = root.sequence
  const problems: string[] = []
  const transactions: Record<string, unknown>[] = []
  const propose = (tx: Record<string, unknown>) =>
    transactions.push({ ...tx, Sequence: sequence++, Account: account, Fee: fee })
  const defaultRipple = (root.flags & DefaultRipple) !== 0
  if (defaultRipple && !gateway) {
    problems.push(
      'You appear to have set your default ripple flag even though you are not a gateway. This is not recommended unless you are experimenting',
    )
  } else if (gateway && !defaultRipple) {
    problems.push('You should immediately set your default ripple flag')
    propose({ TransactionType: 'AccountSet', SetFlag: ASF.DefaultRipple })
  }
  let found = 0
  for (const line of ownedObjects(call, selected, account, 'RippleState')) {
    if (found === limit) break
    const problem = lineProblem(line, account, gateway)
    if (!problem) continue
    found++
    problems.push(problem.text)
    propose({ TransactionType: 'TrustSet', LimitAmount: problem.limit, Flags: problem.flags })
  }
  return {
    problems,
    ...(wantsTransactions ? { transactions } : {}),
    ...ledgerFields(selected),
  }
}

// A trust line's No Ripple problem from `account`'s side, with the TrustSet that fixes it.
function lineProblem(line: Readonly<LedgerObject>, account: string, gateway: boolean) {
  const low = line.LowLimit as Limit
  const high = line.HighLimit as Limit
  const isLow = low.issuer === account
  const noRipple = ((line.Flags as number) & (isLow ? LowNoRipple : HighNoRipple)) !== 0
  if (noRipple !== gateway) return null
  const peer = isLow ? high : low
  const own = isLow ? low : high
  const advice = gateway
    ? 'You should clear the no ripple flag on your '
    : 'You should probably set the no ripple flag on your '
  return {
    text: `${advice}${peer.currency} line to ${peer.issuer}`,
    limit: { ...own, issuer: peer.issuer },
    flags: noRipple ? TF_TRUST_SET.ClearNoRipple : TF_TRUST_SET.SetNoRipple,
  }
}

/** `noripple_check` of docs/protocol.md §8.6. */
export const noRippleMethods: Record<string, NodeMethod> = { noripple_check: noRippleCheck }

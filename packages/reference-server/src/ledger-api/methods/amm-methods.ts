import { assetOf } from '../../ledger/amm/amm-pool'
import type { LedgerAsset } from '../../ledger/amounts/ledger-asset'
import { RIPPLE_EPOCH_OFFSET } from '../../ledger/closing/ledger-header'
import { type AmmLocator, ammInfo } from '../../ledger/reads/amm-reads'
import type { ReadView } from '../../ledger/state/read-view'
import {
  isAccount,
  ledgerFields,
  ledgerSelector,
  type NodeCall,
  type NodeMethod,
  type SelectedLedger,
  selectLedger,
} from '../node-request'
import { RpcError } from '../rpc-errors'

// The ledger `selected` names as a read view: the open ledger's, or the latest closed one's
// objects with that ledger's parent close time (what the auction slot's interval is judged by).
function selectedView(call: NodeCall, selected: SelectedLedger): ReadView {
  const open = call.ledger.view(call.network.key)
  if (selected.open) return open
  const at = ledgerSelector(selected)
  return {
    info: { seq: selected.index, parentCloseTime: selected.header.parent_close_time },
    fees: open.fees,
    read: (index) => call.ledger.entry(call.network.key, index, at) ?? undefined,
    succ: () => undefined,
  }
}

// rippled `issueFromJson`: `{currency: "XRP"}` or `{currency, issuer}`, else issueMalformed.
function issueParam(value: unknown): LedgerAsset {
  const asset = assetOf(value)
  if (!asset || (asset.issuer !== null && !isAccount(asset.issuer))) {
    throw new RpcError('issueMalformed')
  }
  return asset
}

// Seconds since the Ripple epoch as rippled's `to_iso8601` writes them (`2026-01-02T00:00:10+0000`).
const iso8601 = (seconds: number) =>
  `${new Date((seconds + RIPPLE_EPOCH_OFFSET) * 1000).toISOString().slice(0, 19)}+0000`

/**
 * `amm_info` (xrpl.org; rippled AMMInfo.cpp): an AMM by `asset` and `asset2` (answered in that
 * order) or by `amm_account`, with `account`'s LP tokens when given.
 */
const ammInfoMethod: NodeMethod = (call) => {
  const { params } = call
  const byAssets = params.asset !== undefined
  if (
    byAssets !== (params.asset2 !== undefined) ||
    byAssets === (params.amm_account !== undefined)
  ) {
    throw new RpcError('invalidParams')
  }
  let locator: AmmLocator
  if (byAssets) {
    locator = { assets: [issueParam(params.asset), issueParam(params.asset2)] }
  } else {
    if (!isAccount(params.amm_account)) throw new RpcError('actMalformed')
    locator = { ammAccount: params.amm_account }
  }
  if (params.account !== undefined && !isAccount(params.account)) throw new RpcError('actMalformed')
  const selected = selectLedger(call, 'current')
  const info = ammInfo(selectedView(call, selected), locator, params.account as string | undefined)
  if (info === 'noAccount') throw new RpcError('actMalformed')
  if (info === 'noAmm') throw new RpcError('actNotFound')
  const amm: Record<string, unknown> = {
    account: info.account,
    amount: info.amount.toJson(),
    amount2: info.amount2.toJson(),
    lp_token: info.lpToken.toJson(),
    trading_fee: info.tradingFee,
  }
  if (info.voteSlots.length > 0) {
    amm.vote_slots = info.voteSlots.map((slot) => ({
      account: slot.account,
      trading_fee: slot.tradingFee,
      vote_weight: slot.voteWeight,
    }))
  }
  const slot = info.auctionSlot
  if (slot) {
    amm.auction_slot = {
      time_interval: slot.timeInterval,
      price: slot.price.toJson(),
      discounted_fee: slot.discountedFee,
      account: slot.account,
      expiration: iso8601(slot.expiration),
      ...(slot.authAccounts.length > 0
        ? { auth_accounts: slot.authAccounts.map((account) => ({ account })) }
        : {}),
    }
  }
  if (info.frozen[0] !== null) amm.asset_frozen = info.frozen[0]
  if (info.frozen[1] !== null) amm.asset2_frozen = info.frozen[1]
  return { amm, ...ledgerFields(selected) }
}

/** The AMM's reads of docs/protocol.md §8.13. */
export const ammMethods: Record<string, NodeMethod> = { amm_info: ammInfoMethod }

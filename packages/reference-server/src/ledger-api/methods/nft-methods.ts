import type { PageMiss } from '../../ledger/reads/nft-reads'
import {
  accountParam,
  ledgerFields,
  ledgerSelector,
  limitParam,
  type NodeMethod,
  selectLedger,
} from '../node-request'
import { invalidField, missingField, RpcError } from '../rpc-errors'
import { accountAt } from './account-methods'

const TOKEN_ID = /^[0-9A-Fa-f]{64}$/

// `marker` a string; its meaning is the read's to judge.
const markerParam = (params: Record<string, unknown>) => {
  const { marker } = params
  if (marker !== undefined && typeof marker !== 'string') throw invalidField('marker')
  return marker
}

/** `account_nfts` (xrpl.org; rippled AccountObjects.cpp `doAccountNFTs`): limit 20 to 400, 100 when left out. */
const accountNfts: NodeMethod = (call) => {
  const account = accountParam(call.params)
  const page = { limit: limitParam(call.params, 100, 400, 20), marker: markerParam(call.params) }
  const selected = selectLedger(call, 'current')
  accountAt(call, account, selected)
  const read = call.ledger.accountNfts(call.network.key, account, page, ledgerSelector(selected))
  if (read === 'badMarker') throw invalidField('marker')
  return { ...read, ...ledgerFields(selected) }
}

const tokenParam = (params: Record<string, unknown>): string => {
  if (params.nft_id === undefined) throw missingField('nft_id')
  if (typeof params.nft_id !== 'string' || !TOKEN_ID.test(params.nft_id)) {
    throw invalidField('nft_id')
  }
  return params.nft_id
}

// A token's offers of one side (rippled NFTOffers.cpp `enumerateNFTOffers`): limit 50 to 500, 250
// when left out; no offer directory → objectNotFound, a marker that is none of its offers →
// invalidParams.
const nftOffers =
  (side: 'nftSellOffers' | 'nftBuyOffers'): NodeMethod =>
  (call) => {
    const tokenId = tokenParam(call.params)
    const page = { limit: limitParam(call.params, 250, 500, 50), marker: markerParam(call.params) }
    const selected = selectLedger(call, 'current')
    const read = call.ledger[side](call.network.key, tokenId, page, ledgerSelector(selected))
    const misses: Record<PageMiss, RpcError> = {
      noOffers: new RpcError('objectNotFound'),
      badMarker: new RpcError('invalidParams'),
    }
    if (typeof read === 'string') throw misses[read]
    return { ...read, ...ledgerFields(selected) }
  }

/** The NFT reads of docs/protocol.md §8.6. */
export const nftMethods: Record<string, NodeMethod> = {
  account_nfts: accountNfts,
  nft_sell_offers: nftOffers('nftSellOffers'),
  nft_buy_offers: nftOffers('nftBuyOffers'),
}

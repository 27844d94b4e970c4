import type { LedgerSelector } from '../../ledger'
import type { NodeRead } from '../../ledger/reads/nft-reads'
import {
  accountParam,
  ledgerFields,
  ledgerSelector,
  limitValue,
  type NodeCall,
  type NodeMethod,
  selectLedger,
} from '../node-request'
import { invalidField, missingField, RpcError } from '../rpc-errors'

const TOKEN_ID = /^[0-9A-Fa-f]{64}$/

// The paging fields the NFT reads take: `limit` a non-negative integer, `marker` a string.
const pageRequest = (params: Record<string, unknown>) => {
  const { marker } = params
  if (marker !== undefined && typeof marker !== 'string') throw invalidField('marker')
  return { limit: limitValue(params), marker }
}

// A read of the ledger the request selects: its answer, or its refusal as rippled's error (the
// field named when it has one).
const answer = <T extends object>(call: NodeCall, run: (ledger: LedgerSelector) => NodeRead<T>) => {
  const selected = selectLedger(call, 'current')
  const read = run(ledgerSelector(selected))
  if ('error' in read) {
    if (read.field) throw invalidField(read.field)
    throw new RpcError(read.error as 'actNotFound' | 'invalidParams' | 'objectNotFound')
  }
  return { ...read.result, ...ledgerFields(selected) }
}

/** `account_nfts` (xrpl.org; rippled AccountObjects.cpp `doAccountNFTs`). */
const accountNfts: NodeMethod = (call) => {
  const account = accountParam(call.params)
  const page = pageRequest(call.params)
  return answer(call, (at) => call.ledger.accountNfts(call.network.key, account, page, at))
}

const tokenParam = (params: Record<string, unknown>): string => {
  if (params.nft_id === undefined) throw missingField('nft_id')
  if (typeof params.nft_id !== 'string' || !TOKEN_ID.test(params.nft_id)) {
    throw invalidField('nft_id')
  }
  return params.nft_id
}

/** `nft_sell_offers` / `nft_buy_offers` (xrpl.org; rippled NFTOffers.cpp). */
const nftSellOffers: NodeMethod = (call) => {
  const tokenId = tokenParam(call.params)
  const page = pageRequest(call.params)
  return answer(call, (at) => call.ledger.nftSellOffers(call.network.key, tokenId, page, at))
}
const nftBuyOffers: NodeMethod = (call) => {
  const tokenId = tokenParam(call.params)
  const page = pageRequest(call.params)
  return answer(call, (at) => call.ledger.nftBuyOffers(call.network.key, tokenId, page, at))
}

/** The NFT reads of docs/protocol.md §8.6. */
export const nftMethods: Record<string, NodeMethod> = {
  account_nfts: accountNfts,
  nft_sell_offers: nftSellOffers,
  nft_buy_offers: nftBuyOffers,
}

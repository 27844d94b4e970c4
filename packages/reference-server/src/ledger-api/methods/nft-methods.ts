import { accountNfts, type NodeRead, nftBuyOffers, nftSellOffers } from '../../ledger/nft-reads'
import type { ReadView } from '../../ledger/state/read-view'
import {
  accountParam,
  ledgerFields,
  limitValue,
  type NodeCall,
  type NodeMethod,
  selectedView,
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

// A read of the selected ledger's objects: its answer, or its refusal as rippled's error (the
// field named when it has one).
const answer = <T extends object>(call: NodeCall, run: (view: ReadView) => NodeRead<T>) => {
  const selected = selectLedger(call, 'current')
  const read = run(selectedView(call, selected))
  if ('error' in read) {
    if (read.field) throw invalidField(read.field)
    throw new RpcError(read.error as 'actNotFound' | 'invalidParams' | 'objectNotFound')
  }
  return { ...read.result, ...ledgerFields(selected) }
}

/** `account_nfts` (xrpl.org; rippled AccountObjects.cpp `doAccountNFTs`). */
const accountNftsMethod: NodeMethod = (call) => {
  const account = accountParam(call.params)
  const page = pageRequest(call.params)
  return answer(call, (view) => accountNfts(view, account, page))
}

const tokenParam = (params: Record<string, unknown>): string => {
  if (params.nft_id === undefined) throw missingField('nft_id')
  if (typeof params.nft_id !== 'string' || !TOKEN_ID.test(params.nft_id)) {
    throw invalidField('nft_id')
  }
  return params.nft_id.toUpperCase()
}

/** `nft_sell_offers` / `nft_buy_offers` (xrpl.org; rippled NFTOffers.cpp). */
const offersOf =
  (read: typeof nftSellOffers): NodeMethod =>
  (call) => {
    const tokenId = tokenParam(call.params)
    const page = pageRequest(call.params)
    return answer(call, (view) => read(view, tokenId, page))
  }

/** The NFT reads of docs/protocol.md §8.6. */
export const nftMethods: Record<string, NodeMethod> = {
  account_nfts: accountNftsMethod,
  nft_sell_offers: offersOf(nftSellOffers),
  nft_buy_offers: offersOf(nftBuyOffers),
}

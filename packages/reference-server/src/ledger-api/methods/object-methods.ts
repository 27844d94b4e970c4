import { entryTypeOfRpcName } from '../../ledger/state/ledger-entry-types'
import {
  accountParam,
  ledgerFields,
  ledgerSelector,
  limitParam,
  type NodeCall,
  type NodeMethod,
  selectLedger,
} from '../node-request'
import { invalidField } from '../rpc-errors'
import { accountAt } from './account-methods'
import { ledgerEntry } from './ledger-entry'

const typeParam = (params: Record<string, unknown>): string | undefined => {
  const value = params.type
  if (value === undefined) return undefined
  // The short type names (rippled `RPC::chooseLedgerEntryType`, ledger_entries.macro's rpcName).
  const type = typeof value === 'string' ? entryTypeOfRpcName(value) : undefined
  if (!type) throw invalidField('type')
  return type
}

const markerText = (params: Record<string, unknown>): string | undefined => {
  const value = params.marker
  if (value === undefined) return undefined
  if (typeof value !== 'string' || value.length > 200) throw invalidField('marker')
  return value
}

/** `account_objects` (xrpl.org): the owner directory's objects, default 200 a page, at most 400. */
const accountObjects: NodeMethod = (call: NodeCall) => {
  const { params } = call
  const account = accountParam(params)
  const selected = selectLedger(call, 'current')
  accountAt(call, account, selected)
  const type = typeParam(params)
  const limit = limitParam(params, 200, 400)
  const page = call.ledger.accountObjects(call.network.key, account, {
    limit,
    marker: markerText(params),
    types: type ? [type] : undefined,
    ledger: ledgerSelector(selected),
  })
  if (!page) throw invalidField('marker')
  return {
    account,
    account_objects: page.objects,
    ...ledgerFields(selected),
    ...(params.limit === undefined ? {} : { limit }),
    ...(page.marker ? { marker: page.marker } : {}),
  }
}

/** `ledger_data` (xrpl.org): every object in index order, 256 a page (JSON). */
const ledgerData: NodeMethod = (call) => {
  const { params } = call
  const selected = selectLedger(call, 'current')
  const limit = limitParam(params, 256, 256)
  const page = call.ledger.ledgerData(call.network.key, {
    limit,
    marker: markerText(params),
    type: typeParam(params),
    ledger: ledgerSelector(selected),
  })
  if (!page) throw invalidField('marker')
  return {
    ...(selected.open ? {} : { ledger: { ...selected.header, closed: true } }),
    ledger_index: selected.index,
    ledger_hash: selected.open ? undefined : selected.header.ledger_hash,
    state: page.objects,
    validated: !selected.open,
    ...(page.marker ? { marker: page.marker } : {}),
  }
}

/** The object reads of docs/protocol.md §8.6, on ledger-core's reads. */
export const objectMethods: Record<string, NodeMethod> = {
  ledger_entry: ledgerEntry,
  account_objects: accountObjects,
  ledger_data: ledgerData,
}

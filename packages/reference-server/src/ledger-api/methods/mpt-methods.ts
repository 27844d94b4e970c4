import { accountIdOf } from '../../ledger/codec/account-ids'
import { mptIssuanceIndex } from '../../ledger/state/keylets'
import type { LedgerObject } from '../../ledger/state/ledger-object'
import {
  ledgerSelector,
  limitParam,
  type NodeCall,
  type NodeMethod,
  selectLedger,
} from '../node-request'
import { invalidField, missingField, RpcError } from '../rpc-errors'

const MPT_ID = /^[0-9A-Fa-f]{48}$/
const ACCOUNT_ID = /^[0-9A-Fa-f]{40}$/
// Clio MPTHolders.h: LIMIT_MIN 1, LIMIT_MAX 100, LIMIT_DEFAULT 50.
const LIMIT_DEFAULT = 50
const LIMIT_MAX = 100
// How many objects one scan step of the state reads (ledger_data's page).
const SCAN_PAGE = 256

// Every MPToken of the issuance in the selected ledger, by holder AccountID (Clio's order).
function holdersOf(call: NodeCall, mptId: string, selected: ReturnType<typeof selectLedger>) {
  const found: { holderId: string; token: Readonly<LedgerObject> }[] = []
  let marker: string | undefined
  do {
    const page = call.ledger.ledgerData(call.network.key, {
      limit: SCAN_PAGE,
      type: 'MPToken',
      ledger: ledgerSelector(selected),
      ...(marker === undefined ? {} : { marker }),
    })
    if (!page) break
    for (const token of page.objects) {
      if (token.LedgerEntryType !== 'MPToken' || token.MPTokenIssuanceID !== mptId) continue
      found.push({ holderId: accountIdOf(String(token.Account)), token })
    }
    marker = page.marker
  } while (marker !== undefined)
  return found.sort((a, b) => (a.holderId < b.holderId ? -1 : 1))
}

/**
 * `mpt_holders`, an extension: rippled answers `unknownCmd`; its companion server Clio answers it
 * (Clio rpc/handlers/MPTHolders.cpp, xrpl.org clio-methods/mpt_holders): the holders of an MPT
 * issuance by AccountID, `limit` 1 to 100 (50 by default), `marker` the hex AccountID of the last
 * holder of a full page; an unknown issuance → `objectNotFound`. Clio serves validated ledgers: the
 * default ledger is the latest validated one.
 */
const mptHolders: NodeMethod = (call) => {
  const { params } = call
  const id = params.mpt_issuance_id
  if (id === undefined) throw missingField('mpt_issuance_id')
  if (typeof id !== 'string' || !MPT_ID.test(id)) throw invalidField('mpt_issuance_id')
  const marker = params.marker
  if (marker !== undefined && (typeof marker !== 'string' || !ACCOUNT_ID.test(marker))) {
    throw invalidField('marker')
  }
  const limit = limitParam(params, LIMIT_DEFAULT, LIMIT_MAX)
  const selected = selectLedger(call, 'validated')
  const mptId = id.toUpperCase()
  if (!call.ledger.entry(call.network.key, mptIssuanceIndex(mptId), ledgerSelector(selected))) {
    throw new RpcError('objectNotFound', 'objectNotFound')
  }
  const after = marker?.toUpperCase()
  const holders = holdersOf(call, mptId, selected).filter(
    ({ holderId }) => after === undefined || holderId > after,
  )
  const page = holders.slice(0, limit)
  const last = page.at(-1)
  return {
    mpt_issuance_id: mptId,
    limit,
    ledger_index: selected.index,
    mptokens: page.map(({ token }) => ({
      account: token.Account,
      flags: token.Flags,
      mpt_amount: String(token.MPTAmount ?? '0'),
      mptoken_index: token.index,
    })),
    validated: !selected.open,
    // Clio's cursor: the last holder of a full page.
    ...(page.length === limit && last ? { marker: last.holderId } : {}),
  }
}

/** The MPT reads beyond rippled's (docs/protocol.md §8.18). */
export const mptMethods: Record<string, NodeMethod> = { mpt_holders: mptHolders }

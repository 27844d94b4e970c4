import { randomBytes } from 'node:crypto'
import type { Amendment } from '../../ledger/amendments/amendment-table'
import { dropsToUnits } from '../../ledger/amounts/native-amount'
import type { NodeCall, NodeMethod } from '../node-request'
import { RpcError } from '../rpc-errors'
import { serverDefinitions } from './server-definitions'

/**
 * The rippled release whose public API the node follows (docs/protocol.md §8.6): clients parse it
 * (xrpl.js and xrpl-py add `NetworkID` only from 1.11.0 on).
 */
export const NODE_BUILD_VERSION = '2.5.0'

// What a stand-alone rippled reports of itself: no peers, no load, always in sync.
const NODE_STATE = 'full'
const LOAD_BASE = 256

const validatedLedger = ({ ledger, network }: NodeCall) => {
  const header = ledger.header(network.key)
  return { header, age: 0 }
}

/** `server_info` (xrpl.org): amounts in units, as rippled writes them. */
const serverInfo: NodeMethod = (call) => {
  const { ledger, network } = call
  const { header } = validatedLedger(call)
  return {
    info: {
      build_version: NODE_BUILD_VERSION,
      complete_ledgers: ledger.completeLedgers(network.key),
      hostid: 'PULLSIGN',
      io_latency_ms: 1,
      jq_trans_overflow: '0',
      last_close: { converge_time_s: 0, proposers: 0 },
      load_factor: 1,
      network_id: network.chain_id,
      peers: 0,
      pubkey_node: '',
      server_state: NODE_STATE,
      time: new Date().toISOString(),
      uptime: 0,
      validated_ledger: {
        age: 0,
        base_fee_xrp: Number(dropsToUnits(BigInt(network.fee))),
        hash: header?.ledger_hash,
        reserve_base_xrp: Number(dropsToUnits(BigInt(network.reserve_base))),
        reserve_inc_xrp: Number(dropsToUnits(BigInt(network.reserve_increment))),
        seq: header?.ledger_index,
      },
      validation_quorum: 0,
    },
  }
}

/** `server_state` (xrpl.org): the same in drops and load units. */
const serverState: NodeMethod = (call) => {
  const { ledger, network } = call
  const { header } = validatedLedger(call)
  return {
    state: {
      build_version: NODE_BUILD_VERSION,
      complete_ledgers: ledger.completeLedgers(network.key),
      io_latency_ms: 1,
      jq_trans_overflow: '0',
      last_close: { converge_time: 0, proposers: 0 },
      load_base: LOAD_BASE,
      load_factor: LOAD_BASE,
      network_id: network.chain_id,
      peers: 0,
      pubkey_node: '',
      server_state: NODE_STATE,
      uptime: 0,
      validated_ledger: {
        base_fee: Number(network.fee),
        close_time: header?.close_time,
        hash: header?.ledger_hash,
        reserve_base: Number(network.reserve_base),
        reserve_inc: Number(network.reserve_increment),
        seq: header?.ledger_index,
      },
      validation_quorum: 0,
    },
  }
}

/** `fee` (xrpl.org): an empty queue, so every level is the base fee's. */
const fee: NodeMethod = ({ ledger, network }) => {
  const base = network.fee
  return {
    current_ledger_size: '0',
    current_queue_size: '0',
    drops: { base_fee: base, median_fee: base, minimum_fee: base, open_ledger_fee: base },
    expected_ledger_size: '1000',
    ledger_current_index: ledger.latestClosedIndex(network.key) + 1,
    levels: {
      median_level: '256',
      minimum_level: '256',
      open_ledger_level: '256',
      reference_level: '256',
    },
    max_queue_size: '20000',
  }
}

/**
 * `feature` (xrpl.org): the network's amendment table (docs/protocol.md §8.10), every amendment
 * by id with `enabled`, `name`, `supported` and, as for an admin, `vetoed` on those not enabled;
 * one by `feature` (id or name), unknown → badFeature (rippled Feature.cpp). xahaud answers the
 * same shape with its own amendments.
 */
const feature: NodeMethod = ({ ledger, network, params }) => {
  const table = ledger.amendments(network.key)
  // rippled AmendmentTableImpl::injectJson: `vetoed` only on an amendment not enabled.
  const entry = (amendment: Amendment) => [
    amendment.id,
    {
      enabled: amendment.enabled,
      name: amendment.name,
      supported: amendment.supported,
      ...(amendment.enabled ? {} : { vetoed: false }),
    },
  ]
  if (params.feature === undefined) {
    return { features: Object.fromEntries(table.amendments.map(entry)) }
  }
  const found = typeof params.feature === 'string' ? table.find(params.feature) : undefined
  if (!found) throw new RpcError('badFeature')
  return Object.fromEntries([entry(found)])
}

/** The server methods of docs/protocol.md §8.6. */
export const serverMethods: Record<string, NodeMethod> = {
  server_info: serverInfo,
  server_state: serverState,
  server_definitions: ({ network }) => serverDefinitions(network),
  fee,
  feature,
  ping: () => ({}),
  random: () => ({ random: randomBytes(32).toString('hex').toUpperCase() }),
}

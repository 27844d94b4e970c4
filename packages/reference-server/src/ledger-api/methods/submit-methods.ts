import { isValidClassicAddress } from 'ripple-address-codec'
import type { SubmitResult } from '../../ledger'
import { type NetworkCodec, networkCodec } from '../../ledger/codec/network-codec'
import type { NetworkDefinition } from '../../ledger/networks'
import { engineResultMessage } from '../engine-result-messages'
import type { NodeCall, NodeMethod } from '../node-request'
import { RpcError } from '../rpc-errors'

const HEX = /^(?:[0-9A-Fa-f]{2})+$/

/**
 * The numeric code of an engine result on a network (`TRANSACTION_RESULTS` of its definitions:
 * xahaud numbers its own tec codes, such as `tecHOOK_REJECTED`, where rippled has others).
 *
 * @example
 * ```ts
 * resultCode(networkDefinition('TESTNET'), 'tecPATH_DRY') // 128
 * ```
 */
export const resultCode = (network: NetworkDefinition, name: string): number | undefined =>
  networkCodec(network).resultCode(name)

// A blob rippled cannot deserialize answers `invalidTransaction` with the parser's reason and no
// code (rippled Submit.cpp): the only error of the API without `error_code`.
class InvalidTransaction extends RpcError {
  constructor(reason: string) {
    super('invalidParams')
    this.fields.error = 'invalidTransaction' as never
    delete (this.fields as Partial<typeof this.fields>).error_code
    delete (this.fields as Partial<typeof this.fields>).error_message
    this.fields.error_exception = reason
  }
}

// The ledger's own decode answers the codec's JSON for a canonical blob at a fraction of its cost;
// any other blob is the codec's to read with the network's definitions (its JSON, or the reason
// it cannot). A transaction type the network's definitions do not know is no transaction there:
// rippled's and xahaud's STTx refuse it ("invalid transaction type", STTx.cpp).
const decoded = (codec: NetworkCodec, blob: string): Record<string, unknown> => {
  const canonical = codec.decodeCanonical(blob.toUpperCase())
  if (canonical) return canonical.tx
  // TransactionType (UInt16 field 2, header 12) is a transaction's first field.
  const type = /^12([0-9A-F]{4})/i.exec(blob)?.[1]
  if (type !== undefined && codec.transactionTypeName(Number.parseInt(type, 16)) === undefined) {
    throw new InvalidTransaction('invalid transaction type')
  }
  try {
    return codec.decode(blob) as Record<string, unknown>
  } catch (error) {
    throw new InvalidTransaction(error instanceof Error ? error.message : 'bad blob')
  }
}

// The one path into the ledger for the node (docs/protocol.md §8.6): the wallet simulator's
// submissions take the same `ledger.submit`.
const submitBlob = (call: NodeCall, codec: NetworkCodec, blob: string) => {
  const tx_json = decoded(codec, blob)
  return submitAnswer(call, codec, blob, tx_json, call.ledger.submit(call.network.key, blob))
}

/**
 * rippled's answer to a submission the ledger took: what it answered and the sender's next
 * sequence (none when the transaction names no account the ledger can read). The control API's
 * impersonation answers with it too (docs/protocol.md §10).
 *
 * @example
 * ```ts
 * submitAnswer({ ledger, network }, codec, blob, codec.decode(blob), ledger.submit(key, blob))
 * ```
 */
export const submitAnswer = (
  call: Pick<NodeCall, 'ledger' | 'network'>,
  codec: NetworkCodec,
  blob: string,
  tx_json: Record<string, unknown>,
  result: SubmitResult,
) => {
  const { ledger, network } = call
  const sender = tx_json.Account
  const account =
    typeof sender === 'string' && isValidClassicAddress(sender)
      ? ledger.account(network.key, sender)
      : null
  const sequence = account?.sequence ?? 0
  return {
    accepted: result.applied,
    account_sequence_available: sequence,
    account_sequence_next: sequence,
    applied: result.applied,
    broadcast: result.applied,
    engine_result: result.engine_result,
    engine_result_code: codec.resultCode(result.engine_result),
    engine_result_message: engineResultMessage(result.engine_result),
    kept: result.applied,
    open_ledger_cost: network.fee,
    queued: false,
    tx_blob: blob.toUpperCase(),
    tx_json: { ...tx_json, hash: result.txid },
    validated_ledger_index: ledger.latestClosedIndex(network.key),
  }
}

// A request that would sign on the node: no secret ever travels to it (docs/protocol.md §8.6).
const signing = () => new RpcError('notSupported', 'Signing is not supported by this server.')

/** `submit` with `tx_blob` (xrpl.org); with `secret` or `tx_json` it would sign: notSupported. */
const submit: NodeMethod = (call) => {
  const { params } = call
  if (params.tx_blob === undefined) {
    if (params.secret !== undefined || params.tx_json !== undefined) throw signing()
    throw new RpcError('invalidParams', "Missing field 'tx_blob'.")
  }
  if (typeof params.tx_blob !== 'string' || !HEX.test(params.tx_blob)) {
    throw new RpcError('invalidParams', "Invalid field 'tx_blob'.")
  }
  return submitBlob(call, networkCodec(call.network), params.tx_blob)
}

/**
 * `submit_multisigned` (xrpl.org): `tx_json` with its `Signers`, checked and encoded by the ledger
 * (`ledger.submitMultisigned`, rippled `transactionSubmitMultiSigned`): a request that is not
 * multisigned is refused `invalidParams` naming the field, never submitted.
 */
const submitMultisigned: NodeMethod = (call) => {
  const tx = call.params.tx_json
  if (tx === undefined) throw new RpcError('invalidParams', "Missing field 'tx_json'.")
  if (typeof tx !== 'object' || tx === null || Array.isArray(tx)) {
    throw new RpcError('invalidParams', "Invalid field 'tx_json', not object.")
  }
  const codec = networkCodec(call.network)
  const answer = call.ledger.submitMultisigned(call.network.key, tx)
  if ('error' in answer) throw new RpcError(answer.error, answer.error_message)
  return submitAnswer(call, codec, answer.tx_blob, decoded(codec, answer.tx_blob), answer)
}

/** The submission methods of docs/protocol.md §8.6; `sign` and `sign_for` are refused. */
export const submitMethods: Record<string, NodeMethod> = {
  submit,
  submit_multisigned: submitMultisigned,
  sign: () => {
    throw signing()
  },
  sign_for: () => {
    throw signing()
  },
}

import type { JsonObject } from '../../ledger/codec/json-object'
import { type NetworkCodec, networkCodec } from '../../ledger/codec/network-codec'
import { ledgerTransactionId } from '../../ledger/codec/transaction-id'
import { requiresNetworkId } from '../../ledger/networks'
import { engineResultMessage } from '../engine-result-messages'
import { isAccount, type NodeCall, type NodeMethod } from '../node-request'
import { expectedField, invalidField, missingField, RpcError } from '../rpc-errors'
import { binaryMeta } from '../transaction-json'

/**
 * `simulate` (XLS-69; rippled src/xrpld/rpc/handlers/Simulate.cpp as released, docs/protocol.md
 * §8.14): an unsigned transaction, as `tx_json` or `tx_blob`, autofilled (`Fee`, `SigningPubKey`,
 * `Sequence`, `NetworkID`) and applied by the ledger's own engine to a throw-away copy of the open
 * ledger (`ledger.simulate`): what `submit` would answer, with the metadata it would write.
 */

const HEX = /^(?:[0-9A-Fa-f]{2})+$/
type Tx = Record<string, unknown>

// Simulate.cpp `getTxJsonFromParams`: exactly one of tx_blob (decoded) and tx_json.
function txJsonOf(params: Record<string, unknown>, codec: NetworkCodec): Tx {
  let tx: unknown
  if (params.tx_blob !== undefined) {
    if (params.tx_json !== undefined) {
      throw new RpcError('invalidParams', 'Can only include one of `tx_blob` and `tx_json`.')
    }
    const blob = params.tx_blob
    if (typeof blob !== 'string' || !HEX.test(blob)) throw invalidField('tx_blob')
    try {
      tx = codec.decode(blob)
    } catch {
      throw invalidField('tx_blob')
    }
  } else if (params.tx_json !== undefined) {
    tx = params.tx_json
    if (typeof tx !== 'object' || tx === null || Array.isArray(tx)) {
      throw expectedField('tx_json', 'object')
    }
  } else {
    throw new RpcError('invalidParams', 'Neither `tx_blob` nor `tx_json` included.')
  }
  const fields = { ...(tx as Tx) }
  if (fields.TransactionType === undefined) throw missingField('tx.TransactionType')
  if (fields.Account === undefined) throw missingField('tx.Account')
  return fields
}

// Simulate.cpp `autofillSignature`: empty keys and signatures filled in; a signature → signed.
function autofillSignature(tx: Tx): void {
  tx.SigningPubKey ??= ''
  if (tx.Signers !== undefined) {
    if (!Array.isArray(tx.Signers)) throw invalidField('tx.Signers')
    tx.Signers = tx.Signers.map((wrapper: unknown, index) => {
      const signer = (wrapper as { Signer?: unknown } | null)?.Signer
      if (
        typeof wrapper !== 'object' ||
        wrapper === null ||
        typeof signer !== 'object' ||
        signer === null ||
        Array.isArray(signer)
      ) {
        throw invalidField(`tx.Signers[${index}]`)
      }
      const filled = { SigningPubKey: '', TxnSignature: '', ...(signer as Tx) }
      if (filled.TxnSignature !== '') throw new RpcError('transactionSigned')
      return { ...wrapper, Signer: filled }
    })
  }
  tx.TxnSignature ??= ''
  if (tx.TxnSignature !== '') throw new RpcError('transactionSigned')
}

// Simulate.cpp `getAutofillSequence`: the account's next sequence in the open ledger (no queue
// here), 0 with a ticket.
function autofillSequence(call: NodeCall, tx: Tx): void {
  if (tx.Sequence !== undefined) return
  if (typeof tx.Account !== 'string') throw invalidField('tx.Account')
  if (!isAccount(tx.Account)) throw new RpcError('srcActMalformed', "Invalid field 'tx.Account'.")
  const account = call.ledger.account(call.network.key, tx.Account)
  if (tx.TicketSequence !== undefined) tx.Sequence = 0
  else if (!account) throw new RpcError('srcActNotFound')
  else tx.Sequence = account.sequence
}

// Simulate.cpp `autofillTx`: Fee first (the open ledger's cost for this transaction: no load on a
// simulated node, so never above the 10× cap), then the signature fields, Sequence, NetworkID.
function autofill(call: NodeCall, tx: Tx): void {
  if (tx.Fee === undefined) {
    const signers = Array.isArray(tx.Signers) ? tx.Signers.length : 0
    try {
      tx.Fee = call.ledger.minimumFee(call.network.key, tx as JsonObject, { signers })
    } catch {
      tx.Fee = call.network.fee
    }
  }
  autofillSignature(tx)
  autofillSequence(call, tx)
  if (tx.NetworkID === undefined && requiresNetworkId(call.network)) {
    tx.NetworkID = call.network.chain_id
  }
}

// STParsedJSON: a tx_json the network's codec cannot write is refused naming it.
function encoded(codec: NetworkCodec, tx: Tx): string {
  try {
    return codec.encode(tx)
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'cannot be encoded'
    throw new RpcError('invalidParams', `Invalid field 'tx_json': ${reason}`)
  }
}

const simulate: NodeMethod = (call) => {
  const { params, network } = call
  if (params.binary !== undefined && typeof params.binary !== 'boolean') {
    throw invalidField('binary')
  }
  for (const field of ['secret', 'seed', 'seed_hex', 'passphrase']) {
    if (params[field] !== undefined) throw invalidField(field)
  }
  const codec = networkCodec(network)
  const tx = txJsonOf(params, codec)
  autofill(call, tx)
  const blob = encoded(codec, tx)
  if (tx.TransactionType === 'Batch') throw new RpcError('notImpl')
  const { engine_result, ledger_index, lookup } = call.ledger.simulate(network.key, blob)
  const message =
    engine_result === 'tesSUCCESS'
      ? 'The simulated transaction would have been applied.'
      : engineResultMessage(engine_result)
  const binary = params.binary === true
  const upper = blob.toUpperCase()
  // The ledger's own decode gives the codec's JSON of a canonical blob (the encoder wrote one) at
  // a fraction of the codec's cost: the codec's decode was a third of a simulate.
  const txJson = () => codec.decodeCanonical(upper)?.tx ?? codec.decode(blob)
  const metaFields = lookup
    ? binary
      ? { meta_blob: codec.encode(binaryMeta(lookup)) }
      : { meta: lookup.transaction.meta }
    : {}
  return {
    applied: false,
    engine_result,
    engine_result_code: codec.resultCode(engine_result),
    engine_result_message: message,
    ledger_index,
    ...metaFields,
    ...(binary
      ? { tx_blob: upper }
      : { tx_json: { ...txJson(), hash: ledgerTransactionId(upper) } }),
  }
}

/** The `simulate` method of docs/protocol.md §8.14. */
export const simulateMethods: Record<string, NodeMethod> = { simulate }

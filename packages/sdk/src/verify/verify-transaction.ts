import { systemClock } from '../core/clock'
import { isObject, requireString } from '../core/input'
import type { BalanceChange, XrplTxResponse } from '../wire/lookups'
import { isNetworkKey, NETWORK_IDS } from '../wire/networks'
import type { PayloadRecord } from '../wire/payload'
import { type CreatedObjects, createdObjects } from './created-objects'
import { createLedgerLookup } from './ledger-lookup'
import { requestMismatch } from './request-match'
import { otherNetwork, waitForValidation } from './validation-wait'
import { checkOptions, input, type VerifyTransactionOptions } from './verify-transaction-options'

/**
 * Why {@link verifyTransaction} said no, in the order it checks:
 * - `not-a-record`: neither a payload record nor a txid (a websocket or webhook message proves
 *   nothing: fetch the record);
 * - `not-signed`: the payload was rejected, or is not resolved yet;
 * - `not-submitted`: the record has no transaction for the ledger (a SignIn, a
 *   PaymentChannelAuthorize, one signer's part of a multi-signed or Batch transaction);
 * - `wrong-network`: the record, the node (its `server_info`) or the transaction (`NetworkID`)
 *   names another network than expected; answered before any wait;
 * - `submit-failed`: the wallet's submission answered a code with which the transaction can never
 *   be in a ledger (`tem…`, `tef…` but `tefALREADY`, `tefPAST_SEQ`, `tefNO_TICKET`), answered at
 *   once with that code in `result`;
 * - `not-validated`: still not in a validated ledger when the wait ended;
 * - `failed`: validated with a result other than `tesSUCCESS` (a `tec…`, in `result`): only the
 *   fee was spent;
 * - `wrong-account`: the transaction is from another account than `options.account` or the
 *   record's;
 * - `field-mismatch`: a field the app asked for (`payload.request_json`) is not on the ledger as
 *   asked; `field` names it.
 *
 * @example
 * ```ts
 * const reason: TransactionFailure = 'field-mismatch'
 * ```
 */
export type TransactionFailure =
  | 'not-a-record'
  | 'not-signed'
  | 'not-submitted'
  | 'wrong-network'
  | 'submit-failed'
  | 'not-validated'
  | 'failed'
  | 'wrong-account'
  | 'field-mismatch'

/**
 * The answer of {@link verifyTransaction}: on the ledger as the app asked (with the transaction,
 * its balance changes and the objects it created), or why not, with a message that says what to
 * do.
 *
 * @example
 * ```ts
 * const verdict: TransactionVerdict = await verifyTransaction(record, { network: 'TESTNET' })
 * if (verdict.ok) console.log(verdict.created.nftokens[0])
 * else console.log(`${verdict.reason}: ${verdict.message}`)
 * ```
 */
export type TransactionVerdict =
  | {
      ok: true
      txid: string
      /** The rails key it was verified on. */
      network: string
      /** The account it is from (`Account`). */
      account: string
      /** The validated transaction, as `xrpl-tx` shows it (`transaction.meta` included). */
      transaction: XrplTxResponse
      /** What moved, by account (native units and issued values), read from the metadata. */
      balanceChanges: Record<string, BalanceChange[]>
      created: CreatedObjects
    }
  | {
      ok: false
      reason: TransactionFailure
      message: string
      txid: string | null
      /** The engine result that failed it (`submit-failed`, `failed`), else null. */
      result: string | null
      /** The field that differs (`field-mismatch`), else null. */
      field: string | null
      /** What the last lookup answered, when there was one. */
      transaction: XrplTxResponse | null
    }

const TXID = /^[0-9A-Fa-f]{64}$/
// Pseudo transactions of docs/protocol.md §3.1: signed, never submitted.
const PSEUDO = new Set(['SignIn', 'PaymentChannelAuthorize'])
// xrpl.org "Transaction Results" and "Finality of Results": a tem never applies; a tef cannot
// apply to the current ledger or a later one, except where the transaction itself may already
// have taken its sequence or ticket (tefALREADY, tefPAST_SEQ, tefNO_TICKET: wait and see).
const MAY_BE_APPLIED = new Set(['tefALREADY', 'tefPAST_SEQ', 'tefNO_TICKET'])
const neverApplies = (code: string) =>
  code.startsWith('tem') || (code.startsWith('tef') && !MAY_BE_APPLIED.has(code))

const isRecord = (value: unknown): value is PayloadRecord =>
  isObject(value) &&
  isObject(value.meta) &&
  isObject(value.response) &&
  isObject(value.payload) &&
  isObject(value.payload.request_json)

// A value of the request or the ledger in a message: public data, cut short.
const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'absent'
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}

/**
 * Verifies that a signed payload's transaction (or any transaction, by txid) is on the ledger as
 * the app asked for it, for every transaction type: it waits for validation (looking up again on
 * the ledger close rhythm, bounded by `timeoutMs` and `signal`, on any rippled node: the one the
 * record names, or `node`, or any `lookup`), then checks that the result is `tesSUCCESS`, the
 * transaction is from the expected account, and every field of the record's `request_json` is on
 * the ledger as asked (after the wallet's fills: `Account`, `Sequence`, `Fee`, a
 * `LastLedgerSequence` offset, `NetworkID`, the signature fields). A failed submission and a
 * wrong network answer at once, without the wait. Returns a typed verdict with the transaction,
 * its balance changes and the objects it created (NFToken, offer, escrow, check, channel, AMM,
 * MPT issuance, ticket…), or the first check that failed (see {@link TransactionFailure}); throws
 * only on bad arguments, a node error other than "not found yet", or an abort.
 *
 * @example
 * ```ts
 * import { verifyTransaction } from 'pullsign/verify'
 *
 * const record = await pullsign.payload.get(uuid) // after the webhook or the socket's hint
 * const verdict = await verifyTransaction(record, { signal: AbortSignal.timeout(120_000) })
 * if (verdict.ok) console.log('minted', verdict.created.nftokens[0])
 * else console.log(`not minted (${verdict.reason}): ${verdict.message}`)
 *
 * // By txid, on a node of your choice:
 * await verifyTransaction(txid, { network: 'TESTNET', node: 'wss://s.altnet.rippletest.net:51233' })
 * ```
 */
export async function verifyTransaction(
  recordOrTxid: PayloadRecord | string,
  options?: VerifyTransactionOptions,
): Promise<TransactionVerdict> {
  const given = checkOptions(options)
  const { clock = systemClock, intervalMs = 4000, timeoutMs = 60_000, signal } = given
  let txid: string | null = null
  let transaction: XrplTxResponse | null = null
  const fail = (
    reason: TransactionFailure,
    message: string,
    details: { result?: string; field?: string } = {},
  ): TransactionVerdict => ({
    ok: false,
    reason,
    message,
    txid,
    result: details.result ?? null,
    field: details.field ?? null,
    transaction,
  })

  let record: PayloadRecord | null = null
  let network: string
  if (typeof recordOrTxid === 'string') {
    txid = requireString(recordOrTxid, 'recordOrTxid', TXID, 'a payload record or a 64-hex txid')
    txid = txid.toUpperCase()
    network = given.network ?? 'MAINNET'
  } else {
    if (!isRecord(recordOrTxid)) {
      return fail(
        'not-a-record',
        'pass the payload record (pullsign.payload.get) or a txid: a websocket or webhook message proves nothing',
      )
    }
    record = recordOrTxid
    const { meta, response, payload } = record
    if (!meta.resolved || !meta.signed) {
      return fail(
        'not-signed',
        `payload ${meta.uuid} is ${meta.resolved ? 'rejected' : 'not resolved'}`,
      )
    }
    const type = payload.request_json?.TransactionType
    if (PSEUDO.has(String(type))) {
      return fail(
        'not-submitted',
        `a ${type} is signed, never submitted${type === 'SignIn' ? ': verify it with verifySignIn' : ''}`,
      )
    }
    if (!response.txid) {
      return fail(
        'not-submitted',
        `payload ${meta.uuid} has no transaction id: one signer's part of a multi-signed or Batch transaction; verify the combined one by its txid`,
      )
    }
    txid = response.txid.toUpperCase()
    network = given.network ?? meta.force_network ?? 'MAINNET'
    const signedOn = response.dispatched_nodetype ?? response.environment_nodetype
    if (signedOn !== network) {
      return fail(
        'wrong-network',
        `payload ${meta.uuid} was signed for ${signedOn ?? 'no network'}, not ${network}${given.network ? '' : ' (pass options.network for a test network)'}`,
      )
    }
    const submitted = response.dispatched_result
    if (typeof submitted === 'string' && neverApplies(submitted)) {
      return fail(
        'submit-failed',
        `the wallet's submission of ${txid} answered ${submitted}: it can never be in a ledger; ask for a corrected transaction`,
        { result: submitted },
      )
    }
  }

  const url = given.node ?? record?.response.dispatched_to ?? record?.response.environment_nodeuri
  if (!given.lookup && !url) {
    throw input(
      record
        ? `payload ${record.meta.uuid} names no node: pass options.node (a rippled URL) or options.lookup`
        : 'a txid needs options.node (a rippled URL) or options.lookup to look it up',
    )
  }
  const lookup =
    given.lookup ??
    createLedgerLookup({
      url: url as string,
      ...(given.fetch ? { fetch: given.fetch } : {}),
      ...(given.WebSocket ? { WebSocket: given.WebSocket } : {}),
    })
  const networkId = isNetworkKey(network)
    ? NETWORK_IDS[network]
    : record?.response.environment_networkid
  if (typeof networkId === 'number') {
    const nodeNetwork = await otherNetwork(lookup, networkId, signal)
    if (nodeNetwork !== null) {
      return fail(
        'wrong-network',
        `the node serves network ${nodeNetwork}, not ${network} (${networkId}): look ${txid} up on a node of ${network}`,
      )
    }
  }

  const waited = await waitForValidation(lookup, txid, { clock, intervalMs, timeoutMs, signal })
  transaction = waited.transaction
  if (!waited.validated) return fail('not-validated', waited.message)
  const tx = waited.transaction.transaction
  if (typeof networkId === 'number' && tx.NetworkID !== undefined && tx.NetworkID !== networkId) {
    return fail(
      'wrong-network',
      `${txid} carries NetworkID ${String(tx.NetworkID)}, not ${networkId}`,
    )
  }
  const result = tx.meta.TransactionResult
  if (result !== 'tesSUCCESS') {
    return fail('failed', `${txid} was validated with ${result}: only the fee was spent`, {
      result,
    })
  }
  const from = String(tx.Account)
  const accounts = [
    given.account,
    record ? (record.response.multisign_account ?? record.response.account) : null,
  ]
  const expected = accounts.find((account) => account != null && account !== from)
  if (expected) return fail('wrong-account', `${txid} is from ${from}, not ${expected}`)
  if (record) {
    const mismatch = requestMismatch(record.payload.request_json, tx)
    if (mismatch) {
      return fail(
        'field-mismatch',
        `${txid} has ${mismatch.field} ${shown(mismatch.found)}, asked ${shown(mismatch.asked)}`,
        { field: mismatch.field },
      )
    }
  }
  return {
    ok: true,
    txid,
    network,
    account: from,
    transaction: waited.transaction,
    balanceChanges: waited.transaction.balanceChanges,
    created: createdObjects(tx.meta, tx.TransactionType),
  }
}

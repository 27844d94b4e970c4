import type { Amount } from 'pullsign/wire'
import { amendmentResult } from '../amendments/required-amendments'
import { parseDrops } from '../amounts/native-amount'
import type { JsonObject } from '../codec/json-object'
import { type NetworkDefinition, requiresNetworkId } from '../networks'
import { checkAuthorization, checkSignatures, signatureCount } from '../signatures/signature-check'
import { balanceOf, peekAccount, readAccount } from '../state/account-root'
import { ticketIndex } from '../state/keylets'
import { type AccountRoot, ZERO_HASH } from '../state/ledger-object'
import type { ReadView } from '../state/read-view'
import { createSandbox, type Sandbox } from '../state/sandbox'
import { type AffectedNode, affectedNodes } from '../state/transaction-meta'
import { faultResult } from '../view/ledger-fault'
import { deleteTicket } from '../view/tickets'
import { batchAuthorization } from './batch/batch-rules'
import { invariantFailure } from './invariant-checks'
import { rulesFor } from './registry'
import type { NativePrice, PreflightContext, TransactionRules } from './transaction-rules'

/**
 * What the common steps of every transaction need of the network ledger.
 *
 * @example
 * ```ts
 * const host: TransactorHost = { ...preflightContext(network), price }
 * ```
 */
export interface TransactorHost extends PreflightContext {
  readonly price: NativePrice
}

/**
 * The preflight context of a network: its definition and amendment table.
 *
 * @example
 * ```ts
 * preflightContext(network, enabledAmendments(network)).enabled('TicketBatch') // true
 * ```
 */
export function preflightContext(
  network: NetworkDefinition,
  amendments: ReadonlySet<string>,
): PreflightContext {
  return { network, amendments, enabled: (name) => amendments.has(name) }
}

/**
 * Engine result classes (rippled `TER.h`): `tes` success, `tec` claimed (fee charged, nothing
 * else), anything else not applied.
 *
 * @example
 * ```ts
 * isTec('tecPATH_DRY') // true
 * ```
 */
export const isTec = (result: string): boolean => result.startsWith('tec')

// The NetworkID rule of docs/protocol.md §8.1: absent at or below id 1024, required (and equal)
// above (rippled Transactor::preflight0).
function networkIdResult(network: NetworkDefinition, tx: JsonObject): string | null {
  if (!requiresNetworkId(network)) {
    return tx.NetworkID === undefined ? null : 'telNETWORK_ID_MAKES_TX_NON_CANONICAL'
  }
  if (tx.NetworkID === undefined) return 'telREQUIRES_NETWORK_ID'
  return tx.NetworkID === network.chain_id ? null : 'telWRONG_NETWORK'
}

// The type's rules, its amendment, then its own preflight. A type the ledger has no rules for is
// `temUNKNOWN`, rippled's answer for a type without a transactor (`applySteps.cpp`
// `invoke_preflight`, `TER.h`), never tesSUCCESS without effects (docs/protocol.md §8.7).
function typePreflight(tx: JsonObject, host: PreflightContext): string | null {
  const rules = rulesFor(String(tx.TransactionType))
  if (!rules) return 'temUNKNOWN'
  if (rules.amendment !== undefined && !host.enabled(rules.amendment)) return 'temDISABLED'
  return rules.preflight(tx, host)
}

/**
 * Preflight of a submitted transaction, in rippled's order: the amendments its type and fields
 * need (`temDISABLED`, amendments/required-amendments.ts), signature(s), `NetworkID`, the fee
 * field, then the type's rules (`temUNKNOWN` when it has none). Null when it passes.
 *
 * @example
 * ```ts
 * preflight(decoded.tx, decoded.signingFields, host) // null, or 'temBAD_SIGNATURE'
 * ```
 */
export function preflight(
  tx: JsonObject,
  signingFields: string,
  host: PreflightContext,
): string | null {
  return (
    amendmentResult(tx, host) ??
    checkSignatures(tx, signingFields) ??
    networkIdResult(host.network, tx) ??
    (parseDrops(tx.Fee) === null ? 'temBAD_FEE' : null) ??
    typePreflight(tx, host)
  )
}

/**
 * Preflight of a Batch's inner transaction: no signature of its own (its authority is the
 * Batch's, docs/protocol.md §8.4).
 *
 * @example
 * ```ts
 * innerPreflight(inner, host) // null, or a tem code
 * ```
 */
export const innerPreflight = (tx: JsonObject, host: PreflightContext): string | null =>
  amendmentResult(tx, host) ?? networkIdResult(host.network, tx) ?? typePreflight(tx, host)

// The Sequence or ticket rule (docs/protocol.md §8.5): a ticket needs `Sequence: 0` and must be
// one the account owns (rippled Transactor::checkSeqProxy).
function sequenceResult(view: ReadView, tx: JsonObject, root: Readonly<AccountRoot>) {
  const sequence = tx.Sequence
  if (typeof sequence !== 'number') return 'temMALFORMED'
  if (tx.TicketSequence !== undefined) {
    if (sequence !== 0) return 'temSEQ_AND_TICKET'
    const ticket = view.read(ticketIndex(root.Account, Number(tx.TicketSequence)))
    return ticket ? null : 'tefNO_TICKET'
  }
  if (sequence < root.Sequence) return 'tefPAST_SEQ'
  if (sequence > root.Sequence) return 'terPRE_SEQ'
  return null
}

/**
 * The least fee of a transaction on this ledger (rippled `Transactor::calculateBaseFee`): the base
 * fee, once more per multisigner; a type may change it through its rules' `fee` (a Batch's
 * signers, an EscrowFinish's fulfillment, an AccountDelete's owner reserve). `signers` counts the
 * multisigners of a transaction not yet signed; else they are read from its `Signers`.
 *
 * @example
 * ```ts
 * minimumFee({ TransactionType: 'EscrowFinish', Fulfillment: 'A0028000' }, view) // 330n at base 10
 * ```
 */
export function minimumFee(tx: JsonObject, view: ReadView, signers?: number): bigint {
  const { fees } = view
  const multisigners = signers ?? (tx.SigningPubKey === '' ? signatureCount(tx) : 0)
  const standard = fees.base * BigInt(multisigners > 0 ? multisigners + 1 : 1)
  const rules = rulesFor(String(tx.TransactionType))
  return rules?.fee ? rules.fee(tx, fees, standard, view) : standard
}

/**
 * Preclaim of a submitted transaction, in rippled's order (Transactor::preclaim, then the type's):
 * the account, the Sequence or ticket, `LastLedgerSequence`, the fee level, the signing keys, the
 * balance for the fee, then the type's own `preclaim`. Null when it may apply; a `tec` code from
 * the type is still applied (fee and Sequence only).
 *
 * @example
 * ```ts
 * preclaim(openLedger, tx, host) // null, or 'tefPAST_SEQ'
 * ```
 */
export function preclaim(view: ReadView, tx: JsonObject, host: PreflightContext): string | null {
  const root = readAccount(view, String(tx.Account))
  if (!root) return 'terNO_ACCOUNT'
  const sequence = sequenceResult(view, tx, root)
  if (sequence) return sequence
  // Transactor::checkPriorTxAndLastLedger: an `AccountTxnID` must name the account's latest
  // transaction (asfAccountTxnID keeps it; absent reads as zero), else tefWRONG_PRIOR (§8.7).
  if (
    typeof tx.AccountTxnID === 'string' &&
    tx.AccountTxnID.toUpperCase() !== (root.AccountTxnID ?? ZERO_HASH)
  ) {
    return 'tefWRONG_PRIOR'
  }
  if (typeof tx.LastLedgerSequence === 'number' && tx.LastLedgerSequence < view.info.seq) {
    return 'tefMAX_LEDGER'
  }
  const fee = parseDrops(tx.Fee) ?? 0n
  if (fee < minimumFee(tx, view)) return 'telINSUF_FEE_P'
  const authorization =
    checkAuthorization(tx, view) ??
    (tx.TransactionType === 'Batch' ? batchAuthorization(tx, view) : null)
  if (authorization) return authorization
  if (balanceOf(root) < fee) return 'terINSUF_FEE_B'
  return rulesFor(String(tx.TransactionType))?.preclaim?.(view, tx, host) ?? null
}

/**
 * Preclaim of a Batch's inner transaction: its account and Sequence or ticket, then the type's.
 *
 * @example
 * ```ts
 * innerPreclaim(batchView, inner, host) // null, or 'terPRE_SEQ'
 * ```
 */
export function innerPreclaim(view: ReadView, tx: JsonObject, host: PreflightContext) {
  const root = readAccount(view, String(tx.Account))
  if (!root) return 'terNO_ACCOUNT'
  return (
    sequenceResult(view, tx, root) ??
    rulesFor(String(tx.TransactionType))?.preclaim?.(view, tx, host) ??
    null
  )
}

/**
 * A transaction applied to a sandbox over the open ledger, with its metadata computed; hand the
 * sandbox down (`applyTo`) to keep it.
 *
 * @example
 * ```ts
 * const applied = applyTransaction(openLedger, { tx, txid, fee }, host)
 * if (applied.applied) applied.sandbox.applyTo(openLedger)
 * ```
 */
export interface AppliedTransaction {
  result: string
  /** tes or tec: the transaction goes into the ledger. */
  applied: boolean
  sandbox: Sandbox
  /** Its `AffectedNodes` (empty when not applied). */
  nodes: AffectedNode[]
  /** What a payment delivered when it differs from `Amount` (`meta.DeliveredAmount`). */
  delivered?: Amount
}

// Charges the fee and consumes the Sequence or ticket on a fresh sandbox (Transactor::payFee and
// consumeSeqProxy); the AccountRoot stays peeked for the rule. rippled also writes the id into
// an `AccountTxnID` the account keeps.
function chargeAndConsume(sandbox: Sandbox, tx: JsonObject, txid: string, fee: bigint) {
  const root = peekAccount(sandbox, String(tx.Account)) as AccountRoot
  const prior = balanceOf(root)
  const charged = fee > prior ? prior : fee
  root.Balance = (prior - charged).toString()
  if (tx.TicketSequence !== undefined) deleteTicket(sandbox, root, Number(tx.TicketSequence))
  else root.Sequence += 1
  if (root.AccountTxnID !== undefined) root.AccountTxnID = txid
  sandbox.update(root)
  return { root, prior, charged }
}

// A transaction that broke an invariant, or whose fee alone cannot apply (Transactor::operator()
// re-running the invariant checks on the fee-only result).
const notApplied = (result: string, sandbox: Sandbox): AppliedTransaction => ({
  result,
  applied: false,
  sandbox,
  nodes: [],
})

/**
 * Applies a checked transaction as rippled's `Transactor::operator()` does: fee and Sequence or
 * ticket first, then the type's `doApply` (or `claim`, a `tec` its preclaim answered). A `tec`
 * result discards every change but the fee and the Sequence or ticket (`Transactor::reset`);
 * metadata is computed once here, from what the sandbox touched.
 *
 * @example
 * ```ts
 * const { result, sandbox, nodes } = applyTransaction(openLedger, { tx, txid, fee: 12n }, host)
 * ```
 */
export function applyTransaction(
  base: ReadView,
  input: { tx: JsonObject; txid: string; fee: bigint; claim?: string },
  host: TransactorHost,
): AppliedTransaction {
  const { tx, txid, fee } = input
  const rules = rulesFor(String(tx.TransactionType)) as TransactionRules
  let sandbox = createSandbox(base)
  let delivered: Amount | undefined
  const afterClaim: Array<(view: Sandbox) => void> = []
  let result = input.claim
  if (result === undefined) {
    try {
      const { root, prior, charged } = chargeAndConsume(sandbox, tx, txid, fee)
      result = rules.doApply({
        ...host,
        view: sandbox,
        before: base,
        tx,
        txid,
        account: root,
        fee,
        priorBalance: prior,
        deliver(amount) {
          delivered = amount
        },
        afterClaim(change) {
          afterClaim.push(change)
        },
      })
      if (result === 'tesSUCCESS' && invariantFailure(sandbox.changes(), base, charged)) {
        result = 'tecINVARIANT_FAILED'
      }
    } catch (error) {
      result = faultResult(error)
    }
  }
  if (result !== 'tesSUCCESS') {
    if (!isTec(result)) return notApplied(result, sandbox)
    delivered = undefined
    sandbox = createSandbox(base)
    try {
      const { charged } = chargeAndConsume(sandbox, tx, txid, fee)
      for (const change of afterClaim) change(sandbox)
      if (invariantFailure(sandbox.changes(), base, charged)) {
        return notApplied('tefINVARIANT_FAILED', sandbox)
      }
    } catch (error) {
      return notApplied(faultResult(error), sandbox)
    }
  }
  const nodes = affectedNodes(sandbox, txid, base.info.seq)
  return { result, applied: true, sandbox, nodes, ...(delivered ? { delivered } : {}) }
}

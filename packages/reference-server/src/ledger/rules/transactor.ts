import type { Amount } from 'pullsign/wire'
import { type AmendmentRules, knownAmendments } from '../amendments/amendment-table'
import { MODELLED_AMENDMENTS } from '../amendments/modelled-amendments'
import { amendmentResult, requiredAmendments } from '../amendments/required-amendments'
import { parseDrops } from '../amounts/native-amount'
import type { JsonObject } from '../codec/json-object'
import { networkCodec } from '../codec/network-codec'
import { type NetworkDefinition, requiresNetworkId } from '../networks'
import {
  addressOf,
  checkAuthorization,
  checkSignatures,
  checkSimulateKeys,
  signatureCount,
} from '../signatures/signature-check'
import { balanceOf, peekAccount, readAccount } from '../state/account-root'
import { signerListIndex, ticketIndex } from '../state/keylets'
import { type AccountRoot, ZERO_HASH } from '../state/ledger-object'
import type { ReadView } from '../state/read-view'
import { createSandbox, type Sandbox } from '../state/sandbox'
import { type AffectedNode, affectedNodes } from '../state/transaction-meta'
import { faultRefusal } from '../view/ledger-fault'
import { NOT_MODELLED, UNMODELLED_WHY } from '../view/node-limits'
import { type Refusal, refusalOf, refuse, resultOf, type Verdict } from '../view/refusal'
import { deleteTicket } from '../view/tickets'
import { ammInvariantFailure } from './amm/valid-amm'
import { batchAuthorization } from './batch/batch-rules'
import { invariantFailure } from './invariant-checks'
import { declaredRefusal } from './preflight-fields'
import { networkRules } from './registry'
import type { NativePrice, PreflightContext, TransactionRules } from './transaction-rules'
import { accumulateRewards } from './xahau/reward-accumulator'

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
 * The preflight context of a network: its definition, its amendment table and its rule registry.
 *
 * @example
 * ```ts
 * preflightContext(network, amendmentTable(network)).enabled('TicketBatch') // true
 * ```
 */
export function preflightContext(
  network: NetworkDefinition,
  table: AmendmentRules,
): PreflightContext {
  const amendments = new Set(knownAmendments(network).filter((name) => table.enabled(name)))
  return {
    network,
    amendments,
    enabled: (name) => amendments.has(name),
    rulesFor: networkRules(network),
  }
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

// The common checks follow rippled's Transactor.cpp.
const SOURCE = 'Transactor.cpp'

// The NetworkID rule of docs/protocol.md §8.1: absent at or below id 1024, required (and equal)
// above (rippled Transactor::preflight0).
function networkIdResult(network: NetworkDefinition, tx: JsonObject): Refusal | null {
  const id = network.chain_id
  if (!requiresNetworkId(network)) {
    if (tx.NetworkID === undefined) return null
    const detail = `NetworkID ${tx.NetworkID} is present on network ${id}, which takes none (1024 or below)`
    return refuse('telNETWORK_ID_MAKES_TX_NON_CANONICAL', 'network-id-unexpected', detail, SOURCE)
  }
  if (tx.NetworkID === undefined) {
    const detail = `NetworkID is missing, and network ${id} (above 1024) requires it`
    return refuse('telREQUIRES_NETWORK_ID', 'network-id-missing', detail, SOURCE)
  }
  if (tx.NetworkID === id) return null
  const detail = `NetworkID ${tx.NetworkID} is not this network's ${id}`
  return refuse('telWRONG_NETWORK', 'network-id-wrong', detail, SOURCE)
}

// The type's rules, its amendment, the flags and fields it declares, then its own preflight. A type the ledger has no rules for is
// `temUNKNOWN`, rippled's answer for a type without a transactor (`applySteps.cpp`
// `invoke_preflight`, `TER.h`), never tesSUCCESS without effects (docs/protocol.md §8.7).
function typePreflight(tx: JsonObject, host: PreflightContext): Verdict | null {
  const type = String(tx.TransactionType)
  const rules = host.rulesFor(type)
  if (!rules) {
    const detail = `the ledger has no rules for the transaction type ${type}`
    return refuse('temUNKNOWN', 'type-unknown', detail, 'applySteps.cpp')
  }
  if (rules.amendment !== null && !host.enabled(rules.amendment)) {
    const detail = `${type} needs the amendment ${rules.amendment}, not enabled on this network`
    return refuse('temDISABLED', 'amendment-disabled', detail, 'applySteps.cpp')
  }
  return declaredRefusal(tx, rules, host.network) ?? rules.preflight(tx, host)
}

// A verdict of the checks as the refusal callers get (null when they pass).
const refusalOrNull = (verdict: Verdict | null): Refusal | null =>
  verdict === null ? null : refusalOf(verdict)

// The fields the transaction needs amendments for (temDISABLED, required-amendments.ts). An
// amendment this node does not model is the node's limit, said so (view/node-limits.ts).
function amendmentRefusal(tx: JsonObject, host: PreflightContext): Refusal | null {
  if (amendmentResult(tx, host) === null) return null
  const type = String(tx.TransactionType)
  const missing = requiredAmendments(tx).find((name) => !host.enabled(name))
  if (missing !== undefined && !MODELLED_AMENDMENTS.has(missing)) {
    const why = UNMODELLED_WHY[missing] ?? 'this node does not model it'
    const detail = `${type} needs the amendment ${missing}; ${why}`
    return refuse('temDISABLED', `${NOT_MODELLED}-amendment`, detail, 'Transactor.cpp')
  }
  const detail = `${type} or one of its fields needs an amendment not enabled on this network`
  return refuse('temDISABLED', 'amendment-disabled', detail, 'Transactor.cpp')
}

/**
 * Which signature check a transaction gets: `signed`, every signature verified (a submission);
 * `impersonated`, none, and no signing key checked (the control API's impersonation,
 * docs/protocol.md §10); `simulated`, `simulate`'s checks (rippled's tapDRY_RUN: no signature
 * verified, a key that is given still checked).
 *
 * @example
 * ```ts
 * preflight(tx, signingFields, host, 'simulated')
 * ```
 */
export type Signing = 'signed' | 'impersonated' | 'simulated'

/**
 * Preflight of a submitted transaction, in rippled's order: the amendments its type and fields
 * need (`temDISABLED`, amendments/required-amendments.ts), signature(s), `NetworkID`, the fee
 * field, then the type's rules (`temUNKNOWN` when it has none). Null when it passes. `signing`
 * says which signature check runs (see {@link Signing}).
 *
 * @example
 * ```ts
 * preflight(decoded.tx, decoded.signingFields, host)?.result // undefined, or 'temBAD_SIGNATURE'
 * ```
 */
export function preflight(
  tx: JsonObject,
  signingFields: string,
  host: PreflightContext,
  signing: Signing = 'signed',
): Refusal | null {
  return refusalOrNull(
    amendmentRefusal(tx, host) ??
      signatureRefusal(tx, signingFields, signing) ??
      networkIdResult(host.network, tx) ??
      feeFieldRefusal(tx) ??
      typePreflight(tx, host),
  )
}

// Transactor::preflight2 (STTx::checkSign): the signature, or each multisigner's, must verify
// over the transaction; none is checked for an impersonated one, and a simulated one has
// `checkSimulateKeys` (tapDRY_RUN).
function signatureRefusal(tx: JsonObject, signingFields: string, signing: Signing): Verdict | null {
  if (signing === 'impersonated') return null
  if (signing === 'simulated') return checkSimulateKeys(tx)
  if (checkSignatures(tx, signingFields) === null) return null
  const detail =
    tx.SigningPubKey === '' || tx.Signers !== undefined
      ? 'the Signers do not verify: each needs its own valid signature, sorted by account, none the account itself, and no single signature beside them'
      : `TxnSignature does not verify over the transaction with SigningPubKey ${String(tx.SigningPubKey)}`
  return refuse('temBAD_SIGNATURE', 'signature-invalid', detail, SOURCE)
}

// Transactor::checkSingleSign and checkMultiSign: the key(s) must be the account's to sign with;
// the code signature-check.ts found, with what it compared.
function authorizationRefusal(
  tx: JsonObject,
  view: ReadView,
  root: Readonly<AccountRoot>,
  simulated: boolean,
) {
  const code = checkAuthorization(tx, view, simulated)
  if (code === null) return null
  const account = root.Account
  const list = view.read(signerListIndex(account))
  const details: Record<string, string> = {
    tefBAD_AUTH: `SigningPubKey ${String(tx.SigningPubKey)} is the key of ${addressOf(String(tx.SigningPubKey)) ?? 'no account'}: neither ${account}'s master key nor its regular key ${root.RegularKey ?? '(none set)'}`,
    tefMASTER_DISABLED: `a master key signed for ${tx.SigningPubKey === '' ? 'a signer' : account}, and that account disabled its master key`,
    tefNOT_MULTI_SIGNING: `${account} has no SignerList, yet the transaction is multi-signed`,
    tefBAD_SIGNATURE: `a signer is not on ${account}'s SignerList, or signed with a key that is neither its master nor its regular key`,
    tefBAD_QUORUM: `the signers' weights do not reach the SignerQuorum ${String(list?.SignerQuorum)} of ${account}'s SignerList`,
  }
  const detail = details[code]
  return detail === undefined ? refusalOf(code) : refuse(code, 'authorization', detail, SOURCE)
}

// Transactor::preflight1: the Fee field must be a native amount.
const feeFieldRefusal = (tx: JsonObject): Refusal | null =>
  parseDrops(tx.Fee) === null
    ? refuse(
        'temBAD_FEE',
        'fee-malformed',
        `Fee ${JSON.stringify(tx.Fee)} is no amount of drops`,
        SOURCE,
      )
    : null

/**
 * Preflight of a Batch's inner transaction: no signature of its own (its authority is the
 * Batch's, docs/protocol.md §8.4).
 *
 * @example
 * ```ts
 * innerPreflight(inner, host)?.result // undefined, or a tem code
 * ```
 */
export const innerPreflight = (tx: JsonObject, host: PreflightContext): Refusal | null =>
  refusalOrNull(
    amendmentRefusal(tx, host) ?? networkIdResult(host.network, tx) ?? typePreflight(tx, host),
  )

// The Sequence or ticket rule (docs/protocol.md §8.5): a ticket needs `Sequence: 0` and must be
// one the account owns (rippled Transactor::checkSeqProxy).
function sequenceResult(
  view: ReadView,
  tx: JsonObject,
  root: Readonly<AccountRoot>,
): Refusal | null {
  const sequence = tx.Sequence
  if (typeof sequence !== 'number') {
    return refuse('temMALFORMED', 'sequence-missing', 'the transaction has no Sequence', SOURCE)
  }
  if (tx.TicketSequence !== undefined) {
    if (sequence !== 0) {
      const detail = `Sequence is ${sequence} beside TicketSequence ${tx.TicketSequence}; a ticket needs Sequence 0`
      return refuse('temSEQ_AND_TICKET', 'sequence-and-ticket', detail, SOURCE)
    }
    const ticket = view.read(ticketIndex(root.Account, Number(tx.TicketSequence)))
    if (ticket) return null
    const detail = `${root.Account} owns no ticket ${tx.TicketSequence}`
    return refuse('tefNO_TICKET', 'ticket-missing', detail, SOURCE)
  }
  if (sequence < root.Sequence) {
    const detail = `Sequence ${sequence} is before the account's next sequence ${root.Sequence}`
    return refuse('tefPAST_SEQ', 'sequence-past', detail, SOURCE)
  }
  if (sequence > root.Sequence) {
    const detail = `Sequence ${sequence} is after the account's next sequence ${root.Sequence}`
    return refuse('terPRE_SEQ', 'sequence-ahead', detail, SOURCE)
  }
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
 * minimumFee({ TransactionType: 'EscrowFinish', Fulfillment: 'A0028000' }, view, host) // 330n at base 10
 * ```
 */
export function minimumFee(
  tx: JsonObject,
  view: ReadView,
  host: Pick<PreflightContext, 'rulesFor'>,
  signers?: number,
): bigint {
  const { fees } = view
  // rippled counts the Signers present (calculateBaseFee): none for an unsigned `simulate`.
  const multisigners =
    signers ?? (tx.SigningPubKey === '' && tx.Signers !== undefined ? signatureCount(tx) : 0)
  const standard = fees.base * BigInt(multisigners > 0 ? multisigners + 1 : 1)
  const rules = host.rulesFor(String(tx.TransactionType))
  return rules?.fee ? rules.fee(tx, fees, standard, view) : standard
}

/**
 * Preclaim of a submitted transaction, in rippled's order (Transactor::preclaim, then the type's):
 * the account, the Sequence or ticket, `LastLedgerSequence`, the fee level, the signing keys, the
 * balance for the fee, then the type's own `preclaim`. Null when it may apply; a `tec` code from
 * the type is still applied (fee and Sequence only). `signing`: an impersonated transaction skips
 * the signing keys alone (docs/protocol.md §10); a simulated one has `simulate`'s key check.
 *
 * @example
 * ```ts
 * preclaim(openLedger, tx, host)?.result // undefined, or 'tefPAST_SEQ'
 * ```
 */
export function preclaim(
  view: ReadView,
  tx: JsonObject,
  host: PreflightContext,
  signing: Signing = 'signed',
): Refusal | null {
  const root = readAccount(view, String(tx.Account))
  if (!root) return noAccount(tx)
  const sequence = sequenceResult(view, tx, root)
  if (sequence) return sequence
  // Transactor::checkPriorTxAndLastLedger: an `AccountTxnID` must name the account's latest
  // transaction (asfAccountTxnID keeps it; absent reads as zero), else tefWRONG_PRIOR (§8.7).
  const latest = root.AccountTxnID ?? ZERO_HASH
  if (typeof tx.AccountTxnID === 'string' && tx.AccountTxnID.toUpperCase() !== latest) {
    const detail = `AccountTxnID ${tx.AccountTxnID} is not the account's latest transaction ${latest}`
    return refuse('tefWRONG_PRIOR', 'prior-transaction', detail, SOURCE)
  }
  if (typeof tx.LastLedgerSequence === 'number' && tx.LastLedgerSequence < view.info.seq) {
    const detail = `LastLedgerSequence ${tx.LastLedgerSequence} is before the open ledger ${view.info.seq}`
    return refuse('tefMAX_LEDGER', 'last-ledger-passed', detail, SOURCE)
  }
  const fee = parseDrops(tx.Fee) ?? 0n
  // An unsigned transaction (impersonated, simulated) counts no multisigner: one signer's fee.
  const least = minimumFee(tx, view, host)
  if (fee < least) {
    const detail = `Fee ${fee} drops is below this transaction's least fee of ${least} drops`
    return refuse('telINSUF_FEE_P', 'fee-too-low', detail, SOURCE)
  }
  const authorization =
    (signing === 'impersonated'
      ? null
      : authorizationRefusal(tx, view, root, signing === 'simulated')) ??
    (tx.TransactionType === 'Batch' ? batchAuthorization(tx, view) : null)
  if (authorization) return refusalOf(authorization)
  if (balanceOf(root) < fee) {
    const detail = `the balance of ${root.Balance} drops cannot pay the Fee of ${fee} drops`
    return refuse('terINSUF_FEE_B', 'fee-unfunded', detail, SOURCE)
  }
  return refusalOrNull(
    host.rulesFor(String(tx.TransactionType))?.preclaim?.(view, tx, host) ?? null,
  )
}

// Transactor::preclaim: the sending account must exist.
const noAccount = (tx: JsonObject): Refusal =>
  refuse(
    'terNO_ACCOUNT',
    'account-missing',
    `the account ${String(tx.Account)} does not exist`,
    SOURCE,
  )

/**
 * Preclaim of a Batch's inner transaction: its account and Sequence or ticket, then the type's.
 *
 * @example
 * ```ts
 * innerPreclaim(batchView, inner, host)?.result // undefined, or 'terPRE_SEQ'
 * ```
 */
export function innerPreclaim(
  view: ReadView,
  tx: JsonObject,
  host: PreflightContext,
): Refusal | null {
  const root = readAccount(view, String(tx.Account))
  if (!root) return noAccount(tx)
  return (
    sequenceResult(view, tx, root) ??
    refusalOrNull(host.rulesFor(String(tx.TransactionType))?.preclaim?.(view, tx, host) ?? null)
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
  /** Why the result is not `tesSUCCESS` (null when it is). */
  refusal: Refusal | null
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
const INVARIANTS = 'InvariantCheck.cpp'
// rippled's ValidAMM, enforced once fixAMMv1_3 is enabled (rules/amm/valid-amm.ts).
const ammInvariant = (
  sandbox: Sandbox,
  base: ReadView,
  tx: JsonObject,
  result: string,
  host: TransactorHost,
) =>
  host.enabled('fixAMMv1_3')
    ? ammInvariantFailure(sandbox.changes(), base, sandbox, tx, result)
    : null
const notApplied = (refusal: Refusal, sandbox: Sandbox): AppliedTransaction => ({
  result: refusal.result,
  refusal,
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
  input: { tx: JsonObject; txid: string; fee: bigint; claim?: Refusal },
  host: TransactorHost,
): AppliedTransaction {
  const { tx, txid, fee } = input
  const rules = host.rulesFor(String(tx.TransactionType)) as TransactionRules
  let sandbox = createSandbox(base)
  let delivered: Amount | undefined
  const afterClaim: Array<(view: Sandbox) => void> = []
  let verdict: Verdict | undefined = input.claim
  if (verdict === undefined) {
    try {
      const { root, prior, charged } = chargeAndConsume(sandbox, tx, txid, fee)
      verdict = rules.doApply({
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
      const broken =
        verdict === 'tesSUCCESS'
          ? (invariantFailure(
              sandbox.changes(),
              base,
              charged,
              networkCodec(host.network).definitions,
            ) ?? ammInvariant(sandbox, base, tx, 'tesSUCCESS', host))
          : null
      if (broken) verdict = refuse('tecINVARIANT_FAILED', 'invariant', broken, INVARIANTS)
    } catch (error) {
      verdict = faultRefusal(error)
    }
  }
  const result = resultOf(verdict)
  const refusal = result === 'tesSUCCESS' ? null : refusalOf(verdict)
  if (refusal) {
    if (!isTec(result)) return notApplied(refusal, sandbox)
    delivered = undefined
    sandbox = createSandbox(base)
    try {
      const { charged } = chargeAndConsume(sandbox, tx, txid, fee)
      for (const change of afterClaim) change(sandbox)
      const broken =
        invariantFailure(
          sandbox.changes(),
          base,
          charged,
          networkCodec(host.network).definitions,
        ) ?? ammInvariant(sandbox, base, tx, result, host)
      if (broken)
        return notApplied(refuse('tefINVARIANT_FAILED', 'invariant', broken, INVARIANTS), sandbox)
    } catch (error) {
      return notApplied(faultRefusal(error), sandbox)
    }
  }
  const nodes = affectedNodes(sandbox, txid, base.info.seq)
  accumulateRewards(sandbox, nodes, base.info.seq, host)
  return { result, refusal, applied: true, sandbox, nodes, ...(delivered ? { delivered } : {}) }
}

import type { Amount } from 'pullsign/wire'
import type { JsonObject } from '../codec/json-object'
import type { NetworkDefinition } from '../networks'
import type { NativePrice } from '../paths/market-liquidity'
import type { AccountRoot } from '../state/ledger-object'
import type { LedgerFees, ReadView } from '../state/read-view'
import type { Sandbox } from '../state/sandbox'
import type { Verdict } from '../view/refusal'

export type { NativePrice } from '../paths/market-liquidity'

/**
 * What a rule's `preflight` knows besides the transaction: the network, its amendment table
 * (ledger/amendments/) and its rule registry. No ledger state.
 *
 * @example
 * ```ts
 * if (!context.enabled('Checks')) return 'temDISABLED'
 * ```
 */
export interface PreflightContext {
  readonly network: NetworkDefinition
  /** The network's enabled amendments, by rippled's name (`'DepositPreauth'`, `'fixPreviousTxnID'`…). */
  readonly amendments: ReadonlySet<string>
  /** Whether `amendment` is enabled on this network (and modelled by the node). */
  enabled(amendment: string): boolean
  /** The network's rule registry: the rules of each type its server has (rules/registry.ts). */
  readonly rulesFor: RulesLookup
}

/**
 * Where a network's transactor finds the rules of a type: undefined when that network's server
 * has none (`temUNKNOWN`, rules/registry.ts).
 *
 * @example
 * ```ts
 * const rules = context.rulesFor(String(tx.TransactionType))
 * ```
 */
export type RulesLookup = (type: string) => TransactionRules | undefined

/**
 * What a rule's `doApply` works with (rippled's `ApplyContext` and `Transactor` members): the
 * transaction's view of the open ledger, where the fee is already taken and the Sequence or
 * ticket consumed.
 *
 * @example
 * ```ts
 * const root = context.account
 * if (context.priorBalance < needed) return 'tecUNFUNDED_PAYMENT'
 * ```
 */
export interface ApplyContext extends PreflightContext {
  /** The open ledger as this transaction sees and changes it (a sandbox over it). */
  readonly view: Sandbox
  /** The open ledger before this transaction (what it found, not what it made). */
  readonly before: ReadView
  readonly tx: JsonObject
  /** The transaction's id (its objects' `PreviousTxnID` once applied). */
  readonly txid: string
  /** The sender's AccountRoot, peeked from `view` (fee paid, Sequence or ticket consumed). */
  readonly account: AccountRoot
  /** The fee the transaction pays, in drops. */
  readonly fee: bigint
  /** The sender's balance before the fee (rippled's `mPriorBalance`). */
  readonly priorBalance: bigint
  /** The simulator's prices (pay-with-anything, docs/protocol.md §8.5); null = no market. */
  readonly price: NativePrice
  /** Records what a payment delivered when it differs from `Amount` (`meta.DeliveredAmount`, §8.3). */
  deliver(amount: Amount): void
  /**
   * Changes to make again after a `tec` result discarded the rule's own: a killed `OfferCreate`
   * still removes the unfunded and expired offers it met (rippled `Transactor::operator()`,
   * `removeUnfundedOffers` on `tecKILLED`).
   */
  afterClaim(change: (view: Sandbox) => void): void
}

/**
 * The rules of one transaction type, in rippled's three steps (`src/xrpld/app/tx/detail/*.cpp`).
 * The fee, the Sequence or ticket, the signatures and the metadata are handled once for every
 * type (rules/transactor.ts); a type's rules are only its own checks and effects. Register them in
 * rules/registry.ts. A refusal is a {@link Verdict}: a typed `refuse(result, rule, detail,
 * source)` naming the values compared (view/refusal.ts), or a bare result code in rules not
 * converted yet.
 *
 * @example
 * ```ts
 * export const checkCancelRules: TransactionRules = {
 *   source: 'CancelCheck.cpp',
 *   amendment: 'Checks',
 *   flags: 0,
 *   preflight: (tx) => (isLedgerIndex(tx.CheckID) ? null : 'temMALFORMED'),
 *   preclaim: (view, tx) =>
 *     view.read(String(tx.CheckID))
 *       ? null
 *       : refuse('tecNO_ENTRY', 'check-missing', `no check ${tx.CheckID}`, 'CancelCheck.cpp'),
 *   doApply: (context) => { ...; return 'tesSUCCESS' },
 * }
 * ```
 */
export interface TransactionRules {
  /**
   * The file the rules follow: rippled's transactor (`src/xrpld/app/tx/detail/*.cpp`) or
   * xahaud's (`src/ripple/app/tx/impl/*.cpp`), `explain`'s `source` for a bare code
   * (docs/protocol.md §10).
   */
  readonly source: string
  /**
   * The amendment that introduced the type (rippled's `checkExtraFeatures`), null for the original
   * protocol's: off on the network → `temDISABLED` before `preflight`. It is the type's entry in
   * `TYPE_AMENDMENTS` (amendments/required-amendments.ts), which also knows the types no rules
   * exist for.
   */
  readonly amendment: string | null
  /**
   * The flags the type defines besides the universal ones (rippled's `getFlagsMask`, the
   * complement of TxFlags.h `tf<Type>Mask`; 0 for none): any other is `temINVALID_FLAG`, checked
   * once for every type before `preflight` (rules/preflight-fields.ts `declaredRefusal`). Null
   * when rippled checks none (Credentials without fixInvalidTxFlags) or the type's `preflight`
   * judges them whole.
   */
  readonly flags: number | null
  /**
   * The fields the type requires (`soeREQUIRED` in rippled's `transactions.macro`): one absent is
   * `temMALFORMED` before `preflight` (rippled refuses such a blob in its template check).
   */
  readonly required?: readonly string[]
  /**
   * The least fee when the type's differs from `standard` (the base fee, once more per
   * multisigner; rippled's `calculateBaseFee` overrides, which may read the ledger `view`): below
   * it, `telINSUF_FEE_P`.
   */
  fee?(tx: JsonObject, fees: LedgerFees, standard: bigint, view: ReadView): bigint
  /** The transaction alone: a `tem` code when malformed, else null. */
  preflight(tx: JsonObject, context: PreflightContext): Verdict | null
  /**
   * The transaction against the ledger before anything changes: a `tec` code (the fee is still
   * charged and the Sequence used), a `tef`/`ter` code (not applied), or null.
   */
  preclaim?(view: ReadView, tx: JsonObject, context: PreflightContext): Verdict | null
  /**
   * The type's effects on `context.view`: `tesSUCCESS` keeps them; a `tec` code discards them
   * all but the fee and the Sequence or ticket (rippled's `Transactor::reset`); any other code
   * applies nothing.
   */
  doApply(context: ApplyContext): Verdict
}

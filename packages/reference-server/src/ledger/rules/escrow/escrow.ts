import type { JsonObject } from '../../codec/json-object'
import { balanceOf, credit, peekAccount, readAccount } from '../../state/account-root'
import { escrowIndex } from '../../state/keylets'
import type { LedgerObject } from '../../state/ledger-object'
import type { ApplyView } from '../../state/read-view'
import { addOwnedObject, removeOwnedObject, reserveRefusal } from '../../view/owned-objects'
import type { Verdict } from '../../view/refusal'
import { credentialIdsPreclaim, credentialIdsPreflight } from '../common/credential-ids'
import { depositRefusal, incomingRefusal } from '../common/deposit-authorization'
import { copyFields, sequenceUsed } from '../common/transaction-fields'
import { isPositiveNative } from '../preflight-fields'
import type { TransactionRules } from '../transaction-rules'
import { fulfills, parseCondition } from './crypto-condition'

// Escrow rules, rippled's src/xrpld/app/tx/detail/Escrow.cpp (docs/protocol.md §8.7). Native
// amounts only: token escrow (TokenEscrow) is a disabled amendment. Times are judged against the
// parent ledger's close time: `after(now, mark)` is `now > mark`.

/**
 * EscrowCreate's preflight (`EscrowCreate::preflight`): a positive native `Amount`
 * (`temBAD_AMOUNT`), a `FinishAfter` or a `CancelAfter`, the cancel strictly after the finish
 * (`temBAD_EXPIRATION`), a `FinishAfter` or a `Condition`, and a condition that parses
 * (`temMALFORMED`).
 *
 * @example
 * ```ts
 * escrowCreatePreflight({ Amount: '1', Destination, CancelAfter: 10, FinishAfter: 10 }) // 'temBAD_EXPIRATION'
 * ```
 */
export function escrowCreatePreflight(tx: JsonObject): string | null {
  if (!isPositiveNative(tx.Amount)) return 'temBAD_AMOUNT'
  const finishAfter = tx.FinishAfter
  const cancelAfter = tx.CancelAfter
  if (cancelAfter === undefined && finishAfter === undefined) return 'temBAD_EXPIRATION'
  if (
    typeof cancelAfter === 'number' &&
    typeof finishAfter === 'number' &&
    cancelAfter <= finishAfter
  ) {
    return 'temBAD_EXPIRATION'
  }
  // fix1571: without a FinishAfter, an escrow with no condition could be finished at once.
  if (finishAfter === undefined && tx.Condition === undefined) return 'temMALFORMED'
  if (typeof tx.Condition === 'string' && !parseCondition(Buffer.from(tx.Condition, 'hex')).ok) {
    return 'temMALFORMED'
  }
  return null
}

/**
 * EscrowFinish's preflight (`EscrowFinish::preflight`): a `Condition` and a `Fulfillment` come
 * together or not at all (`temMALFORMED`); then the `CredentialIDs` (CredentialHelpers.cpp
 * `checkFields`). Whether the fulfillment fulfills is judged when it applies
 * (`tecCRYPTOCONDITION_ERROR`).
 *
 * @example
 * ```ts
 * escrowFinishPreflight({ Owner, OfferSequence: 7, Fulfillment: 'A0028000' }) // 'temMALFORMED'
 * ```
 */
export function escrowFinishPreflight(tx: JsonObject): Verdict | null {
  if ((tx.Condition === undefined) !== (tx.Fulfillment === undefined)) return 'temMALFORMED'
  return credentialIdsPreflight(tx)
}

/**
 * What an EscrowFinish adds to the base fee for its `Fulfillment` (hex)
 * (`EscrowFinish::calculateBaseFee`): base fee × (32 + fulfillment bytes / 16, rounded down);
 * nothing without one. A transaction that pays less than the whole is `telINSUF_FEE_P`.
 *
 * @example
 * ```ts
 * escrowFinishExtraFee('A0028000', 10n) // 320n: 10 × (32 + 4 / 16)
 * ```
 */
export function escrowFinishExtraFee(fulfillment: unknown, base: bigint): bigint {
  if (typeof fulfillment !== 'string') return 0n
  const size = BigInt(Math.floor(fulfillment.length / 2))
  return base * (32n + size / 16n)
}

const numberField = (object: Readonly<LedgerObject>, field: string): number | undefined =>
  typeof object[field] === 'number' ? (object[field] as number) : undefined

// The escrow an EscrowFinish or EscrowCancel names (`Owner`, `OfferSequence`), to change.
const peekEscrow = (view: ApplyView, tx: JsonObject) => {
  const escrow = view.peek(escrowIndex(String(tx.Owner), Number(tx.OfferSequence)))
  return escrow?.LedgerEntryType === 'Escrow' ? escrow : undefined
}

// Takes an escrow out of its owner's and destination's directories and the ledger, one owned
// object less for the owner; its Amount goes to `receiver` (the destination, or back to the owner).
function releaseEscrow(view: ApplyView, escrow: LedgerObject, receiver: string): void {
  removeOwnedObject(view, escrow, {
    owner: String(escrow.Account),
    destination: String(escrow.Destination),
    keepRoot: true,
  })
  const to = peekAccount(view, receiver)
  if (to) credit(view, to, BigInt(String(escrow.Amount)))
}

/**
 * EscrowCreate (docs/protocol.md §8.7, rippled `EscrowCreate`): sets `Amount` aside in an
 * `Escrow` object linked in the owner's and the destination's directories, until an
 * EscrowFinish after `FinishAfter` (with the condition's fulfillment) pays it to the destination
 * or an EscrowCancel after `CancelAfter` returns it.
 *
 * @example
 * ```ts
 * escrowCreateRules.preflight({ Amount: '0', Destination, FinishAfter: 1 }, context) // 'temBAD_AMOUNT'
 * ```
 */
export const escrowCreateRules: TransactionRules = {
  source: 'Escrow.cpp',
  amendment: 'Escrow',
  flags: 0,
  required: ['Amount', 'Destination'],
  preflight: escrowCreatePreflight,
  preclaim(view, tx) {
    return readAccount(view, String(tx.Destination)) ? null : 'tecNO_DST'
  },
  doApply(context) {
    const { view, tx, account } = context
    const now = view.info.parentCloseTime
    // fix1571: both times must lie strictly after the parent ledger's close.
    if (typeof tx.CancelAfter === 'number' && now > tx.CancelAfter) return 'tecNO_PERMISSION'
    if (typeof tx.FinishAfter === 'number' && now > tx.FinishAfter) return 'tecNO_PERMISSION'
    const amount = BigInt(String(tx.Amount))
    // The balance after the fee (EscrowCreate::doApply reads the AccountRoot).
    const owned = account.OwnerCount + 1
    const short =
      reserveRefusal(view, balanceOf(account), owned, 'Escrow.cpp') ??
      reserveRefusal(view, balanceOf(account) - amount, owned, 'Escrow.cpp', 'tecUNFUNDED')
    if (short) return short
    const destination = String(tx.Destination)
    const target = readAccount(view, destination)
    if (!target) return 'tecNO_DST'
    // No DisallowIncoming flag stops an escrow: only the tag rule.
    const refusal = incomingRefusal(target, tx, context, 0)
    if (refusal) return refusal
    const owner = account.Account
    const index = escrowIndex(owner, sequenceUsed(tx))
    const escrow: LedgerObject = { LedgerEntryType: 'Escrow', Flags: 0, index }
    copyFields(tx, escrow, [
      'Account',
      'Amount',
      'Condition',
      'Destination',
      'DestinationTag',
      'SourceTag',
      'CancelAfter',
      'FinishAfter',
    ])
    // Not to oneself: then the escrow is in the destination's directory too.
    const added = addOwnedObject(view, escrow, { owner: account, destination })
    if (added !== 'tesSUCCESS') return added
    credit(view, account, -amount)
    return 'tesSUCCESS'
  },
}

/**
 * EscrowFinish (docs/protocol.md §8.7, rippled `EscrowFinish`): anyone pays an escrow to its
 * destination once `FinishAfter` has passed and before `CancelAfter`, presenting the escrow's
 * condition and its fulfillment when it has one; the fulfillment costs its fee
 * ({@link escrowFinishExtraFee}).
 *
 * @example
 * ```ts
 * escrowFinishRules.preflight({ Owner, OfferSequence: 7, Condition }, context) // 'temMALFORMED'
 * ```
 */
export const escrowFinishRules: TransactionRules = {
  source: 'Escrow.cpp',
  amendment: 'Escrow',
  flags: 0,
  required: ['Owner', 'OfferSequence'],
  preflight: escrowFinishPreflight,
  // EscrowFinish::preclaim: the credentials, when given (CredentialHelpers.cpp `valid`).
  preclaim: (view, tx) => credentialIdsPreclaim(view, tx),
  fee: (tx, fees, standard) => standard + escrowFinishExtraFee(tx.Fulfillment, fees.base),
  doApply(context) {
    const { view, tx } = context
    const escrow = peekEscrow(view, tx)
    if (!escrow) return 'tecNO_TARGET'
    const now = view.info.parentCloseTime
    const finishAfter = numberField(escrow, 'FinishAfter')
    const cancelAfter = numberField(escrow, 'CancelAfter')
    if (finishAfter !== undefined && now <= finishAfter) return 'tecNO_PERMISSION'
    if (cancelAfter !== undefined && now > cancelAfter) return 'tecNO_PERMISSION'
    const given = typeof tx.Condition === 'string' ? tx.Condition.toUpperCase() : undefined
    if (given !== undefined && !fulfills(String(tx.Fulfillment), given)) {
      return 'tecCRYPTOCONDITION_ERROR'
    }
    const held = typeof escrow.Condition === 'string' ? escrow.Condition.toUpperCase() : undefined
    if (held !== given) return 'tecCRYPTOCONDITION_ERROR'
    const destination = String(escrow.Destination)
    const target = readAccount(view, destination)
    if (!target) return 'tecNO_DST'
    const refusal = depositRefusal(context, context.account.Account, target)
    if (refusal) return refusal
    releaseEscrow(view, escrow, destination)
    return 'tesSUCCESS'
  },
}

/**
 * EscrowCancel (docs/protocol.md §8.7, rippled `EscrowCancel`): anyone returns an escrow to its
 * owner once its `CancelAfter` has passed; one without `CancelAfter` can never be cancelled.
 *
 * @example
 * ```ts
 * escrowCancelRules.preflight({ Owner, OfferSequence: 7 }, context) // null
 * ```
 */
export const escrowCancelRules: TransactionRules = {
  source: 'Escrow.cpp',
  amendment: 'Escrow',
  flags: 0,
  required: ['Owner', 'OfferSequence'],
  // EscrowCancel::preflight checks only what the rules declare.
  preflight: () => null,
  doApply({ view, tx }) {
    const escrow = peekEscrow(view, tx)
    if (!escrow) return 'tecNO_TARGET'
    const cancelAfter = numberField(escrow, 'CancelAfter')
    if (cancelAfter === undefined || view.info.parentCloseTime <= cancelAfter) {
      return 'tecNO_PERMISSION'
    }
    releaseEscrow(view, escrow, String(escrow.Account))
    return 'tesSUCCESS'
  },
}

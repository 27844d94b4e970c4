import { isValidClassicAddress } from 'ripple-address-codec'
import { PullSignError } from '../core/errors/pull-sign-error'
import { describeValue } from '../core/input'
import type { TransactionJson } from '../wire/transaction'
import {
  BATCH_MODES,
  type BatchMode,
  type BatchTransaction,
  INNER_BATCH_FLAG,
  type InnerTransaction,
} from './batch-types'
import { innerTransactionIds } from './inner-ids'

/**
 * What {@link buildBatch} needs: the mode, the outer account with its sequence or ticket, and
 * 1..8 inner transactions. Inner transactions of the outer account without a `Sequence` get the
 * ones after the outer `Sequence`; every other inner account must give its `Sequence` (or
 * `Sequence: 0` and a `TicketSequence`).
 *
 * @example
 * ```ts
 * const input: BatchInput = {
 *   mode: 'ALLORNOTHING',
 *   account: alice,
 *   sequence: 7,
 *   transactions: [
 *     { TransactionType: 'Payment', Destination: bob, Amount: '1000000' },
 *     { TransactionType: 'Payment', Account: bob, Sequence: 3, Destination: alice, Amount: '500' },
 *   ],
 * }
 * ```
 */
export interface BatchInput {
  mode: BatchMode
  /** The outer `Account`: who submits and pays the fee. */
  account: string
  /** The outer `Sequence`; give this or `ticketSequence`. */
  sequence?: number
  /** A ticket of the outer account; the outer `Sequence` is then 0. */
  ticketSequence?: number
  transactions: readonly TransactionJson[]
  /** Other outer fields (`Fee`, `NetworkID`, `LastLedgerSequence`, `Memos`…), copied as given. */
  fields?: Record<string, unknown>
}

const bad = (field: string, expected: string, value: unknown) =>
  new PullSignError('ERR_INPUT', `${field} must be ${expected}, got ${describeValue(value)}`)

const requireUInt32 = (value: unknown, field: string, min = 0): number => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > 0xffff_ffff) {
    throw bad(field, `an integer from ${min} to 4294967295`, value)
  }
  return value
}

const requireAddress = (value: unknown, field: string): string => {
  if (typeof value !== 'string' || !isValidClassicAddress(value)) {
    throw bad(field, 'a classic address (r…) with a valid checksum', value)
  }
  return value
}

// Fields the Batch itself owns; an outer `fields` entry cannot override them.
const OUTER_OWNED = [
  'TransactionType',
  'Account',
  'Flags',
  'Sequence',
  'TicketSequence',
  'RawTransactions',
  'BatchSigners',
]

/**
 * Makes a valid Batch (docs/protocol.md §8.4) from a mode and 1..8 inner transactions: sets the
 * inner flag (0x40000000), `Fee: "0"` and an empty `SigningPubKey` on each inner transaction,
 * fills missing inner `Account`s and `Sequence`s of the outer account, and fixes the outer
 * `Account` and `Sequence` (or ticket) before anyone signs. Any bad input is an `ERR_INPUT`
 * naming the field (`transactions[1].Sequence`, …); nothing is guessed for other accounts.
 *
 * @example
 * ```ts
 * import { buildBatch, innerSigners } from 'pullsign/batch'
 *
 * const batch = buildBatch({
 *   mode: 'ALLORNOTHING',
 *   account: alice,
 *   sequence: 7,
 *   transactions: [
 *     { TransactionType: 'Payment', Destination: bob, Amount: '1000000' },
 *     { TransactionType: 'Payment', Account: bob, Sequence: 3, Destination: alice, Amount: '500' },
 *   ],
 * })
 * innerSigners(batch) // [bob]
 * ```
 */
export function buildBatch(input: BatchInput): BatchTransaction {
  if (typeof input !== 'object' || input === null) {
    throw bad('the Batch input', 'an object {mode, account, sequence, transactions}', input)
  }
  const { mode, transactions, fields = {} } = input
  if (typeof mode !== 'string' || !Object.hasOwn(BATCH_MODES, mode)) {
    throw bad('mode', Object.keys(BATCH_MODES).join(', '), mode)
  }
  const account = requireAddress(input.account, 'account')
  if ((input.sequence === undefined) === (input.ticketSequence === undefined)) {
    throw new PullSignError('ERR_INPUT', 'give exactly one of sequence and ticketSequence')
  }
  // §8.4: with a ticket the outer Sequence is 0; without one it is the account's next sequence.
  const sequence = input.sequence === undefined ? 0 : requireUInt32(input.sequence, 'sequence', 1)
  const ticket =
    input.ticketSequence === undefined
      ? undefined
      : requireUInt32(input.ticketSequence, 'ticketSequence', 1)
  if (!Array.isArray(transactions) || transactions.length < 1 || transactions.length > 8) {
    throw bad('transactions', 'an array of 1 to 8 transactions', transactions)
  }
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    throw bad('fields', 'an object of outer fields', fields)
  }
  const owned = OUTER_OWNED.find((name) => name in fields)
  if (owned)
    throw new PullSignError(
      'ERR_INPUT',
      `fields.${owned} is set by the builder; pass it as its own option`,
    )
  let nextOwnSequence = sequence === 0 ? undefined : sequence + 1
  const RawTransactions = transactions.map((tx, i) => {
    const field = `transactions[${i}]`
    if (typeof tx !== 'object' || tx === null || Array.isArray(tx))
      throw bad(field, 'a transaction object', tx)
    if (typeof tx.TransactionType !== 'string' || tx.TransactionType === '') {
      throw bad(`${field}.TransactionType`, 'a non-empty string', tx.TransactionType)
    }
    if (tx.TransactionType === 'Batch')
      throw new PullSignError('ERR_INPUT', `${field} cannot be a Batch`)
    if (tx.TxnSignature !== undefined || tx.Signers !== undefined) {
      throw new PullSignError(
        'ERR_INPUT',
        `${field} is signed: inner transactions are never signed on their own`,
      )
    }
    const innerAccount =
      tx.Account === undefined ? account : requireAddress(tx.Account, `${field}.Account`)
    const flags = tx.Flags === undefined ? 0 : requireUInt32(tx.Flags, `${field}.Flags`)
    let innerSequence: number
    if (tx.Sequence !== undefined) {
      innerSequence = requireUInt32(tx.Sequence, `${field}.Sequence`)
      if (innerSequence === 0) requireUInt32(tx.TicketSequence, `${field}.TicketSequence`, 1)
    } else if (tx.TicketSequence !== undefined) {
      requireUInt32(tx.TicketSequence, `${field}.TicketSequence`, 1)
      innerSequence = 0
    } else if (innerAccount === account && nextOwnSequence !== undefined) {
      innerSequence = nextOwnSequence++
    } else {
      throw new PullSignError(
        'ERR_INPUT',
        `${field}.Sequence is missing: give the Sequence (or a TicketSequence) of ${innerAccount}`,
      )
    }
    const inner: InnerTransaction = {
      ...tx,
      Account: innerAccount,
      Flags: (flags | INNER_BATCH_FLAG) >>> 0,
      Sequence: innerSequence,
      Fee: '0',
      SigningPubKey: '',
    }
    return { RawTransaction: inner }
  })
  const batch: BatchTransaction = {
    ...fields,
    TransactionType: 'Batch',
    Account: account,
    Flags: BATCH_MODES[mode],
    Sequence: sequence,
    ...(ticket === undefined ? {} : { TicketSequence: ticket }),
    RawTransactions,
  }
  try {
    innerTransactionIds(batch)
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err)
    throw new PullSignError('ERR_INPUT', `an inner transaction does not encode: ${detail}`, {
      cause: err,
    })
  }
  return batch
}

/**
 * The accounts that must sign a Batch besides its outer account (docs/protocol.md §8.4): every
 * inner `Account` (or its `Delegate`) and `Counterparty` that is not the outer account, in order of
 * first appearance. Each gets one payload in {@link signBatch}.
 *
 * @example
 * ```ts
 * innerSigners(batch) // ['rBob…', 'rCarol…']
 * ```
 */
export function innerSigners(batch: BatchTransaction): string[] {
  const signers = new Set<string>()
  for (const { RawTransaction: inner } of batch.RawTransactions) {
    for (const who of [inner.Delegate ?? inner.Account, inner.Counterparty]) {
      if (typeof who === 'string' && who !== batch.Account) signers.add(who)
    }
  }
  return [...signers]
}

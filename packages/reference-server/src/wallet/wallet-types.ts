import type { PayloadRecord } from 'pullsign/wire'
import type {
  RefAutopilotEntry,
  RefAutopilotRequest,
  RefAutopilotRule,
  RefOpenRequest,
  RefRejectRequest,
  RefSignRequest,
} from '../control-api-types'
import type { Autopilot } from './autopilot'

/**
 * How a payload reached the wallet (docs/protocol.md §3.3 `origintype`, without XAPP).
 *
 * @example
 * ```ts
 * server.wallet.open(uuid, { user: alice.uuid, via: 'DEEP_LINK' satisfies WalletOpenVia })
 * ```
 */
export type WalletOpenVia = NonNullable<RefOpenRequest['via']>

/**
 * Input of {@link Wallet.open}: the §10 body `{user, via?}` (`user` is a user uuid).
 *
 * @example
 * ```ts
 * const input: WalletOpenInput = { user: alice.uuid, via: 'QR' }
 * ```
 */
export type WalletOpenInput = RefOpenRequest

/**
 * Input of {@link Wallet.sign}: the §10 body `{user, account?, network?, payWith?, walletVersion?,
 * signer?}`.
 *
 * @example
 * ```ts
 * const input: WalletSignInput = { user: alice.uuid, network: 'TESTNET', payWith: { currency: 'XRP' } }
 * ```
 */
export type WalletSignInput = RefSignRequest

/**
 * Input of {@link Wallet.reject}: the §10 body `{user}`.
 *
 * @example
 * ```ts
 * server.wallet.reject(uuid, { user: alice.uuid } satisfies WalletRejectInput)
 * ```
 */
export type WalletRejectInput = RefRejectRequest

/**
 * Input of {@link Wallet.autopilot}: the §10 body `{user, answer, afterMs?, application?, txType?,
 * enabled?}`.
 *
 * @example
 * ```ts
 * server.wallet.autopilot({ user: alice.uuid, answer: 'sign', txType: 'SignIn' } satisfies WalletAutopilotRule)
 * ```
 */
export type WalletAutopilotRule = RefAutopilotRequest

/**
 * The simulated wallet app: opens, signs (for real) or rejects payloads as a given user. Inputs are
 * validated (600 naming the field) before anything changes.
 *
 * @example
 * ```ts
 * const wallet = createWallet({ payloads, users, ledger, clock })
 * const record = await wallet.sign(uuid, { user: userUuid })
 * console.log(record.response.txid)
 * wallet.autopilot({ user: userUuid, answer: 'sign' }) // every new payload signed 500 ms after
 * ```
 */
export interface Wallet {
  open(uuid: string, input: WalletOpenInput): PayloadRecord
  sign(uuid: string, input: WalletSignInput): Promise<PayloadRecord>
  reject(uuid: string, input: WalletRejectInput): PayloadRecord
  /**
   * Switches on a rule of the autopilot (§10 POST `/__ref/autopilot`): every payload created from
   * now on that matches is opened and answered as `user`, `afterMs` (default 500) after its
   * creation on the server clock; a new rule for the same scope (application × txType) replaces
   * the old. A payload the user cannot answer is skipped, with the reason in
   * {@link Wallet.autopilotLog}. Returns every rule.
   */
  autopilot(rule: WalletAutopilotRule): RefAutopilotRule[]
  /** Ends every rule, the answers not given yet and the log (§10 DELETE `/__ref/autopilot`). */
  clearAutopilot(): RefAutopilotRule[]
  /** The autopilot's rules, as GET `/__ref/state` shows them. */
  autopilotRules(): RefAutopilotRule[]
  /** What the autopilot did lately, newest first: answers, and skipped payloads with why. */
  autopilotLog(): RefAutopilotEntry[]
  /** The autopilot's part of a snapshot (src/state/): rules, answers not given yet, log. */
  readonly autopilotPersistence: AutopilotPersistence
}

/** The autopilot's state as a snapshot saves and restores it (autopilot-state.ts). */
export type AutopilotPersistence = Pick<Autopilot, 'changes' | 'saveState' | 'loadState'>

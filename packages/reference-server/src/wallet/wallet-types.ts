import type { PayloadRecord } from 'pullsign/wire'
import type { RefOpenRequest, RefRejectRequest, RefSignRequest } from '../control-api-types'

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
 * Input of {@link Wallet.sign}: the §10 body `{user, account?, network?, payWith?, walletVersion?}`.
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
 * The simulated wallet app: opens, signs (for real) or rejects payloads as a given user. Inputs are
 * validated (600 naming the field) before anything changes.
 *
 * @example
 * ```ts
 * const wallet = createWallet({ payloads, users, ledger, clock })
 * const record = await wallet.sign(uuid, { user: userUuid })
 * console.log(record.response.txid)
 * ```
 */
export interface Wallet {
  open(uuid: string, input: WalletOpenInput): PayloadRecord
  sign(uuid: string, input: WalletSignInput): Promise<PayloadRecord>
  reject(uuid: string, input: WalletRejectInput): PayloadRecord
}

import type { NetworkKey, PayloadRecord, RefPayWith } from 'pullsign/wire'

/** How a payload reached the wallet (PROTOCOL §3.3 `origintype`). */
export type WalletOpenVia = 'QR' | 'DEEP_LINK' | 'PUSH_NOTIFICATION' | 'EVENT_LIST'

/** Input of {@link Wallet.open}. */
export interface WalletOpenInput {
  /** The user's uuid. */
  user: string
  via?: WalletOpenVia
}

/** Input of {@link Wallet.sign}. */
export interface WalletSignInput {
  /** The user's uuid. */
  user: string
  /** The address to sign with (must be one of the user's accounts). */
  account?: string
  /** The network the wallet is on, unless the payload forces one. */
  network?: NetworkKey
  /** The asset the payer pays with (pay-with-anything, §8.3): native without an issuer. */
  payWith?: RefPayWith
  /** Wallet app version, e.g. "5.4.0" (matters for Batch signatures). */
  walletVersion?: string
}

/** Input of {@link Wallet.reject}. */
export interface WalletRejectInput {
  /** The user's uuid. */
  user: string
}

/**
 * The simulated wallet app: opens, signs (for real) or rejects payloads as a given user.
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

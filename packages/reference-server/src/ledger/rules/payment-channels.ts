import { parseDrops } from '../amounts/native-amount'
import type { JsonObject } from '../codec/json-object'
import { verifiesClaim } from './channel-claim-signature'
import { hasUnknownFlags, isPositiveNative, isPublicKey, lacks } from './preflight-fields'

// Payment channel rules, rippled's src/xrpld/app/tx/detail/PayChan.cpp (docs/protocol.md §8.7).

/** PaymentChannelClaim flags (rippled TxFlags.h): give up the expiration, or close. */
export const TF_RENEW = 0x00010000
export const TF_CLOSE = 0x00020000

/**
 * PaymentChannelCreate's preflight (`PayChanCreate::preflight`): a positive native `Amount`
 * (`temBAD_AMOUNT`), another account as `Destination` (`temDST_IS_SRC`), a `PublicKey` of a known
 * type (`temMALFORMED`).
 *
 * @example
 * ```ts
 * channelCreatePreflight({ Account: alice, Destination: alice, Amount: '1', SettleDelay: 60, PublicKey }) // 'temDST_IS_SRC'
 * ```
 */
export function channelCreatePreflight(tx: JsonObject): string | null {
  if (hasUnknownFlags(tx)) return 'temINVALID_FLAG'
  if (lacks(tx, 'Amount', 'Destination', 'SettleDelay', 'PublicKey')) return 'temMALFORMED'
  if (!isPositiveNative(tx.Amount)) return 'temBAD_AMOUNT'
  if (tx.Account === tx.Destination) return 'temDST_IS_SRC'
  if (!isPublicKey(tx.PublicKey)) return 'temMALFORMED'
  return null
}

/**
 * PaymentChannelFund's preflight (`PayChanFund::preflight`): a positive native `Amount`
 * (`temBAD_AMOUNT`).
 *
 * @example
 * ```ts
 * channelFundPreflight({ Channel, Amount: '0' }) // 'temBAD_AMOUNT'
 * ```
 */
export function channelFundPreflight(tx: JsonObject): string | null {
  if (hasUnknownFlags(tx)) return 'temINVALID_FLAG'
  if (lacks(tx, 'Channel', 'Amount')) return 'temMALFORMED'
  if (!isPositiveNative(tx.Amount)) return 'temBAD_AMOUNT'
  return null
}

/**
 * PaymentChannelClaim's preflight (`PayChanClaim::preflight`), in rippled's order: positive
 * native `Balance` and `Amount`, the balance at most the amount (`temBAD_AMOUNT`); only
 * `tfRenew` and `tfClose` (`temINVALID_FLAG`), not both (`temMALFORMED`); a `Signature` comes with
 * a `PublicKey` and a `Balance` (`temMALFORMED`) and signs the claim of `Amount` (or `Balance`)
 * on `Channel` (`temBAD_SIGNATURE`).
 *
 * @example
 * ```ts
 * channelClaimPreflight({ Channel, Balance: '2', Amount: '1' }) // 'temBAD_AMOUNT'
 * ```
 */
export function channelClaimPreflight(tx: JsonObject): string | null {
  if (tx.CredentialIDs !== undefined) return 'temDISABLED'
  if (lacks(tx, 'Channel')) return 'temMALFORMED'
  if (tx.Balance !== undefined && !isPositiveNative(tx.Balance)) return 'temBAD_AMOUNT'
  if (tx.Amount !== undefined && !isPositiveNative(tx.Amount)) return 'temBAD_AMOUNT'
  const balance = parseDrops(tx.Balance)
  const amount = parseDrops(tx.Amount)
  if (balance !== null && amount !== null && balance > amount) return 'temBAD_AMOUNT'
  if (hasUnknownFlags(tx, TF_RENEW | TF_CLOSE)) return 'temINVALID_FLAG'
  const flags = typeof tx.Flags === 'number' ? tx.Flags : 0
  if (flags & TF_CLOSE && flags & TF_RENEW) return 'temMALFORMED'
  if (tx.Signature === undefined) return null
  if (tx.PublicKey === undefined || balance === null) return 'temMALFORMED'
  if (!isPublicKey(tx.PublicKey)) return 'temMALFORMED'
  const signed = {
    channel: String(tx.Channel),
    drops: amount ?? balance,
    signature: String(tx.Signature),
    publicKey: String(tx.PublicKey),
  }
  return verifiesClaim(signed) ? null : 'temBAD_SIGNATURE'
}

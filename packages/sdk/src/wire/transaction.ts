/**
 * An issued-currency amount: `currency` is 3 characters or 40 upper-case hex (§3.1).
 *
 * @example
 * ```ts
 * const amount: IssuedAmount = { currency: 'USD', issuer: 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq', value: '10' }
 * ```
 */
export interface IssuedAmount {
  currency: string
  issuer: string
  value: string
}

/**
 * An amount: native drops as an integer string, or an issued amount.
 *
 * @example
 * ```ts
 * const drops: Amount = '1000000' // 1 XRP
 * ```
 */
export type Amount = string | IssuedAmount

/**
 * A transaction as JSON (loose: any field the binary codec knows), with the pseudo types `SignIn`
 * and `PaymentChannelAuthorize` of §3.1.
 *
 * @example
 * ```ts
 * const tx: TransactionJson = {
 *   TransactionType: 'Payment',
 *   Destination: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
 *   Amount: '1000000',
 * }
 * ```
 */
export interface TransactionJson {
  TransactionType: string
  [field: string]: unknown
}

import type { TransactionJson } from 'pullsign/wire'
import { isValidClassicAddress } from 'ripple-address-codec'
import type { PaymentRequestLink } from '../../web/pages/links/detect-page'

/**
 * A parse result: the value, or every problem, each naming its parameter.
 *
 * @example
 * ```ts
 * const result: LinkInput<string> = { ok: false, problems: ['invoiceid must be 64 hex'] }
 * ```
 */
export type LinkInput<T> = { ok: true; value: T } | { ok: false; problems: string[] }

const AMOUNT = /^(?:0|[1-9]\d{0,15})(?:\.\d{1,15})?$/
const NATIVE_AMOUNT = /^(?:0|[1-9]\d{0,10})(?:\.\d{1,6})?$/
const UINT32 = /^(?:0|[1-9]\d{0,9})$/
const INVOICE = /^[0-9A-Fa-f]{64}$/
const CURRENCY = /^(?:[A-Za-z0-9?!@#$%^&*<>(){}[\]|]{3}|[0-9A-Fa-f]{40})$/
const HEX = /^(?:[0-9A-Fa-f]{2})+$/

/**
 * Checks a payment request link `request:<account>?amount&network&dt&invoiceid&issuer&currency`
 * (docs/protocol.md §9.2): a classic address; `amount` a positive decimal (at most 6 decimals for
 * the native asset); `network` XRPL (default) or XAHAU; `dt` a 32-bit destination tag;
 * `invoiceid` 64 hex; `issuer` and `currency` only together. Every bad parameter is named.
 *
 * @example
 * ```ts
 * parsePaymentRequest('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', new URLSearchParams('amount=5'))
 * // { ok: true, value: { account, amount: '5', network: 'XRPL', dt: null, invoiceid: null, asset: null } }
 * ```
 */
export function parsePaymentRequest(
  account: string,
  query: URLSearchParams,
): LinkInput<PaymentRequestLink> {
  const problems: string[] = []
  const get = (name: string) => query.get(name)
  if (!isValidClassicAddress(account)) problems.push('account is not a valid classic address')
  const network = (get('network') ?? 'XRPL').toUpperCase()
  if (network !== 'XRPL' && network !== 'XAHAU') problems.push('network must be XRPL or XAHAU')
  const issuer = get('issuer')
  const currency = get('currency')
  if (issuer !== null && currency === null) problems.push('issuer needs currency')
  if (currency !== null && issuer === null) problems.push('currency needs issuer')
  if (issuer !== null && !isValidClassicAddress(issuer)) {
    problems.push('issuer is not a valid classic address')
  }
  if (currency !== null && (!CURRENCY.test(currency) || currency.toUpperCase() === 'XRP')) {
    problems.push('currency is not a currency code (3 characters or 40 hex)')
  }
  const amount = get('amount')
  const pattern = currency === null ? NATIVE_AMOUNT : AMOUNT
  if (amount !== null && (!pattern.test(amount) || Number(amount) <= 0)) {
    problems.push(
      currency === null
        ? 'amount must be a positive number of units with at most 6 decimals'
        : 'amount must be a positive decimal number',
    )
  }
  const dt = get('dt')
  if (dt !== null && !(UINT32.test(dt) && Number(dt) < 2 ** 32)) {
    problems.push('dt must be a destination tag (0 to 4294967295)')
  }
  const invoiceid = get('invoiceid')
  if (invoiceid !== null && !INVOICE.test(invoiceid)) problems.push('invoiceid must be 64 hex')
  if (problems.length > 0) return { ok: false, problems }
  return {
    ok: true,
    value: {
      account,
      amount,
      network: network as 'XRPL' | 'XAHAU',
      dt: dt === null ? null : Number(dt),
      invoiceid: invoiceid?.toUpperCase() ?? null,
      asset: issuer !== null && currency !== null ? { currency, issuer } : null,
    },
  }
}

/**
 * Reads a sign link (docs/protocol.md §9.2): hex of the UTF-8 JSON of a transaction object.
 *
 * @example
 * ```ts
 * parseSignLink(Buffer.from('{"TransactionType":"TrustSet"}').toString('hex'))
 * // { ok: true, value: { TransactionType: 'TrustSet' } }
 * ```
 */
export function parseSignLink(hex: string): LinkInput<TransactionJson> {
  if (!HEX.test(hex)) return { ok: false, problems: ['hex is not hexadecimal'] }
  let value: unknown
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(hex, 'hex')))
  } catch {
    return { ok: false, problems: ['hex is not the UTF-8 JSON of a transaction'] }
  }
  const isTx =
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { TransactionType?: unknown }).TransactionType === 'string'
  if (!isTx) return { ok: false, problems: ['hex is not the JSON of a transaction object'] }
  return { ok: true, value: value as TransactionJson }
}

/**
 * The Payment a payment request link asks for: native drops, or the issued amount.
 *
 * @example
 * ```ts
 * requestedPayment({ account, amount: '1.5', asset: null, dt: 7, invoiceid: null, network: 'XRPL' })
 * // { TransactionType: 'Payment', Destination: account, Amount: '1500000', DestinationTag: 7 }
 * ```
 */
export function requestedPayment(link: PaymentRequestLink): TransactionJson | null {
  if (link.amount === null) return null
  const [whole = '0', fraction = ''] = link.amount.split('.')
  const Amount = link.asset
    ? { ...link.asset, value: link.amount }
    : String(BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0')))
  return {
    TransactionType: 'Payment',
    Destination: link.account,
    Amount,
    ...(link.dt === null ? {} : { DestinationTag: link.dt }),
    ...(link.invoiceid === null ? {} : { InvoiceID: link.invoiceid }),
  }
}

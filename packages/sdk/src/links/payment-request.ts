import { isValidClassicAddress } from 'ripple-address-codec'
import { PullSignError } from '../core/errors/pull-sign-error'
import { describeValue } from '../core/input'
import { type LinkOptions, linksBase } from './links-base'

/**
 * A payment request of docs/protocol.md §9.2: who to pay, and optionally how much of which asset
 * on which network. `amount` is a decimal in units of the asset (`"5"` is 5 XRP when there is no
 * `currency`), never drops.
 *
 * @example
 * ```ts
 * const request: PaymentRequest = {
 *   account: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
 *   amount: '5',
 *   currency: 'USD',
 *   issuer: 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq',
 *   invoiceid: 'A'.repeat(64),
 * }
 * ```
 */
export interface PaymentRequest {
  account: string
  amount?: string
  /** `XRPL` (the default when absent) or `XAHAU`. */
  network?: PaymentRequestNetwork
  /** Destination tag, 0..4294967295. */
  dt?: number
  /** 64 hex characters. */
  invoiceid?: string
  /** Only together with `currency`. */
  issuer?: string
  /** 3 characters or 40 upper-case hex; only together with `issuer`. */
  currency?: string
}

/**
 * The networks a payment request link names (docs/protocol.md §9.2).
 *
 * @example
 * ```ts
 * const network: PaymentRequestNetwork = 'XAHAU'
 * ```
 */
export type PaymentRequestNetwork = 'XRPL' | 'XAHAU'

/**
 * Options of {@link paymentRequestLink}: the `{links}` base and the form.
 *
 * @example
 * ```ts
 * const options: PaymentRequestLinkOptions = { form: 'xrpl' }
 * ```
 */
export interface PaymentRequestLinkOptions extends LinkOptions {
  /** `web` (default): `{links}/detect/request:<account>?…`; `xrpl`: `xrpl://<account>?…`. */
  form?: 'web' | 'xrpl'
}

const NETWORKS: readonly string[] = ['XRPL', 'XAHAU']
const AMOUNT = /^(?:0|[1-9]\d*)(?:\.\d+)?$/
const INVOICE_ID = /^[0-9A-Fa-f]{64}$/
const DESTINATION_TAG = /^(?:0|[1-9]\d{0,9})$/
// §3.1: a currency is 3 characters (the ledger's standard code alphabet) or 40 upper-case hex.
const CURRENCY = /^(?:[A-Za-z0-9?!@#$%^&*<>(){}[\]|]{3}|[0-9A-F]{40})$/
const PARAMETERS = ['amount', 'network', 'dt', 'invoiceid', 'issuer', 'currency'] as const

const bad = (field: string, expected: string, value: unknown) =>
  new PullSignError('ERR_INPUT', `${field} must be ${expected}, got ${describeValue(value)}`)

const significantDigits = (amount: string) => amount.replace('.', '').replace(/^0+/, '').length

/**
 * Checks every field of a payment request (docs/protocol.md §9.2); throws `ERR_INPUT` naming the
 * first bad one. Returns the request with only the fields that are set.
 *
 * @example
 * ```ts
 * checkPaymentRequest({ account: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', dt: 42 })
 * ```
 */
export function checkPaymentRequest(request: PaymentRequest): PaymentRequest {
  if (typeof request !== 'object' || request === null) {
    throw bad('the payment request', 'an object {account, amount?, …}', request)
  }
  const { account, amount, network, dt, invoiceid, issuer, currency } = request
  if (typeof account !== 'string' || !isValidClassicAddress(account)) {
    throw bad('account', 'a classic address (r…) with a valid checksum', account)
  }
  const out: PaymentRequest = { account }
  if (amount !== undefined) {
    if (typeof amount !== 'string' || !AMOUNT.test(amount) || !(Number(amount) > 0)) {
      throw bad('amount', 'a positive decimal number of units (e.g. "5" or "0.25")', amount)
    }
    // The native asset has 6 decimals (1 unit = 1,000,000 drops, §3.1); issued values 15 digits.
    const decimals = amount.split('.')[1]?.length ?? 0
    if (currency === undefined && decimals > 6) {
      throw bad('amount', 'at most 6 decimals for the native asset', amount)
    }
    if (significantDigits(amount) > 15) throw bad('amount', 'at most 15 significant digits', amount)
    out.amount = amount
  }
  if (network !== undefined) {
    if (!NETWORKS.includes(network)) throw bad('network', 'XRPL or XAHAU', network)
    out.network = network
  }
  if (dt !== undefined) {
    if (typeof dt !== 'number' || !Number.isInteger(dt) || dt < 0 || dt > 0xffff_ffff) {
      throw bad('dt', 'an integer from 0 to 4294967295', dt)
    }
    out.dt = dt
  }
  if (invoiceid !== undefined) {
    if (typeof invoiceid !== 'string' || !INVOICE_ID.test(invoiceid)) {
      throw bad('invoiceid', '64 hex characters', invoiceid)
    }
    out.invoiceid = invoiceid
  }
  // §9.2: issuer and currency only together.
  if ((issuer === undefined) !== (currency === undefined)) {
    const missing = issuer === undefined ? 'issuer' : 'currency'
    const given = issuer === undefined ? 'currency' : 'issuer'
    throw new PullSignError('ERR_INPUT', `${missing} is missing: ${given} needs it (both or none)`)
  }
  if (issuer !== undefined) {
    if (typeof issuer !== 'string' || !isValidClassicAddress(issuer)) {
      throw bad('issuer', 'a classic address (r…) with a valid checksum', issuer)
    }
    if (typeof currency !== 'string' || !CURRENCY.test(currency) || currency === 'XRP') {
      throw bad('currency', '3 characters (not XRP) or 40 upper-case hex', currency)
    }
    out.issuer = issuer
    out.currency = currency
  }
  return out
}

/**
 * Builds a payment request link (docs/protocol.md §9.2), web form
 * `{links}/detect/request:<account>?amount&network&dt&invoiceid&issuer&currency` or protocol
 * form `xrpl://<account>?…`. Every field is checked first; a bad one is an `ERR_INPUT` naming it.
 *
 * @example
 * ```ts
 * import { paymentRequestLink } from 'pullsign/links'
 *
 * paymentRequestLink({ account: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', amount: '5' })
 * // 'https://xumm.app/detect/request:rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY?amount=5'
 * ```
 */
export function paymentRequestLink(
  request: PaymentRequest,
  options: PaymentRequestLinkOptions = {},
): string {
  const checked = checkPaymentRequest(request)
  const query = new URLSearchParams()
  for (const name of PARAMETERS) {
    const value = checked[name]
    if (value !== undefined) query.set(name, String(value))
  }
  const search = query.size > 0 ? `?${query}` : ''
  if (options.form === 'xrpl') return `xrpl://${checked.account}${search}`
  if (options.form !== undefined && options.form !== 'web') {
    throw bad('form', '"web" or "xrpl"', options.form)
  }
  return `${linksBase(options)}/detect/request:${checked.account}${search}`
}

const XRPL_FORM = /^xrpl:\/\/([^/?#]*)\/?(?:\?([^#]*))?$/
const WEB_PATH = /^\/detect\/request:([^/]*)$/

/**
 * Parses a payment request link in either form of docs/protocol.md §9.2 (any `{links}` host) and
 * checks every parameter: an unknown, repeated or bad one is an `ERR_INPUT` naming it.
 *
 * @example
 * ```ts
 * import { parsePaymentRequest } from 'pullsign/links'
 *
 * parsePaymentRequest('xrpl://rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY?amount=5&dt=42')
 * // { account: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', amount: '5', dt: 42 }
 * ```
 */
export function parsePaymentRequest(link: string): PaymentRequest {
  if (typeof link !== 'string') throw bad('link', 'a string', link)
  let account: string
  let query: URLSearchParams
  const protocolForm = XRPL_FORM.exec(link)
  if (protocolForm) {
    account = decodeURIComponent(protocolForm[1] ?? '')
    query = new URLSearchParams(protocolForm[2] ?? '')
  } else {
    let url: URL
    try {
      url = new URL(link)
    } catch {
      throw bad('link', 'a URL {links}/detect/request:<account>?… or xrpl://<account>?…', link)
    }
    const path = WEB_PATH.exec(url.pathname)
    if (!path || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      throw bad('link', 'a URL {links}/detect/request:<account>?… or xrpl://<account>?…', link)
    }
    account = decodeURIComponent(path[1] ?? '')
    query = url.searchParams
  }
  const request: Record<string, unknown> = { account }
  for (const name of new Set(query.keys())) {
    if (!(PARAMETERS as readonly string[]).includes(name)) {
      throw new PullSignError(
        'ERR_INPUT',
        `${JSON.stringify(name.slice(0, 16))} is not a payment request parameter (${PARAMETERS.join(', ')})`,
      )
    }
    const values = query.getAll(name)
    if (values.length > 1) throw bad(name, 'given once', `${values.length} values`)
    const value = values[0] ?? ''
    request[name] = name === 'dt' ? (DESTINATION_TAG.test(value) ? Number(value) : value) : value
  }
  return checkPaymentRequest(request as unknown as PaymentRequest)
}

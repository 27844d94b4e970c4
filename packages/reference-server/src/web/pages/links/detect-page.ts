import type { TransactionJson } from 'pullsign/wire'
import { renderShell } from '../common/page-shell'
import { html, type SafeHtml } from '../common/safe-html'
import { renderRow } from '../sign/sign-page'
import { transactionRows } from '../sign/transaction-rows'

/**
 * A payment request link's parameters, as the link routes check them and this page shows them
 * (docs/protocol.md §9.2).
 *
 * @example
 * ```ts
 * const link = parsePaymentRequest(account, new URLSearchParams('amount=5'))
 * if (link.ok) console.log(link.value.amount) // '5'
 * ```
 */
export interface PaymentRequestLink {
  account: string
  amount: string | null
  network: 'XRPL' | 'XAHAU'
  dt: number | null
  invoiceid: string | null
  asset: { currency: string; issuer: string } | null
}

// The form posts back to the same link; the server creates the sign request and redirects to it.
const signButton = (label: string) =>
  html`<form method="post" class="buttons"><button class="sign" type="submit">${label}</button></form>`

/**
 * The page of a payment request link (docs/protocol.md §9.2): who is to be paid, how much of which
 * asset, on which network, with the destination tag and invoice id; a button into the sign page
 * when the link names an amount (without one, the payer's wallet asks for it).
 *
 * @example
 * ```ts
 * htmlResponse(renderPaymentRequestPage(link, payment))
 * ```
 */
export function renderPaymentRequestPage(
  link: PaymentRequestLink,
  payment: TransactionJson | null,
): string {
  const native = link.network === 'XAHAU' ? 'XAH' : 'XRP'
  const amount = link.amount
    ? html`<span class="amount">${link.amount} ${link.asset?.currency ?? native}</span>${link.asset ? html` <span class="muted">issued by <code>${link.asset.issuer}</code></span>` : ''}`
    : html`<span class="muted">the payer chooses</span>`
  return renderShell({
    title: 'Payment request',
    active: null,
    main: html`<section class="card" id="payment-request"><p class="muted">Payment request</p>
<h1>Pay <span class="mono">${link.account}</span></h1>
<dl class="fields">
<dt>Account</dt><dd data-field="account"><span class="mono">${link.account}</span></dd>
<dt>Amount</dt><dd data-field="amount">${amount}</dd>
<dt>Network</dt><dd data-field="network">${link.network}</dd>
${link.dt === null ? '' : html`<dt>Destination tag</dt><dd data-field="dt">${link.dt}</dd>`}
${link.invoiceid === null ? '' : html`<dt>Invoice id</dt><dd data-field="invoiceid"><span class="mono">${link.invoiceid}</span></dd>`}
</dl>
${payment ? signButton('Pay with the wallet simulator') : html`<p class="muted note">No amount in the link: the payer's wallet asks for one.</p>`}
</section>`,
  })
}

/**
 * The page of a sign link (docs/protocol.md §9.2): the transaction it carries, readable and as
 * JSON, with a button into the sign page.
 *
 * @example
 * ```ts
 * htmlResponse(renderSignLinkPage({ TransactionType: 'TrustSet', LimitAmount: limit }))
 * ```
 */
export function renderSignLinkPage(tx: TransactionJson): string {
  const rows: SafeHtml[] = transactionRows(tx).map((row) => renderRow(row, 'XRP'))
  return renderShell({
    title: 'Sign link',
    active: null,
    main: html`<section class="card" id="sign-link"><p class="muted">Sign link</p>
<h1>${tx.TransactionType}</h1>
<dl class="fields">
<dt>Type</dt><dd data-field="TransactionType"><span class="mono">${tx.TransactionType}</span></dd>
${rows}
</dl>
<details open><summary>Transaction JSON</summary><pre>${JSON.stringify(tx, null, 2)}</pre></details>
${signButton('Sign with the wallet simulator')}
</section>`,
  })
}

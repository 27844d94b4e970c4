import type { LineView } from '../../../ledger/state/trust-line'
import { html, type SafeHtml } from '../common/safe-html'

/**
 * The trust lines and tickets of one account on one network, for the dashboard.
 *
 * @example
 * ```ts
 * const held: DashboardHoldings = { address, network: 'TESTNET', lines: [], tickets: [5000002] }
 * ```
 */
export interface DashboardHoldings {
  address: string
  network: string
  lines: LineView[]
  tickets: number[]
}

/**
 * The dashboard's section of issued-asset balances: every account's trust lines (balance, limit,
 * the peer's limit) and unused tickets, per network (docs/protocol.md §8.5, §10). Accounts that
 * hold neither are left out.
 *
 * @example
 * ```ts
 * html`${renderHoldings(view.holdings)}`
 * ```
 */
export function renderHoldings(holdings: readonly DashboardHoldings[]): SafeHtml {
  const rows = holdings.flatMap(({ address, network, lines, tickets }) => [
    ...lines.map(
      (line) =>
        html`<tr data-line="${address}:${network}:${line.currency}:${line.counterparty}"><td><code>${address}</code></td><td>${network}</td><td class="amount">${line.balance} ${line.currency}</td><td><code>${line.counterparty}</code></td><td class="amount">${line.limit}</td><td class="amount">${line.limit_peer}</td></tr>`,
    ),
    ...(tickets.length
      ? [
          html`<tr data-tickets="${address}:${network}"><td><code>${address}</code></td><td>${network}</td><td colspan="4">tickets ${tickets.join(', ')}</td></tr>`,
        ]
      : []),
  ])
  return html`<section class="card" id="holdings"><h2>Trust lines and tickets</h2>
${rows.length ? html`<div class="table-wrap"><table><tr><th>Account</th><th>Network</th><th>Balance</th><th>Counterparty</th><th>Limit</th><th>Peer limit</th></tr>${rows}</table></div>` : html`<p class="muted">No trust lines or tickets yet.</p>`}</section>`
}

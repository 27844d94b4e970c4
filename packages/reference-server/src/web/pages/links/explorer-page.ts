import type { TransactionLookup } from '../../../ledger'
import { renderShell } from '../common/page-shell'
import { html } from '../common/safe-html'

/**
 * The explorer page of a transaction (docs/protocol.md §9.2): network, result, validated, ledger,
 * CTID, the balance changes per account, and the transaction JSON with its metadata; long values
 * (addresses, hashes, memos, signatures) wrap inside their boxes rather than scroll sideways.
 *
 * @example
 * ```ts
 * htmlResponse(renderExplorerPage(lookup, 'TESTNET'))
 * ```
 */
export function renderExplorerPage(answer: TransactionLookup, network: string): string {
  const { transaction, balanceChanges } = answer
  const changes = Object.entries(balanceChanges).flatMap(([account, list]) =>
    list.map(
      (change) =>
        html`<tr><td class="mono">${account}</td><td class="amount">${change.value}</td><td>${change.currency}</td><td class="mono">${change.counterparty}</td></tr>`,
    ),
  )
  return renderShell({
    title: `Transaction ${answer.txid.slice(0, 8)}…`,
    active: null,
    main: html`<section class="card" id="transaction"><p class="muted">${network} transaction</p>
<h1 class="mono">${transaction.TransactionType}</h1>
<dl class="fields">
<dt>Hash</dt><dd data-field="hash"><span class="mono">${answer.txid}</span></dd>
<dt>Network</dt><dd data-field="network">${network}</dd>
<dt>Result</dt><dd data-field="result"><span class="mono">${transaction.meta.TransactionResult}</span></dd>
<dt>Validated</dt><dd data-field="validated">${transaction.validated ? 'yes' : 'not yet (the ledger holding it is still open)'}</dd>
<dt>Ledger</dt><dd data-field="ledger_index">${transaction.ledger_index}</dd>
${transaction.ctid ? html`<dt>CTID</dt><dd data-field="ctid"><span class="mono">${transaction.ctid}</span></dd>` : ''}
</dl></section>
<section class="card" id="balance-changes"><h2>Balance changes</h2>
<table class="wrap"><thead><tr><th>Account</th><th>Change</th><th>Currency</th><th>Counterparty</th></tr></thead>
<tbody>${changes}</tbody></table></section>
<section class="card"><h2>Transaction JSON</h2><pre class="wrap" id="transaction-json">${JSON.stringify(transaction, null, 2)}</pre></section>`,
  })
}

import type { NetworkKey } from 'pullsign/wire'
import type { AmendmentTable } from '../../../ledger/amendments/amendment-table'
import type { LedgerHeader } from '../../../ledger/closing/ledger-header'
import type { StoredTransaction } from '../../../ledger/state/stored-transaction'
import { refusalOf } from '../../../ledger/view/refusal'
import { refusalLine, shownRefusal } from '../../../platform/ledger-explain'
import { html, type SafeHtml } from '../common/safe-html'
import { isoText } from './dashboard-cells'

/** How many closed ledgers and how many transactions the dashboard lists per network. */
export const DASHBOARD_LEDGER_LIMIT = 10

/** One closed ledger on the dashboard. */
export interface DashboardClosedLedger {
  index: number
  hash: string
  /** ISO 8601, as the header's `close_time_iso`. */
  closeTime: string
  transactionCount: number
}

/** One validated transaction on the dashboard. */
export interface DashboardTransaction {
  hash: string
  type: string
  account: string
  /** `meta.TransactionResult`, e.g. `tesSUCCESS`. */
  result: string
  ledger: number
  /** Why it did not succeed, on one line (`explain`, issue 40 §6); null on success. */
  explanation: string | null
  /** Applied through the control API's impersonation, unsigned (docs/protocol.md §10). */
  impersonated: boolean
}

/** A network's enabled amendments on the dashboard (docs/protocol.md §8.10). */
export interface DashboardAmendments {
  /** The profile its table was built from (`default`, `production`). */
  profile: string
  /** The enabled amendments, in the server's order, and whether this node models each. */
  enabled: { name: string; modelled: boolean }[]
}

/**
 * A network's ledger node on the dashboard: its URLs (docs/protocol.md §8.6), its enabled
 * amendments (§8.10), its newest closed ledgers and its newest validated transactions, newest
 * first.
 *
 * @example
 * ```ts
 * const testnet: DashboardNetworkLedger = { network: 'TESTNET', name: 'Testnet', node, amendments, ledgers: [], transactions: [] }
 * ```
 */
export interface DashboardNetworkLedger {
  network: NetworkKey
  name: string
  node: { ws: string; rpc: string; faucet: string }
  amendments: DashboardAmendments
  ledgers: DashboardClosedLedger[]
  transactions: DashboardTransaction[]
}

/** What the dashboard reads of a network's ledger (the ledger's own methods). */
export interface ClosedLedgerReads {
  amendments(network: NetworkKey): AmendmentTable
  header(network: NetworkKey, index?: number): LedgerHeader | null
  completeLedgers(network: NetworkKey): string
  ledgerTransactions(
    network: NetworkKey,
    ledgerIndex: number,
  ): readonly Readonly<StoredTransaction>[]
}

// `complete_ledgers` ("5-9,12-20") as indexes, newest first: only kept headers, however far a
// clock jump skipped.
function keptIndexes(complete: string): number[] {
  return complete
    .split(',')
    .reverse()
    .flatMap((range) => {
      const [first = '', last = first] = range.split('-')
      const from = Number(first)
      const indexes: number[] = []
      for (let index = Number(last); index >= from; index--) indexes.push(index)
      return indexes
    })
}

// A stored transaction's refusal on one line, null on success.
const explanationOf = (stored: Readonly<StoredTransaction>): string | null =>
  stored.meta.TransactionResult === 'tesSUCCESS'
    ? null
    : refusalLine(
        shownRefusal(
          stored.refusal ?? refusalOf(stored.meta.TransactionResult),
          String(stored.tx.TransactionType ?? ''),
        ),
      )

/**
 * A network's newest closed ledgers and newest transactions, newest first: the transactions are
 * looked for through every kept ledger, so quiet ledgers do not hide the last payment.
 *
 * @example
 * ```ts
 * networkLedger(ledger, 'TESTNET', 'Testnet', state.ledger.TESTNET).ledgers[0]?.index
 * ```
 */
export function networkLedger(
  reads: ClosedLedgerReads,
  network: NetworkKey,
  name: string,
  node: DashboardNetworkLedger['node'],
): DashboardNetworkLedger {
  const ledgers: DashboardClosedLedger[] = []
  const transactions: DashboardTransaction[] = []
  for (const index of keptIndexes(reads.completeLedgers(network))) {
    if (ledgers.length >= DASHBOARD_LEDGER_LIMIT && transactions.length >= DASHBOARD_LEDGER_LIMIT)
      break
    const held = reads.ledgerTransactions(network, index)
    const header = reads.header(network, index)
    if (header && ledgers.length < DASHBOARD_LEDGER_LIMIT)
      ledgers.push({
        index,
        hash: header.ledger_hash,
        closeTime: header.close_time_iso,
        transactionCount: held.length,
      })
    for (const stored of [...held].reverse().slice(0, DASHBOARD_LEDGER_LIMIT - transactions.length))
      transactions.push({
        hash: stored.txid,
        type: String(stored.tx.TransactionType ?? ''),
        account: String(stored.tx.Account ?? ''),
        result: stored.meta.TransactionResult,
        ledger: index,
        explanation: explanationOf(stored),
        impersonated: stored.impersonated === true,
      })
  }
  const table = reads.amendments(network)
  const amendments = {
    profile: table.profile,
    enabled: table.amendments
      .filter((amendment) => amendment.enabled)
      .map((amendment) => ({ name: amendment.name, modelled: amendment.supported })),
  }
  return { network, name, node, amendments, ledgers, transactions }
}

// The enabled amendments, folded: a network has dozens; opened, they stay open through the live
// refresh (scripts/dashboard-live.ts keeps a `details` open by id). One the node does not model
// shows apart (its transactions are refused, docs/protocol.md §8.10).
function renderAmendments(network: NetworkKey, amendments: DashboardAmendments): SafeHtml {
  const names = amendments.enabled.map(
    (a) =>
      html`<li data-amendment="${a.name}" data-modelled="${a.modelled ? 'yes' : 'no'}"><code>${a.name}</code>${a.modelled ? '' : html` <span class="muted">(not modelled: refused)</span>`}</li>`,
  )
  return html`<details id="amendments-${network}" data-amendments="${network}"><summary>Amendments: ${amendments.enabled.length} enabled (profile ${amendments.profile})</summary><ul class="amendments">${names}</ul></details>`
}

// A hash cut to its first 8 digits, the whole hash in the title.
const shortHash = (hash: string): SafeHtml =>
  html`<code title="${hash}">${hash.slice(0, 8)}…</code>`

function renderNetwork(entry: DashboardNetworkLedger): SafeHtml {
  const ledgers = entry.ledgers.map(
    (l) =>
      html`<tr data-ledger="${entry.network}:${l.index}"><td>${l.index}</td><td>${shortHash(l.hash)}</td><td>${isoText(l.closeTime)}</td><td class="amount">${l.transactionCount}</td></tr>`,
  )
  const transactions = entry.transactions.map(
    (t) =>
      html`<tr data-transaction="${entry.network}:${t.hash}"><td>${shortHash(t.hash)}</td><td>${t.type}</td><td><code>${t.account}</code></td><td><span class="badge ${t.result === 'tesSUCCESS' ? 'ok' : 'fail'}">${t.result}</span>${t.impersonated ? html` <span class="badge" data-impersonated>impersonated</span>` : ''}${t.explanation ? html`<div class="muted" data-explanation>${t.explanation}</div>` : ''}</td><td>${t.ledger}</td></tr>`,
  )
  return html`<div class="item" data-network-ledger="${entry.network}"><h3>${entry.name}</h3><dl class="fields">
<dt>WebSocket</dt><dd><code>${entry.node.ws}</code></dd>
<dt>JSON-RPC</dt><dd><code>${entry.node.rpc}</code></dd>
<dt>Faucet</dt><dd><code>${entry.node.faucet}</code></dd>
</dl>${renderAmendments(entry.network, entry.amendments)}<h4>Closed ledgers</h4>${ledgers.length ? html`<div class="table-wrap"><table><tr><th>Ledger</th><th>Hash</th><th>Closed</th><th>Transactions</th></tr>${ledgers}</table></div>` : html`<p class="muted">No closed ledger kept.</p>`}
<h4>Transactions</h4>${transactions.length ? html`<div class="table-wrap"><table><tr><th>Hash</th><th>Type</th><th>Account</th><th>Result</th><th>Ledger</th></tr>${transactions}</table></div>` : html`<p class="muted">No transactions yet.</p>`}</div>`
}

/**
 * The dashboard's ledger section: per network, its node's URLs (docs/protocol.md §8.6), its
 * enabled amendments (§8.10), its newest closed ledgers (index, hash, close time, transaction count) and newest validated
 * transactions (hash, type, account, result with why it failed and whether it was impersonated,
 * ledger).
 *
 * @example
 * ```ts
 * html`${renderLedgers(view.ledgers)}`
 * ```
 */
export function renderLedgers(ledgers: readonly DashboardNetworkLedger[]): SafeHtml {
  return html`<section class="card" id="ledgers"><h2>Ledgers</h2>
<p class="muted">Each network's node, for your app's own ledger code; transactions show once their ledger closes.</p>
${ledgers.map(renderNetwork)}</section>`
}

import type { Endpoints } from 'pullsign/wire'
import type {
  KeyAlgorithm,
  RefApplication,
  RefAutopilotEntry,
  RefAutopilotRule,
  WebhookAttempt,
} from '../../../control-api-types'
import { dropsToUnits, parseDrops } from '../../../ledger/amounts/native-amount'
import { DASHBOARD_SCRIPT } from '../../page-scripts.gen'
import type { ApplicationSettings } from '../../scripts/dashboard-applications'
import type { DashboardData } from '../../scripts/dashboard-live'
import { renderShell } from '../common/page-shell'
import { html, type SafeHtml } from '../common/safe-html'
import { isActionable, type PayloadState, STATE_LABELS } from '../sign/payload-state'
import type { SignPageNetwork } from '../sign/sign-page'
import { renderDashboardActions } from './dashboard-actions'
import { renderAutopilot } from './dashboard-autopilot'
import { isoText, payloadLink } from './dashboard-cells'
import { type DashboardNetworkLedger, renderLedgers } from './dashboard-ledgers'
import { type DashboardHoldings, renderHoldings } from './dashboard-lines'
import { type DashboardSignIn, renderSignIns } from './dashboard-sign-ins'
import { renderXapps } from './dashboard-xapps'

/** An account on the dashboard, with its native balance per network (drops; null = no account). */
export interface DashboardAccount {
  address: string
  algorithm: KeyAlgorithm
  balances: Record<string, string | null>
}

/** A wallet user on the dashboard. */
export interface DashboardUser {
  uuid: string
  name: string
  kyc: string | null
  accounts: DashboardAccount[]
}

/** One payload row of the dashboard. */
export interface DashboardPayload {
  uuid: string
  application: string
  txType: string
  state: PayloadState
  /** ISO 8601. */
  createdAt: string
  /** ISO 8601. */
  expiresAt: string
  txid: string | null
  account: string | null
  identifier: string | null
  instruction: string | null
  /** Why the ledger will refuse its transaction (its preflight, docs/protocol.md §3.1), or null. */
  preflight: { result: string; message: string } | null
}

/** Everything the dashboard shows, as plain data (built by `dashboardView`). */
export interface DashboardView {
  endpoints: Endpoints
  /** Server time (the clock can be moved), ISO 8601. */
  serverTime: string
  /** How far the server clock is from the real time, whole seconds (moved by `clock/advance`). */
  clockOffsetSeconds: number
  networks: SignPageNetwork[]
  applications: RefApplication[]
  users: DashboardUser[]
  /** Newest first. */
  payloads: DashboardPayload[]
  /** How many payloads the platform holds (the list shows the newest). */
  payloadCount: number
  /** Newest first. */
  webhooks: WebhookAttempt[]
  /** Trust lines and tickets of the users' accounts (docs/protocol.md §8.5). */
  holdings?: DashboardHoldings[]
  /** Browser sign-ins through the OAuth provider, newest first. */
  signIns: DashboardSignIn[]
  /** The wallet autopilot's rules. */
  autopilot: RefAutopilotRule[]
  /** What the autopilot did lately, newest first. */
  autopilotLog: RefAutopilotEntry[]
  /** Each network's node URLs, newest closed ledgers and transactions (docs/protocol.md §8.6). */
  ledgers?: DashboardNetworkLedger[]
}

/** Where the dashboard script fetches its live sections (same renderer, `<main>` contents only). */
export const DASHBOARD_LIVE_PATH = '/?part=main'

function empty(columns: number, text: string): SafeHtml {
  return html`<tr><td colspan="${columns}" class="muted">${text}</td></tr>`
}

function offsetText(seconds: number): string {
  if (seconds === 0) return 'real time'
  return `${seconds > 0 ? '+' : '−'}${Math.abs(seconds)} s from real time`
}

function renderServer(view: DashboardView): SafeHtml {
  return html`<section class="card" id="server"><h2>Server <span class="badge ok" id="live">live</span></h2><dl class="fields">
<dt>API</dt><dd><code>${view.endpoints.api}</code></dd>
<dt>OAuth</dt><dd><code>${view.endpoints.oauth}</code></dd>
<dt>Links</dt><dd><code>${view.endpoints.links}</code></dd>
<dt>Server time</dt><dd><time datetime="${view.serverTime}">${isoText(view.serverTime)}</time></dd>
<dt>Clock offset</dt><dd id="clock-offset" data-seconds="${view.clockOffsetSeconds}">${offsetText(view.clockOffsetSeconds)}</dd>
</dl></section>`
}

/** What the edit form changes (docs/protocol.md §10 PATCH body), as the form fills itself from. */
const editable = (app: RefApplication): ApplicationSettings => ({
  webhookUrl: app.webhookUrl,
  redirectUris: app.redirectUris,
  xapp: app.xapp ?? null,
})

function renderApplications(view: DashboardView): SafeHtml {
  const apps = view.applications.map(
    (
      app,
    ) => html`<div class="item" data-application="${app.uuid}" data-settings="${JSON.stringify(editable(app))}"><h3>${app.name}</h3><dl class="fields">
<dt>API key</dt><dd><code class="secret">${app.apiKey}</code></dd>
<dt>API secret</dt><dd><code class="secret">${app.apiSecret}</code></dd>
<dt>Webhook URL</dt><dd>${app.webhookUrl ? html`<code>${app.webhookUrl}</code>` : html`<span class="muted">none</span>`}</dd>
<dt>Redirect URIs</dt><dd>${app.redirectUris.length ? app.redirectUris.map((uri) => html`<code>${uri}</code><br>`) : html`<span class="muted">none</span>`}</dd>
<dt>Permissions</dt><dd>${app.permissions.length ? app.permissions.join(', ') : html`<span class="muted">none</span>`}</dd>
<dt>xApp URL</dt><dd>${app.xapp ? html`<code>${app.xapp.url}</code>` : html`<span class="muted">none</span>`}</dd>
</dl></div>`,
  )
  return html`<section class="card" id="applications"><h2>Applications</h2>
<p class="muted">Credentials are shown because this is a local development server.</p>
${apps.length ? apps : html`<p class="muted">No applications.</p>`}</section>`
}

function balanceText(drops: string | null | undefined, asset: string): string {
  const parsed = parseDrops(drops)
  return parsed === null ? '–' : `${dropsToUnits(parsed)} ${asset}`
}

function renderUsers(view: DashboardView): SafeHtml {
  const head = html`<tr><th>Account</th>${view.networks.map((n) => html`<th>${n.name}</th>`)}</tr>`
  const users = view.users.map((user) => {
    const rows = user.accounts.map(
      (account) =>
        html`<tr data-account="${account.address}"><td><code>${account.address}</code><br><span class="muted">${account.algorithm}</span></td>${view.networks.map(
          (n) =>
            html`<td class="amount" data-network="${n.key}">${balanceText(account.balances[n.key], n.nativeAsset)}</td>`,
        )}</tr>`,
    )
    return html`<div class="item" data-user="${user.uuid}"><h3>${user.name}</h3>
<p class="muted">KYC ${user.kyc ?? 'NONE'} · <code>${user.uuid}</code></p>
<div class="table-wrap"><table>${head}${rows.length ? rows : empty(view.networks.length + 1, 'No accounts.')}</table></div></div>`
  })
  return html`<section class="card" id="users"><h2>Users</h2>${users.length ? users : html`<p class="muted">No users.</p>`}</section>`
}

function renderPayloads(view: DashboardView): SafeHtml {
  const rows = view.payloads.map(
    (p) => html`<tr data-payload="${p.uuid}" data-state="${p.state}">
<td>${payloadLink(p.uuid)}${p.instruction ? html`<br><span class="muted note" title="${p.instruction}">${p.instruction}</span>` : ''}</td>
<td class="row-actions">${isActionable(p.state) ? html`<button type="button" class="sign" data-act="sign" data-payload="${p.uuid}">Sign</button><button type="button" class="reject" data-act="reject" data-payload="${p.uuid}">Reject</button>` : ''}</td>
<td>${p.application}</td><td>${p.txType}${p.preflight ? html`<br><span class="badge fail preflight" title="${p.preflight.message}">${p.preflight.result}</span>` : ''}</td>
<td><span class="badge ${p.state}">${STATE_LABELS[p.state]}</span></td>
<td>${isoText(p.createdAt)}<br><span class="muted">expires ${isoText(p.expiresAt)}</span></td>
<td>${p.txid ? html`<code class="txid">${p.txid}</code>` : ''}${p.account ? html`<br><span class="muted">${p.account}</span>` : ''}${p.identifier ? html`<br><span class="muted">id ${p.identifier}</span>` : ''}</td>
</tr>`,
  )
  // The total always shows, so a glance tells whether anything was stored.
  const count = html`<p class="muted" id="payload-count">${
    view.payloadCount > view.payloads.length
      ? `The newest ${view.payloads.length} of ${view.payloadCount}.`
      : `${view.payloadCount} ${view.payloadCount === 1 ? 'payload' : 'payloads'}.`
  }</p>`
  return html`<section class="card" id="payloads"><h2>Payloads</h2>${count}<div class="table-wrap"><table>
<tr><th>Payload</th><th>Answer</th><th>Application</th><th>Type</th><th>State</th><th>Created</th><th>Result</th></tr>
${rows.length ? rows : empty(7, 'No payloads yet.')}</table></div></section>`
}

function renderWebhooks(view: DashboardView): SafeHtml {
  const rows = view.webhooks.map(
    (a) => html`<tr data-webhook="${a.payload_uuidv4}" data-attempt="${a.attempt}">
<td>${payloadLink(a.payload_uuidv4)}</td><td>${a.attempt}</td>
<td>${isoText(a.at)}</td><td>${a.status ?? '–'}</td>
<td><span class="badge ${a.ok ? 'ok' : 'fail'}">${a.ok ? 'delivered' : 'failed'}</span>${a.error ? html`<br><span class="muted">${a.error}</span>` : ''}</td>
</tr>`,
  )
  return html`<section class="card" id="webhooks"><h2>Webhook deliveries</h2><div class="table-wrap"><table>
<tr><th>Payload</th><th>Attempt</th><th>At</th><th>HTTP</th><th>Outcome</th></tr>
${rows.length ? rows : empty(5, 'No deliveries yet.')}</table></div></section>`
}

/**
 * The dashboard's live sections (the contents of `<main>`): each a `<section id>` the script
 * swaps when it changed.
 */
export function renderDashboardMain(view: DashboardView): SafeHtml {
  return html`${renderServer(view)}${renderApplications(view)}${renderXapps(view)}${renderUsers(view)}${renderHoldings(view.holdings ?? [])}${renderAutopilot(view)}${renderPayloads(view)}${renderSignIns(view.signIns)}${renderWebhooks(view)}${renderLedgers(view.ledgers ?? [])}`
}

/**
 * The dashboard at `/`: the actions card (answer payloads as a user, move the clock, reset, add a
 * user or an application, all through the control API), the server with its clock offset,
 * applications with their credentials, users with their accounts and balances per network,
 * payloads with live state, every webhook delivery attempt, and each network's node with its newest
 * closed ledgers and transactions. It polls
 * {@link DASHBOARD_LIVE_PATH} about every second; the actions card is not polled, so what is
 * typed there stays.
 */
export function renderDashboard(view: DashboardView): string {
  return renderShell({
    title: 'Dashboard',
    active: 'dashboard',
    main: html`${renderDashboardActions(view)}${renderDashboardMain(view)}`,
    data: { livePath: DASHBOARD_LIVE_PATH, intervalMs: 1000 } satisfies DashboardData,
    script: DASHBOARD_SCRIPT,
    // wider than the other pages: at 1280 px every table shows all its columns
    mainClass: 'dashboard',
  })
}

import { html, type SafeHtml } from '../common/safe-html'
import type { DashboardView } from './dashboard-page'

/** The redirect URIs and xApp URL fields of the add and edit application forms. */
const APPLICATION_LINK_FIELDS = (prefix: string): SafeHtml =>
  html`<label>Redirect URIs (one a line, optional)<textarea id="${prefix}-redirect-uris" name="redirectUris" rows="2" spellcheck="false" placeholder="http://127.0.0.1:3000/callback"></textarea></label>
<label>xApp URL (optional: an http(s) URL or a path here, /__ref/demo-xapp)<input id="${prefix}-xapp" name="xappUrl" autocomplete="off" spellcheck="false" inputmode="url"></label>`

/**
 * The dashboard's actions card: who answers payloads (the Sign and Reject buttons of the payload
 * rows act as this user), an autopilot rule to switch on, moving the server clock, adding a user
 * or an application (with its redirect URIs and xApp URL), editing an application's webhook,
 * redirect URIs and xApp, and reset.
 * Each form posts to the control API (docs/protocol.md §10) from the page's script; the card is
 * rendered once and never polled, so what is typed in it stays while the sections below update.
 *
 * @example
 * ```ts
 * const card = renderDashboardActions(view).value // '<section class="card" id="actions">…'
 * ```
 */
export function renderDashboardActions(view: DashboardView): SafeHtml {
  const users = view.users.map((user) => html`<option value="${user.uuid}">${user.name}</option>`)
  const apps = view.applications.map(
    (app) => html`<option value="${app.uuid}">${app.name}</option>`,
  )
  return html`<section class="card" id="actions"><h2>Actions</h2>
<form class="inline" id="act-as"><label>Answer payloads as<select id="act-user" name="user">${users}</select></label></form>
<form class="inline" id="autopilot-on"><label>Autopilot: answer as<select id="autopilot-user" name="user">${users}</select></label><label>Answer<select id="autopilot-answer" name="answer"><option value="sign">sign</option><option value="reject">reject</option></select></label><label>After (ms)<input id="autopilot-after" name="afterMs" type="number" min="0" max="60000" step="1" value="500" required></label><label>Application<select id="autopilot-application" name="application"><option value="">any</option>${apps}</select></label><label>Type (optional)<input id="autopilot-type" name="txType" placeholder="SignIn" maxlength="64" autocomplete="off"></label><button type="submit">Switch on</button></form>
<form class="inline" id="advance-clock"><label>Advance the clock by (seconds)<input id="advance-seconds" name="seconds" type="number" min="1" step="1" value="3600" required></label><button type="submit">Advance</button></form>
<form class="inline" id="add-user"><label>New user's name<input id="user-name" name="name" required maxlength="100" autocomplete="off"></label><button type="submit">Add user</button></form>
<form class="inline" id="add-application"><label>New application's name<input id="application-name" name="name" required maxlength="100" autocomplete="off"></label><label>Webhook URL (optional)<input id="application-webhook" name="webhookUrl" type="url" placeholder="http://127.0.0.1:3000/webhook" autocomplete="off"></label>
${APPLICATION_LINK_FIELDS('application')}<button type="submit">Add application</button></form>
<form class="inline" id="edit-application"><label>Edit application<select id="edit-application-uuid" name="uuid">${apps}</select></label><label>Webhook URL (empty: none)<input id="edit-application-webhook" name="webhookUrl" type="url" autocomplete="off"></label>
${APPLICATION_LINK_FIELDS('edit-application')}<button type="submit">Save application</button></form>
<form class="inline" id="reset"><p class="muted">Back to the start fixtures: every payload, token, webhook and ledger entry is forgotten.</p><button type="submit" class="reject">Reset</button></form>
<p id="action-result" role="status" aria-live="polite"></p>
</section>`
}

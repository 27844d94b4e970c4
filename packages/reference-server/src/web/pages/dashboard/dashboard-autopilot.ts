import { html, type SafeHtml } from '../common/safe-html'
import { isoText, payloadLink } from './dashboard-cells'
import type { DashboardView } from './dashboard-page'

/**
 * The dashboard's autopilot section (docs/protocol.md §10 `/__ref/autopilot`): each rule with a
 * button that switches it off or on again (the page's script posts it with `enabled` flipped),
 * "All off", and what the autopilot did lately, skipped payloads with the wallet's reason.
 */
export function renderAutopilot(view: DashboardView): SafeHtml {
  const userName = (uuid: string) => view.users.find((u) => u.uuid === uuid)?.name ?? uuid
  const appName = (uuid: string | null) =>
    uuid === null ? 'any' : (view.applications.find((a) => a.uuid === uuid)?.name ?? uuid)
  const rules = view.autopilot.map(
    (
      rule,
    ) => html`<tr data-autopilot="${rule.application ?? '*'} ${rule.txType ?? '*'}" data-enabled="${String(rule.enabled)}">
<td>${userName(rule.user)}</td><td>${rule.answer}</td><td>${rule.afterMs} ms</td>
<td>${appName(rule.application)}</td><td>${rule.txType ?? 'any'}</td>
<td><span class="badge ${rule.enabled ? 'ok' : 'pending'}">${rule.enabled ? 'on' : 'off'}</span></td>
<td class="row-actions"><button type="button" data-autopilot-rule="${JSON.stringify(rule)}">${rule.enabled ? 'Switch off' : 'Switch on'}</button></td>
</tr>`,
  )
  const log = view.autopilotLog.map(
    (entry) => html`<tr data-autopilot-entry="${entry.payload}" data-outcome="${entry.outcome}">
<td>${isoText(entry.at)}</td><td>${payloadLink(entry.payload)}</td>
<td>${userName(entry.user)}</td>
<td><span class="badge ${entry.outcome === 'skipped' ? 'fail' : entry.outcome}">${entry.outcome}</span>${entry.reason ? html`<br><span class="muted">${entry.reason}</span>` : ''}</td>
</tr>`,
  )
  return html`<section class="card" id="autopilot"><h2>Wallet autopilot</h2>
<p class="muted">Every new payload a rule matches is opened and answered as its user, after its delay; the most specific rule answers.</p>
${
  rules.length
    ? html`<div class="table-wrap"><table>
<tr><th>User</th><th>Answer</th><th>After</th><th>Application</th><th>Type</th><th>State</th><th></th></tr>
${rules}</table></div><button type="button" class="reject" data-autopilot-clear>All off</button>`
    : html`<p class="muted">No rules: payloads wait for an answer.</p>`
}
${
  log.length
    ? html`<h3>Latest answers</h3><div class="table-wrap"><table>
<tr><th>At</th><th>Payload</th><th>User</th><th>Outcome</th></tr>${log}</table></div>`
    : ''
}</section>`
}

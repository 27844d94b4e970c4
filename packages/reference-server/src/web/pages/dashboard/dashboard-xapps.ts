import { html, type SafeHtml } from '../common/safe-html'
import type { DashboardView } from './dashboard-page'

/**
 * The dashboard's xApps section: each application with an xApp (its URL, sandbox, debug
 * devices) and a Launch button per user, a plain form posting to `/__ref/xapp-host`, which
 * launches (docs/protocol.md §10) and opens the host simulator page (§7.2).
 */
export function renderXapps(view: DashboardView): SafeHtml {
  const apps = view.applications.flatMap((app) => {
    if (!app.xapp) return []
    const xapp = app.xapp
    const launches = view.users.map(
      (user) => html`<form method="post" action="/__ref/xapp-host" class="launch">
<input type="hidden" name="application" value="${app.uuid}"><input type="hidden" name="user" value="${user.uuid}">
<button type="submit" aria-label="Launch ${app.name} as ${user.name}">Launch</button> <span>${user.name}</span></form>`,
    )
    return [
      html`<div class="item" data-xapp="${app.uuid}"><h3>${app.name}</h3><dl class="fields">
<dt>URL</dt><dd><code>${xapp.url}</code></dd>
<dt>Sandbox</dt><dd>${xapp.sandbox ? 'yes: only its developer, on its debug devices' : 'no'}</dd>
<dt>Debug devices</dt><dd>${xapp.devices?.length ? xapp.devices.join(', ') : html`<span class="muted">none</span>`}</dd>
</dl><div class="buttons">${launches.length ? launches : html`<p class="muted">No users.</p>`}</div></div>`,
    ]
  })
  return html`<section class="card" id="xapps"><h2>xApps</h2>
<p class="muted">Launch opens the xApp in the host simulator, as that user's wallet would.</p>
${apps.length ? apps : html`<p class="muted">No application has an xApp.</p>`}</section>`
}

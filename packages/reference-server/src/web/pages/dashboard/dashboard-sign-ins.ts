import type { OAuthProvider } from '../../../identity'
import type { PayloadRequests } from '../../../platform'
import { html, type SafeHtml } from '../common/safe-html'
import { type PayloadState, payloadState, STATE_LABELS } from '../sign/payload-state'

/**
 * One browser sign-in (docs/protocol.md §7.1) as the dashboard lists it.
 *
 * @example
 * ```ts
 * const [newest]: DashboardSignIn[] = dashboardSignIns(platform.identity.oauth, platform.payloads)
 * ```
 */
export interface DashboardSignIn {
  payloadUuid: string
  application: string
  /** `code + PKCE`, `code` (client secret) or `implicit`. */
  flow: string
  /** `popup` (scope XummPkce) or `redirect`. */
  mode: 'popup' | 'redirect'
  redirectUri: string
  scope: string
  /** The SignIn payload's state. */
  state: PayloadState
  /** The account that signed in, once signed. */
  account: string | null
  /** ISO 8601. */
  at: string
}

/** How many sign-ins the dashboard lists, newest first. */
const DASHBOARD_SIGN_IN_LIMIT = 50

/**
 * The newest browser sign-ins, from the provider's sessions and their SignIn payloads.
 *
 * @example
 * ```ts
 * const rows = dashboardSignIns(platform.identity.oauth, platform.payloads)
 * ```
 */
export function dashboardSignIns(
  oauth: OAuthProvider,
  payloads: Pick<PayloadRequests, 'record'>,
): DashboardSignIn[] {
  return oauth.recent(DASHBOARD_SIGN_IN_LIMIT).flatMap((session) => {
    const { request } = session
    let record: ReturnType<PayloadRequests['record']>
    try {
      record = payloads.record(session.payloadUuid)
    } catch {
      return [] // forgotten by payload retention
    }
    return [
      {
        payloadUuid: session.payloadUuid,
        application: request.app.name,
        flow:
          request.responseType === 'token'
            ? 'implicit'
            : request.codeChallenge === null
              ? 'code'
              : 'code + PKCE',
        mode: request.popup ? 'popup' : 'redirect',
        redirectUri: request.redirectUri,
        scope: request.scope,
        state: payloadState(record.meta),
        account: record.response.account,
        at: new Date(session.createdAt).toISOString(),
      },
    ]
  })
}

/**
 * The dashboard's "Sign-ins" section: every browser sign-in through the OAuth provider, with its
 * flow, where it returns to and who signed in. A signed one issued a user token (§6).
 *
 * @example
 * ```ts
 * html`${renderSignIns(view.signIns)}`
 * ```
 */
export function renderSignIns(signIns: DashboardSignIn[]): SafeHtml {
  const rows = signIns.map(
    (s) => html`<tr data-sign-in="${s.payloadUuid}" data-state="${s.state}">
<td><a href="/sign/${s.payloadUuid}" title="${s.payloadUuid}"><code>${s.payloadUuid.slice(0, 8)}…</code></a></td>
<td>${s.application}</td><td>${s.flow}<br><span class="muted">${s.mode}${s.scope ? html` · ${s.scope}` : ''}</span></td>
<td><code>${s.redirectUri}</code></td>
<td><span class="badge ${s.state}">${STATE_LABELS[s.state]}</span>${s.account ? html`<br><code>${s.account}</code>` : ''}</td>
<td>${s.at.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}</td>
</tr>`,
  )
  return html`<section class="card" id="sign-ins"><h2>Sign-ins</h2><div class="table-wrap"><table>
<tr><th>SignIn payload</th><th>Application</th><th>Flow</th><th>Returns to</th><th>Outcome</th><th>Started</th></tr>
${rows.length ? rows : html`<tr><td colspan="6" class="muted">No browser sign-ins yet.</td></tr>`}</table></div></section>`
}

import type { XappStyle } from 'pullsign/wire'
import { UUID_SOURCE } from '../../../platform/ids'
import { XAPP_HOST_SCRIPT } from '../../page-scripts.gen'
import type { XappHostData } from '../../scripts/xapp-host'
import { renderShell } from '../common/page-shell'
import { html, SafeHtml } from '../common/safe-html'
import type { SignPageNetwork } from '../sign/sign-page'

/** Everything the xApp host simulator page shows, as plain data. */
export interface XappHostView {
  appName: string
  /** The xApp URL with `xAppToken` and `xAppStyle` (what the frame opens). */
  url: string
  /** The xApp URL's origin: the only sender the page listens to, and what it may frame. */
  xappOrigin: string
  style: XappStyle
  user: { uuid: string; name: string }
  account: string
  /** The network the wallet is on (the context's `nodetype`). */
  network: string
  networks: readonly SignPageNetwork[]
  /** The launched application's uuid (the Launch again form). */
  application: string
  /** Why the platform refuses this launch's OTT now (docs/protocol.md §7.2), or null. */
  refused: 'used' | 'expired' | null
}

const REFUSALS = {
  used: "The platform refuses this launch's one-time token: it was already exchanged (an OTT works once), so the xApp cannot sign in again. Launch again for a new one.",
  expired:
    "The platform refuses this launch's one-time token: it expired (an OTT works for 60 seconds). Launch again for a new one.",
} as const

// The wallet's colours per `xAppStyle` (§7.2), on the whole page (its variables on the root, so
// the body, the navigation and the cards all take them), not only around the frame.
const HOST_STYLES = `
[hidden]{display:none!important}
:root:has(div.xapp-host[data-style=LIGHT]){--bg:#f4f5f7;--card:#fff;--text:#1b1d21;--muted:#5f6670;--line:#dde0e5;color-scheme:light}
:root:has(div.xapp-host[data-style=DARK]){--bg:#000;--card:#16181c;--text:#f2f3f5;--muted:#a0a7b2;--line:#2d323b;color-scheme:dark}
:root:has(div.xapp-host[data-style=MOONLIGHT]){--bg:#181a21;--card:#22252f;--text:#eceef3;--muted:#a3a9b8;--line:#343846;color-scheme:dark}
:root:has(div.xapp-host[data-style=ROYAL]){--bg:#030b36;--card:#0b1650;--text:#f1f3ff;--muted:#a9b3e6;--line:#24307a;color-scheme:dark}
.host-grid{display:grid;gap:1rem}
@media (min-width:52rem){.host-grid{grid-template-columns:minmax(0,24rem) minmax(0,1fr);align-items:start}}
.phone{border:1px solid var(--line);border-radius:1.2rem;overflow:hidden;background:#fff}
.phone iframe{display:block;width:100%;height:min(70vh,40rem);border:0}
form.host,div.host{display:grid;gap:.6rem;margin:.6rem 0}
input{font:inherit;padding:.5rem .6rem;border-radius:.45rem;border:1px solid var(--line);background:var(--card);color:var(--text);width:100%}
#log{list-style:none;padding:0;margin:0;max-height:24rem;overflow:auto}
#log li{border-top:1px solid var(--line);padding:.35rem 0;overflow-wrap:anywhere;font-size:.9rem}
#log .kind{display:inline-block;min-width:5.5rem;color:var(--muted)}
#error,#refused{color:var(--bad)}
`

/**
 * The content security policy of the host page: its one script, calls to this server only, and
 * frames from the xApp's origin only (the shared page policy allows no frames at all).
 *
 * @example
 * ```ts
 * htmlResponse(renderXappHostPage(view), 200, xappHostPolicy(view.xappOrigin))
 * ```
 */
export function xappHostPolicy(xappOrigin: string): string {
  return [
    "default-src 'none'",
    `script-src ${XAPP_HOST_SCRIPT.hash}`,
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${xappOrigin}`,
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * The xApp host simulator at `{api}/__ref/xapp-host/{ott}` (docs/protocol.md §7.2 Details): the
 * xApp in a phone-sized frame, the wallet's answers as buttons whose names say what they do, and
 * a log of every command, answer and event. The script answers the bridge.
 *
 * @example
 * ```ts
 * return htmlResponse(renderXappHostPage(view), 200, xappHostPolicy(view.xappOrigin))
 * ```
 */
export function renderXappHostPage(view: XappHostView): string {
  const networks = view.networks.map(
    (n) =>
      html`<option value="${n.key}"${n.key === view.network ? html` selected` : ''}>${n.name}</option>`,
  )
  const main = html`<style>${new SafeHtml(HOST_STYLES)}</style>
<div class="xapp-host host-grid" data-style="${view.style}">
<section class="card" id="device"><h1>${view.appName}</h1>
<p class="muted">xApp host simulator · ${view.user.name} · <code>${view.account}</code> · ${view.network} · style ${view.style}</p>
<div class="phone"><iframe id="xapp" title="xApp ${view.appName}" src="${view.url}" sandbox="allow-scripts allow-same-origin allow-forms"></iframe></div>
<p id="closed" role="status" hidden></p>
${view.refused ? html`<p id="refused" role="alert" data-refusal="${view.refused}">${REFUSALS[view.refused]}</p>` : ''}
<form method="post" action="/__ref/xapp-host" id="again"${view.refused ? '' : html` hidden`}>
<input type="hidden" name="application" value="${view.application}"><input type="hidden" name="user" value="${view.user.uuid}">
<input type="hidden" name="account" value="${view.account}"><input type="hidden" name="style" value="${view.style}">
<div class="buttons"><button type="submit">Launch again</button></div></form>
</section>
<div>
<section class="card" id="wallet"><h2>Wallet</h2>
<p id="error" role="alert" hidden></p>
<div class="host" id="request" hidden><p>Sign request <code id="request-uuid"></code></p>
<div class="buttons"><button type="button" class="sign" id="sign">Sign</button><button type="button" class="reject" id="reject">Reject</button></div></div>
<form class="host" id="scan" hidden><label>QR contents<input id="qr" autocomplete="off"></label>
<div class="buttons"><button type="submit">Scan</button><button type="button" id="scan-close">Close scanner</button></div></form>
<form class="host" id="destination" hidden><label>Destination address<input id="address" autocomplete="off" spellcheck="false"></label>
<label>Destination tag (optional)<input id="tag" inputmode="numeric" autocomplete="off"></label>
<label>Name (optional)<input id="name" autocomplete="off"></label>
<div class="buttons"><button type="submit">Select destination</button><button type="button" id="destination-close">Close destination picker</button></div></form>
<form class="host" id="network-form"><label>Network<select id="network">${networks}</select></label>
<div class="buttons"><button type="submit">Switch network</button><button type="button" class="reject" id="close">Close xApp</button></div></form>
</section>
<section class="card" id="bridge"><h2>Bridge log</h2><p class="muted">Commands from the xApp, the wallet's answers, events; the newest at the bottom, kept in view.</p>
<ol id="log" aria-live="polite"></ol></section>
</div></div>`
  return renderShell({
    title: `xApp ${view.appName}`,
    active: null,
    main,
    data: {
      xappOrigin: view.xappOrigin,
      user: view.user.uuid,
      account: view.account,
      uuidSource: UUID_SOURCE,
    } satisfies XappHostData,
    script: XAPP_HOST_SCRIPT,
  })
}

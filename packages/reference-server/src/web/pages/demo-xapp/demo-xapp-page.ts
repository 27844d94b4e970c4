import { DEMO_XAPP_PATH } from '../../../control-api-types'
import { DEMO_XAPP_SCRIPT } from '../../page-scripts.gen'
import type { DemoXappData } from '../../scripts/demo-xapp'
import { renderShell } from '../common/page-shell'
import { html } from '../common/safe-html'

/** Where the demo xApp page loads the script-tag SDK from: a file of this server (same origin). */
export const SCRIPT_TAG_SDK_PATH = `${DEMO_XAPP_PATH}/pullsign.iife.js`

/**
 * The demo xApp's content security policy: the script-tag SDK from this server and the page's
 * own script by hash, calls to this server only, framed by this server's host simulator only.
 *
 * @example
 * ```ts
 * htmlResponse(renderDemoXappPage(data), 200, DEMO_XAPP_POLICY)
 * ```
 */
export const DEMO_XAPP_POLICY = [
  "default-src 'none'",
  `script-src 'self' ${DEMO_XAPP_SCRIPT.hash}`,
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ')

/**
 * The demo xApp at `{api}/__ref/demo-xapp` (docs/protocol.md §10): a small page on the script-tag
 * SDK that shows its launch context (user, account, network) and opens a SignIn sign request.
 *
 * @example
 * ```ts
 * return htmlResponse(renderDemoXappPage({ api, apiKey: app.apiKey }), 200, DEMO_XAPP_POLICY)
 * ```
 */
export function renderDemoXappPage(data: DemoXappData): string {
  const main = html`<section class="card" id="demo"><h1>Demo xApp</h1>
<p id="status" role="status">Starting…</p>
<dl class="fields" id="context">
<dt>Application</dt><dd id="context-application"></dd>
<dt>User</dt><dd><code id="context-user"></code></dd>
<dt>Account</dt><dd><code id="context-account"></code></dd>
<dt>Network</dt><dd id="context-network"></dd>
<dt>Style</dt><dd id="context-style"></dd>
</dl></section>
<section class="card"><h2>Sign in</h2>
<p class="muted">Creates a SignIn sign request with the xApp's JWT and asks the wallet to open it.</p>
<div class="buttons"><button type="button" class="sign" id="sign-in" disabled>Sign in</button></div>
<p id="outcome" role="status" aria-live="polite"></p></section>
<script src="${data.api}${SCRIPT_TAG_SDK_PATH}"></script>`
  return renderShell({
    title: 'Demo xApp',
    active: null,
    main,
    data,
    script: DEMO_XAPP_SCRIPT,
  })
}

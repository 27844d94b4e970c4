import { OAUTH_RETURN_SCRIPT } from '../../page-scripts.gen'
import type { OAuthReturnData } from '../../scripts/oauth-return'
import { renderShell } from '../common/page-shell'
import { html } from '../common/safe-html'

/**
 * What the popup return page posts and where (docs/protocol.md §7.1 popup mode).
 *
 * @example
 * ```ts
 * renderOAuthReturnPage({ message, targetOrigin: 'https://shop.example', fullRedirectUri, rejected: false })
 * ```
 */
export interface OAuthReturnView {
  /** The message, already one JSON string (`{"source": …, "options": {…}}`). */
  message: string
  /** The redirect URI's origin, or null when it has none (a custom scheme): then it navigates. */
  targetOrigin: string | null
  fullRedirectUri: string
  rejected: boolean
}

/**
 * The `/signin` page of a popup sign-in: its script posts the result to the opener, or navigates
 * to `full_redirect_uri` when there is none. The link is there for a person whose browser runs no
 * script.
 *
 * @example
 * ```ts
 * renderOAuthReturnPage({ message, targetOrigin: 'https://shop.example', fullRedirectUri, rejected: false })
 * ```
 */
export function renderOAuthReturnPage(view: OAuthReturnView): string {
  return renderShell({
    title: view.rejected ? 'Sign-in refused' : 'Signed in',
    active: null,
    main: html`<section class="card" id="oauth-return">
<h1>${view.rejected ? 'Sign-in refused' : 'Signed in'}</h1>
<p>Returning to the application… <a href="${view.fullRedirectUri}">continue</a></p>
</section>`,
    data: {
      message: view.message,
      targetOrigin: view.targetOrigin,
      fullRedirectUri: view.fullRedirectUri,
    } satisfies OAuthReturnData,
    script: OAUTH_RETURN_SCRIPT,
  })
}

import { OAUTH_REFUSAL_SCRIPT } from '../../page-scripts.gen'
import type { OAuthRefusalData } from '../../scripts/oauth-refusal'
import { renderShell } from '../common/page-shell'
import { html } from '../common/safe-html'

/**
 * What {@link renderOAuthMessagePage} shows.
 *
 * @example
 * ```ts
 * const view: OAuthMessageView = { title: 'Waiting', error: null, description: 'Not answered yet.', link: null }
 * ```
 */
export interface OAuthMessageView {
  title: string
  /** The OAuth `error` code, or null for a page that is not an error. */
  error: string | null
  description: string
  /** A link onwards (e.g. back to the sign page), or null. */
  link: { href: string; label: string } | null
  /** The `redirect_uri` the request sent, shown as sent (a refusal of `/auth`); absent: none. */
  redirectUri?: string | null
}

/**
 * The message a refusal page posts to its opener (docs/protocol.md §7.1, **[ours]**): one JSON
 * string with the page's own error code and text, nothing else.
 */
const refusalMessage = (error: string, description: string): string =>
  JSON.stringify({ source: 'pullsign_sign_in_refused', error, error_description: description })

/**
 * The small page the OAuth provider answers a person with (docs/protocol.md §7.1 "Error body by
 * audience"): the same `error` and `error_description` a program gets as JSON, for someone
 * looking at a popup, with the redirect URI that was sent; also the page `/signin` shows while
 * the sign request is still open. A refusal tells a waiting opener at once (`postMessage` of
 * `{"source":"pullsign_sign_in_refused",…}`), so a popup sign-in fails instead of hanging.
 *
 * @example
 * ```ts
 * renderOAuthMessagePage({ title: 'Sign-in refused', error: 'invalid_client', description: 'client_id is not a known application', link: null })
 * ```
 */
export function renderOAuthMessagePage(view: OAuthMessageView): string {
  const sent =
    typeof view.redirectUri === 'string'
      ? html`<p>Redirect URI sent: <code id="oauth-redirect-uri">${view.redirectUri}</code></p>`
      : ''
  return renderShell({
    title: view.title,
    active: null,
    main: html`<section class="card" id="oauth-message"${view.error ? html` data-error="${view.error}"` : ''}>
<h1>${view.title}</h1>
${view.error ? html`<p><code id="oauth-error">${view.error}</code></p>` : ''}
<p id="oauth-description">${view.description}</p>
${sent}${view.link ? html`<p><a href="${view.link.href}">${view.link.label}</a></p>` : ''}
</section>`,
    ...(view.error
      ? {
          data: {
            message: refusalMessage(view.error, view.description),
          } satisfies OAuthRefusalData,
          script: OAUTH_REFUSAL_SCRIPT,
        }
      : {}),
  })
}

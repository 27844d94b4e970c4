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
}

/**
 * The small page the OAuth provider answers a person with (docs/protocol.md §7.1 "Error body by
 * audience"): the same `error` and `error_description` a program gets as JSON, for someone
 * looking at a popup; also the page `/signin` shows while the sign request is still open.
 *
 * @example
 * ```ts
 * renderOAuthMessagePage({ title: 'Sign-in refused', error: 'invalid_client', description: 'client_id is not a known application', link: null })
 * ```
 */
export function renderOAuthMessagePage(view: OAuthMessageView): string {
  return renderShell({
    title: view.title,
    active: null,
    main: html`<section class="card" id="oauth-message"${view.error ? html` data-error="${view.error}"` : ''}>
<h1>${view.title}</h1>
${view.error ? html`<p><code id="oauth-error">${view.error}</code></p>` : ''}
<p id="oauth-description">${view.description}</p>
${view.link ? html`<p><a href="${view.link.href}">${view.link.label}</a></p>` : ''}
</section>`,
  })
}

import { renderShell } from './page-shell'
import { html } from './safe-html'

/**
 * The page for an unknown payload (or any unknown page): says what was asked for and where to go.
 */
export function renderNotFoundPage(view: { what: string; detail?: string }): string {
  return renderShell({
    title: 'Not found',
    active: null,
    main: html`<section class="card" id="not-found"><h1>Not found</h1>
<p>${view.what}</p>${view.detail ? html`<p class="muted">${view.detail}</p>` : ''}
<p><a href="/">Open the dashboard</a></p></section>`,
  })
}

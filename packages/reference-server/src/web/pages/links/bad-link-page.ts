import { renderShell } from '../common/page-shell'
import { html } from '../common/safe-html'

/**
 * The 400 page of a link that cannot be read: every problem, each naming its parameter
 * (docs/protocol.md §9.2).
 *
 * @example
 * ```ts
 * htmlResponse(renderBadLinkPage(['invoiceid must be 64 hex']), 400)
 * ```
 */
export function renderBadLinkPage(problems: readonly string[]): string {
  return renderShell({
    title: 'Bad link',
    active: null,
    main: html`<section class="card" id="bad-link"><h1>This link cannot be read</h1>
<ul id="problems">${problems.map((problem) => html`<li>${problem}</li>`)}</ul>
<p><a href="/">Open the dashboard</a></p></section>`,
  })
}

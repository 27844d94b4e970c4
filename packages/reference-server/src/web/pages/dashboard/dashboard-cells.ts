import { html, type SafeHtml } from '../common/safe-html'

/** An ISO 8601 time as the dashboard prints it: `2026-01-01 12:00:00 UTC`. */
export const isoText = (iso: string): string => iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC')

/** A payload's sign page link, its uuid cut to the first group (the whole uuid in the title). */
export function payloadLink(uuid: string): SafeHtml {
  return html`<a href="/sign/${uuid}" title="${uuid}"><code>${uuid.slice(0, 8)}…</code></a>`
}

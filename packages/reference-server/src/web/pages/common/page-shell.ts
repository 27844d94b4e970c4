import type { PageScript } from '../../page-script'
import { PAGE_STYLES } from './page-styles'
import { html, jsonForScript, SafeHtml } from './safe-html'

/** Pages that appear in the navigation; the OAuth and xApp pages join this list. */
export const NAV_ITEMS = Object.freeze([
  { key: 'dashboard', href: '/', label: 'Dashboard' },
] as const)

/** The key of a navigation entry. */
export type NavKey = (typeof NAV_ITEMS)[number]['key']

/** What {@link renderShell} wraps. */
export interface ShellOptions {
  title: string
  /** The navigation entry to mark as current, or null for pages outside the navigation. */
  active: NavKey | null
  main: SafeHtml
  /** Data for the page script, as an inert `application/json` block with id `page-data`. */
  data?: unknown
  /** The page script: bundled from src/web/scripts/, never built from request data. */
  script?: PageScript
  /** Extra class on `<main>` (layout variants). */
  mainClass?: string
}

/**
 * The document every page shares: head with the inline stylesheet, the navigation, `<main>`,
 * the page data and the page script.
 */
export function renderShell(options: ShellOptions): string {
  const nav = NAV_ITEMS.map(
    (item) =>
      html`<a href="${item.href}"${new SafeHtml(item.key === options.active ? ' aria-current="page"' : '')}>${item.label}</a>`,
  )
  const data =
    options.data === undefined
      ? ''
      : html`<script type="application/json" id="page-data">${jsonForScript(options.data)}</script>`
  const script = options.script ? html`<script>${new SafeHtml(options.script.source)}</script>` : ''
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${options.title} · pullsign reference server</title>
<style>${new SafeHtml(PAGE_STYLES)}</style>
</head>
<body>
<nav class="top"><span class="brand">pullsign reference server</span>${nav}</nav>
<main${options.mainClass ? html` class="${options.mainClass}"` : ''}>
${options.main}
</main>
${data}${script}
</body>
</html>
`.value
}

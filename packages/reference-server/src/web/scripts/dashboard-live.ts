import { readPageData } from './page-data'

/** The dashboard's data block (web/pages/dashboard/dashboard-page.ts). */
export interface DashboardData {
  /** The path serving the live sections as HTML. */
  livePath: string
  intervalMs: number
}

function setLive(text: string, ok: boolean): void {
  // looked up each time: the server section carrying it is swapped when it changes
  const live = document.getElementById('live')
  if (!live) return
  live.textContent = text
  live.className = `badge ${ok ? 'ok' : 'fail'}`
}

// A folded part the user opened (a network's amendments) stays open in the section that replaces
// it: its `open` is carried over by id before the two are compared.
function keepOpen(current: Element, next: Element): void {
  for (const details of current.querySelectorAll('details[open][id]')) {
    next.querySelector(`details[id="${CSS.escape(details.id)}"]`)?.setAttribute('open', '')
  }
}

function apply(main: HTMLElement, text: string): void {
  const doc = new DOMParser().parseFromString(`<main>${text}</main>`, 'text/html')
  for (const next of doc.querySelectorAll('main > section[id]')) {
    const current = document.getElementById(next.id)
    if (!current) {
      main.appendChild(document.importNode(next, true))
      continue
    }
    keepOpen(current, next)
    if (current.innerHTML !== next.innerHTML) current.replaceWith(document.importNode(next, true))
  }
}

/**
 * The dashboard's live sections: about every second it fetches the server-rendered sections and
 * swaps those that changed, so text stays selectable between changes (API credentials are copied
 * from here). Polling pauses while the tab is hidden. A `dashboard:refresh` event (an action was
 * taken) fetches at once; `dashboard:updated` follows every successful fetch.
 */
export function startDashboardLive(): void {
  const data = readPageData<DashboardData>()
  const main = document.querySelector('main')
  if (!main) return
  const refresh = async (): Promise<void> => {
    try {
      const res = await fetch(data.livePath, { headers: { accept: 'text/html' } })
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      apply(main, await res.text())
      setLive('live', true)
      document.body.setAttribute('data-refreshed', String(Date.now()))
      document.dispatchEvent(new Event('dashboard:updated'))
    } catch (error) {
      setLive(`offline (${(error as Error).message}), retrying…`, false)
    }
  }
  const poll = async (): Promise<void> => {
    if (!document.hidden) await refresh()
    setTimeout(poll, data.intervalMs)
  }
  document.addEventListener('dashboard:refresh', refresh)
  setTimeout(poll, data.intervalMs)
}

/**
 * The sign-in window as the page sees it (`window.open`'s result).
 *
 * @example
 * ```ts
 * const popup: PopupWindow | null = window.open(url, 'pullsign-sign-in')
 * ```
 */
export interface PopupWindow {
  readonly closed: boolean
  close(): void
}

/**
 * A `message` event as the popup flow reads it.
 *
 * @example
 * ```ts
 * const message: PageMessage = { origin: event.origin, data: event.data, source: event.source }
 * ```
 */
export interface PageMessage {
  origin: string
  data: unknown
  source: unknown
}

/**
 * The page seam: everything the browser runtime does to the page it runs in. `windowPage()` is
 * the real one; tests pass their own.
 *
 * @example
 * ```ts
 * const page: PageSeam = windowPage()
 * page.replaceUrl(cleanRedirectUrl(page.href()))
 * ```
 */
export interface PageSeam {
  href(): string
  /** Replaces the address bar's URL without a navigation or a history entry. */
  replaceUrl(href: string): void
  /** Leaves the page for another URL (a full-redirect sign-in). */
  navigate(href: string): void
  /** Opens the sign-in window; `null` when the browser blocked it. */
  openPopup(url: string): PopupWindow | null
  /** Listens to `message` events; returns the function that stops listening. */
  onMessage(listener: (message: PageMessage) => void): () => void
}

const POPUP_FEATURES = 'popup,width=480,height=720'

/**
 * The page seam over the real `window`. Touches `window` only when called, so importing the SDK
 * under SSR never does.
 *
 * @example
 * ```ts
 * const page = windowPage()
 * console.log(page.href())
 * ```
 */
export function windowPage(): PageSeam {
  return {
    href: () => window.location.href,
    replaceUrl: (href) => window.history.replaceState(window.history.state, '', href),
    navigate: (href) => window.location.assign(href),
    openPopup: (url) => window.open(url, 'pullsign-sign-in', POPUP_FEATURES),
    onMessage: (listener) => {
      const handler = (event: MessageEvent) =>
        listener({ origin: event.origin, data: event.data, source: event.source })
      window.addEventListener('message', handler)
      return () => window.removeEventListener('message', handler)
    },
  }
}

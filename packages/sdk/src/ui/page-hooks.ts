/**
 * What a sign request needs from the page to notice the person coming back from the wallet: the
 * page's URL (a `return_url` carrying the uuid), the page becoming visible again, and a channel to
 * the page's other tabs. {@link browserPage} is the page's own; tests and other hosts give theirs.
 *
 * @example
 * ```ts
 * const page: PageHooks = { href: () => 'https://shop.example/pay', onVisible: () => () => {}, channel: () => null }
 * ```
 */
export interface PageHooks {
  /** The page's URL now. */
  href(): string
  /** Calls `callback` whenever the page becomes visible again; returns the function that stops. */
  onVisible(callback: () => void): () => void
  /**
   * Opens the channel to the page's other tabs (same origin), calling `onMessage` with what they
   * post (any value: the caller checks it); `null` where there is none.
   */
  channel(onMessage: (data: unknown) => void): { post(data: unknown): void; close(): void } | null
}

interface PageGlobals {
  document?: {
    visibilityState: string
    addEventListener(type: string, listener: () => void): void
    removeEventListener(type: string, listener: () => void): void
  }
  location?: { href: string }
  addEventListener?(type: string, listener: (event: { persisted?: boolean }) => void): void
  removeEventListener?(type: string, listener: (event: { persisted?: boolean }) => void): void
  BroadcastChannel?: new (
    name: string,
  ) => {
    onmessage: ((event: { data: unknown }) => void) | null
    postMessage(data: unknown): void
    close(): void
  }
}

/**
 * The name of the `BroadcastChannel` the stores of one origin share: a store that reaches an
 * outcome posts `{uuid, status}` on it.
 *
 * @example
 * ```ts
 * new BroadcastChannel(PAGE_CHANNEL).onmessage = ({ data }) => console.log(data.uuid, data.status)
 * ```
 */
export const PAGE_CHANNEL = 'pullsign'

/**
 * The page's own hooks, read when called (never at import, so importing `pullsign/ui` in Node, a
 * worker or a server render touches no `window` or `document`); `null` outside a page. Visible
 * again: `visibilitychange` to `visible`, or a page shown again from the back-forward cache.
 *
 * @example
 * ```ts
 * const page = browserPage() // null in Node
 * ```
 */
export function browserPage(): PageHooks | null {
  const g = globalThis as PageGlobals
  const { document, location } = g
  if (!document || !location || !g.addEventListener || !g.removeEventListener) return null
  return {
    href: () => location.href,
    onVisible(callback) {
      const onChange = () => {
        if (document.visibilityState === 'visible') callback()
      }
      const onShow = (event: { persisted?: boolean }) => {
        if (event.persisted) callback()
      }
      document.addEventListener('visibilitychange', onChange)
      g.addEventListener?.('pageshow', onShow)
      return () => {
        document.removeEventListener('visibilitychange', onChange)
        g.removeEventListener?.('pageshow', onShow)
      }
    },
    channel(onMessage) {
      if (typeof g.BroadcastChannel !== 'function') return null
      const channel = new g.BroadcastChannel(PAGE_CHANNEL)
      channel.onmessage = (event) => onMessage(event.data)
      return { post: (data) => channel.postMessage(data), close: () => channel.close() }
    },
  }
}

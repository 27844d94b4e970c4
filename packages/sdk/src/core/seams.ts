import type { WebSocketConstructor } from './websocket'

/**
 * An opaque timer handle, as returned by {@link Clock.setTimeout}.
 *
 * @example
 * ```ts
 * const id: TimerId = clock.setTimeout(() => {}, 1000)
 * clock.clearTimeout(id)
 * ```
 */
export type TimerId = unknown

/**
 * Time, as the SDK sees it: the current time and one-shot timers. Every `Date.now`, `setTimeout`
 * and `setInterval` of the SDK goes through this seam, so tests move a fake clock instead of
 * sleeping.
 *
 * @example
 * ```ts
 * const clock: Clock = {
 *   now: () => Date.now(),
 *   setTimeout: (callback, ms) => setTimeout(callback, ms),
 *   clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
 * }
 * ```
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number
  /** Calls `callback` once after `ms` milliseconds; returns a handle for `clearTimeout`. */
  setTimeout(callback: () => void, ms: number): TimerId
  /** Cancels a pending timer; an unknown or fired handle is ignored. */
  clearTimeout(id: TimerId): void
}

/**
 * The part of the Web Storage API the SDK uses (`localStorage`, `sessionStorage` and the
 * in-memory default all fit). Only runtimes that keep tokens read it.
 *
 * @example
 * ```ts
 * const storage: StorageLike = window.localStorage
 * ```
 */
export interface StorageLike {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/**
 * Everything the SDK takes from its environment, injectable. Resolved once, by {@link createClient}
 * (the composition root): the global `fetch`, the runtime's own WebSocket (else `ws`, loaded on
 * first subscribe), the
 * storage the runtime's factory picked (`localStorage` in a page, else memory), the system clock,
 * `Math.random` and `crypto.getRandomValues`.
 *
 * @example
 * ```ts
 * const seams: Partial<Seams> = { fetch: myFetch, WebSocket: InProcessWebSocket, clock: fakeClock }
 * ```
 */
export interface Seams {
  /**
   * The fetch every request goes through (wrapped by ofetch). Default: the global `fetch`; on Node
   * (the package's `node` entry) a `node:http`/`https` one with a keep-alive agent per client.
   */
  fetch: typeof globalThis.fetch
  /** The WebSocket constructor; `undefined`: the runtime's own, else `ws` loaded on first use. */
  WebSocket: WebSocketConstructor | undefined
  /** Where a runtime keeps what must survive a reload (tokens, PKCE state). */
  storage: StorageLike
  /** Current time and timers. */
  clock: Clock
  /** A number in [0, 1), as `Math.random`: the reconnect jitter. */
  random: () => number
  /** Fills a byte array with strong random bytes (PKCE verifier, `state`, `nonce`). */
  randomBytes: (bytes: Uint8Array) => Uint8Array
}

import { AbortError } from '../../core/errors/pull-sign-error'
import { XappHostUnreachableError } from '../../core/errors/sign-in-errors'
import type { Clock, TimerId } from '../../core/seams'

/** What the bridge needs of the page: posting, listening, and whether it is framed. */
export interface BridgeWindow {
  parent: unknown
  ReactNativeWebView?: { postMessage(text: string): void }
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

/** A wallet → xApp event, as the bridge hands it on: the method and the rest of its fields. */
export interface BridgeEvent {
  method: string
  data: Record<string, unknown>
}

/** What {@link createBridge} takes. */
export interface BridgeOptions {
  window: BridgeWindow
  /** Android dispatches the wallet's events on `document` (§7.2). */
  document?: Pick<BridgeWindow, 'addEventListener' | 'removeEventListener'>
  clock: Clock
  /** Called with `Could not contact host` on each retry. */
  log(message: string): void
  onEvent(event: BridgeEvent): void
}

/** The xApp → wallet side of the bridge. */
export interface Bridge {
  /** Sends one command; rejects with {@link XappHostUnreachableError} when no host answers. */
  send(command: Record<string, unknown> & { command: string }): Promise<void>
  /** Stops listening; a command still waiting for a host rejects with an `AbortError`. */
  dispose(): void
}

const INIT = 'XAPP_PROXY_INIT'
const ACK = 'XAPP_PROXY_INIT_ACK'
// §7.2: with no host, retry every 250 ms for 2 s.
const RETRY_MS = 250
const GIVE_UP_MS = 2000
const MAX_MESSAGE = 100_000

interface Waiting {
  text: string
  command: string
  resolve(): void
  reject(error: Error): void
}

/**
 * The bridge of docs/protocol.md §7.2: commands go to `window.ReactNativeWebView` inside the
 * wallet, or, when framed, to `window.parent` after the `XAPP_PROXY_INIT` handshake. Without a
 * host it retries every 250 ms for 2 s on the clock seam, logging each retry, then rejects.
 * Wallet events are taken only as JSON strings with a `method`, and when framed only from the
 * parent window (and, after the handshake, only from the origin that answered it).
 *
 * @example
 * ```ts
 * const bridge = createBridge({ window, document, clock, log: console.warn, onEvent: (e) => console.log(e.method) })
 * await bridge.send({ command: 'scanQr' })
 * ```
 */
export function createBridge(options: BridgeOptions): Bridge {
  const { window: page, clock } = options
  const framed = page.parent !== undefined && page.parent !== null && page.parent !== page
  const parent = page.parent as { postMessage(message: string, target: string): void }
  let acked = false
  let hostOrigin: string | null = null
  let queue: Waiting[] = []
  let timer: TimerId | null = null
  let startedAt = 0

  const deliver = (text: string) => {
    if (page.ReactNativeWebView) page.ReactNativeWebView.postMessage(text)
    else parent.postMessage(text, '*')
  }
  const flush = () => {
    if (timer !== null) clock.clearTimeout(timer)
    timer = null
    const waiting = queue
    queue = []
    for (const item of waiting) {
      deliver(item.text)
      item.resolve()
    }
  }
  const hostReady = () => Boolean(page.ReactNativeWebView) || acked
  const attempt = () => {
    timer = null
    if (hostReady()) return flush()
    if (clock.now() - startedAt >= GIVE_UP_MS) {
      const waiting = queue
      queue = []
      for (const item of waiting) {
        const message = `the xApp command ${item.command} reached no wallet host in 2 s: open the xApp in the wallet (or /__ref/xapp-host)`
        item.reject(new XappHostUnreachableError(message))
      }
      return
    }
    if (startedAt !== clock.now()) options.log('Could not contact host')
    if (framed) parent.postMessage(INIT, '*')
    timer = clock.setTimeout(attempt, RETRY_MS)
  }

  const listener = (event: MessageEvent) => {
    if (framed && event.source !== undefined && event.source !== page.parent) return
    if (hostOrigin !== null && event.origin !== hostOrigin) return
    const raw: unknown = event.data
    if (typeof raw !== 'string' || raw.length > MAX_MESSAGE) return
    if (raw === ACK) {
      acked = true
      hostOrigin = event.origin || null
      if (queue.length > 0) flush()
      return
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      return
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return
    const { method, ...data } = parsed as Record<string, unknown>
    if (typeof method !== 'string') return
    options.onEvent({ method, data })
  }
  page.addEventListener('message', listener)
  options.document?.addEventListener('message', listener)

  return {
    send(command) {
      const text = JSON.stringify(command)
      if (hostReady()) {
        deliver(text)
        return Promise.resolve()
      }
      return new Promise<void>((resolve, reject) => {
        queue.push({ text, command: command.command, resolve, reject })
        if (timer !== null) return
        startedAt = clock.now()
        attempt()
      })
    },
    dispose() {
      if (timer !== null) clock.clearTimeout(timer)
      timer = null
      for (const item of queue)
        item.reject(new AbortError(`the xApp client was disposed before ${item.command} was sent`))
      queue = []
      page.removeEventListener('message', listener)
      options.document?.removeEventListener('message', listener)
    },
  }
}

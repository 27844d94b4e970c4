import { SignInError } from '../../core/errors/sign-in-errors'
import type { Clock } from '../../core/seams'
import { type RedirectResult, readRedirectResult } from '../oauth/redirect-result'
import type { PageSeam } from './page'
import { parsePopupMessage } from './popup-message'

/**
 * How often the opener looks whether the person closed the sign-in window. The return page also
 * posts `xumm_sign_request_popup_closed` (docs/protocol.md §7.1), but not when the window is
 * closed before it loads, so the flow does not rely on it alone.
 */
const CLOSED_POLL_MS = 500

/**
 * What the popup flow needs: the page, the clock, the `{oauth}/auth` URL to open, and the origin
 * of the provider's return page (the only origin whose messages are read).
 *
 * @example
 * ```ts
 * const popup: PopupRequest = { page: windowPage(), clock: systemClock, signal, url, providerOrigin: new URL(oauth).origin }
 * ```
 */
export interface PopupRequest {
  page: PageSeam
  clock: Clock
  /** The client's: aborted by its `close()`, which ends the wait and shuts the window. */
  signal: AbortSignal
  url: string
  providerOrigin: string
}

/**
 * Opens the sign-in window and waits for the return page's message (§7.1, "Popup mode"). Resolves
 * with the provider's answer, or `'blocked'` when the browser refused to open the window (the
 * caller then falls back to a full redirect); rejects with {@link SignInError} `popup-closed` when
 * the person closes the window first, and `provider` (with the provider's `error` and
 * `error_description`) as soon as the provider's refusal page says it refused the request.
 * Messages from any other origin or window are ignored; a refusal counts only when it comes from
 * this popup itself (the page posts it with target origin `*`).
 *
 * @example
 * ```ts
 * const answer = await runPopup({ page, clock, signal, url, providerOrigin })
 * if (answer === 'blocked') page.navigate(redirectUrl)
 * ```
 */
export function runPopup(request: PopupRequest): Promise<RedirectResult | 'blocked'> {
  const popup = request.page.openPopup(request.url)
  if (popup === null) return Promise.resolve('blocked')
  return new Promise((resolve, reject) => {
    const { clock, signal } = request
    let timer: unknown
    let seenClosed = false
    // Settles once: stops listening and looking, and shuts the window (a no-op once closed).
    const settle = (error: unknown, answer?: RedirectResult) => {
      stop()
      clock.clearTimeout(timer)
      signal.removeEventListener('abort', aborted)
      popup.close()
      if (answer) resolve(answer)
      else reject(error)
    }
    const closed = () =>
      settle(new SignInError('popup-closed', 'the sign-in window was closed before sign-in'))
    // The client's close() ends the wait with its AbortError.
    const aborted = () => settle(signal.reason)
    signal.addEventListener('abort', aborted)
    const stop = request.page.onMessage((event) => {
      if (event.origin !== request.providerOrigin) return
      if (event.source !== null && event.source !== undefined && event.source !== popup) return
      const message = parsePopupMessage(event.data)
      if (message === null) return
      if (message.source === 'xumm_sign_request_popup_closed') return closed()
      if (message.source === 'pullsign_sign_in_refused') {
        if (event.source !== popup) return
        const { error, error_description } = message
        return settle(
          new SignInError(
            'provider',
            `the sign-in provider refused the request: ${error}: ${error_description}`,
            // The provider's words as its error body (§7.1); errors.ts is not ours to extend.
            { cause: { error, error_description } },
          ),
        )
      }
      const answer = readRedirectResult(new URLSearchParams(message.options))
      if (answer) settle(null, answer)
    })
    // A closed window is confirmed on the next look, so a message posted just before the return
    // page closed itself is still read first.
    const look = () => {
      if (popup.closed && seenClosed) return closed()
      seenClosed = popup.closed
      timer = clock.setTimeout(look, CLOSED_POLL_MS)
    }
    timer = clock.setTimeout(look, CLOSED_POLL_MS)
  })
}

import type { Clock } from '../../core/seams'
import { createCountdown } from '../countdown'
import type { ExternalStore } from '../external-store'
import type { SignRequestSnapshot } from '../sign-request-types'
import { countdownTexts } from './countdown-text'
import { h } from './dom'
import { inputs, PullSignElement } from './pullsign-element'

/**
 * `<pullsign-countdown>`: the time before a sign request expires unopened, as `m:ss` once a
 * second, announced (a live region) only under a minute and under 10 seconds. The panel shows the
 * same; alone it counts to its `expires-at` attribute (a date, or ms since 1970: a snapshot's
 * `expiresAt`), and shows nothing without one.
 *
 * @example
 * ```ts
 * import 'pullsign/ui/define'
 *
 * const countdown = document.createElement('pullsign-countdown')
 * countdown.setAttribute('expires-at', new Date(Date.now() + 300_000).toISOString())
 * document.body.append(countdown)
 * ```
 */
export class PullSignCountdownElement extends PullSignElement<
  number | null,
  ExternalStore<number | null>
> {
  static override observedAttributes = ['expires-at', 'locale']
  static {
    inputs(PullSignCountdownElement, ['clock'])
  }
  /** Time and timers: the system's by default. */
  declare clock?: Clock
  readonly #live = h('span', { part: 'status', role: 'status' })
  readonly #face = h('span', { part: 'countdown', role: 'timer' })

  constructor() {
    super()
    this.root.append(this.#face, this.#live)
  }

  protected makeStore(): ExternalStore<number | null> {
    const at = this.getAttribute('expires-at')
    const expiresAt = at === null ? Number.NaN : Number.isNaN(+at) ? Date.parse(at) : +at
    const snapshot = { expiresAt: Number.isNaN(expiresAt) ? null : expiresAt }
    const fixed = { subscribe: () => () => {}, getSnapshot: () => snapshot as SignRequestSnapshot }
    return createCountdown(fixed, { clock: this.clock })
  }

  update(): void {
    ;[this.#face.textContent, this.#live.textContent] = countdownTexts(this.snapshot, this.t)
  }
}

import type { Clock } from '../../core/seams'
import type { Endpoints } from '../../wire/endpoints'
import type { PayloadCreateRequest } from '../../wire/payload'
import type { TransactionJson } from '../../wire/transaction'
import { createCountdown } from '../countdown'
import { en, type UiStrings } from '../locales/en'
import { createSignRequest, IDLE_SIGN_REQUEST } from '../sign-request'
import type {
  CreatedPayload,
  SignRequestClient,
  SignRequestSnapshot,
  SignRequestStatus,
  SignRequestStore,
} from '../sign-request-types'
import { signRequestEvents } from '../store-events'
import { countdownTexts } from './countdown-text'
import { h } from './dom'
import { inputs, PullSignElement } from './pullsign-element'
import { qrCode } from './qr-svg'

const FINAL: readonly SignRequestStatus[] = ['signed', 'rejected', 'expired', 'cancelled', 'error']

/**
 * `<pullsign-request>`: a sign request's whole life in the page. It shows the QR code and an
 * "open in wallet" link (on a phone the link first, on a desktop the QR code first), a copy
 * button, the countdown and the status, then the outcome, following the payload over its public
 * socket with no credential. Everything it shows comes from its store
 * ({@link createSignRequest}, `element.store`, with its actions).
 *
 * The payload: the `uuid` attribute, the `payload` property (the created answer), or the
 * `create` property (a function returning a created answer, called for the first show, retry
 * and renew). The platform: production by default, the `api` attribute or the `endpoints`
 * property, or the `client` property's. Its status is the `state` property, the `data-state`
 * attribute and a `:state()` custom state; its changes are `pullsign-*` events.
 *
 * @example
 * ```ts
 * import 'pullsign/ui/define'
 *
 * const panel = document.createElement('pullsign-request')
 * panel.create = () => fetch('/api/checkout', { method: 'POST' }).then((r) => r.json())
 * panel.addEventListener('pullsign-signed', (event) => console.log(event.detail.txid))
 * document.body.append(panel)
 * ```
 */
export class PullSignRequestElement extends PullSignElement<SignRequestSnapshot, SignRequestStore> {
  static override observedAttributes = ['uuid', 'api', 'locale']
  static {
    inputs(PullSignRequestElement, [
      'payload',
      'create',
      'cancel',
      'client',
      'request',
      'endpoints',
      'clock',
    ])
  }
  /** The created answer to show (over the `uuid` attribute). */
  declare payload?: string | CreatedPayload
  /** Makes a payload (first show, retry, renew): usually a call to the app's own backend. */
  declare create?: () => Promise<CreatedPayload>
  /** Cancels a payload (usually through the app's backend); else cancelling stops following it. */
  declare cancel?: (uuid: string) => Promise<unknown>
  /** A signed-in browser or native client, or an xApp client: its endpoints and session. */
  declare client?: SignRequestClient
  /** What the `client` creates (`txjson`, `options`, … or a bare transaction). */
  declare request?: PayloadCreateRequest | TransactionJson
  /** Where the platform is (`{api, oauth, links}`), over the `api` attribute. */
  declare endpoints?: Partial<Endpoints>
  /** Time and timers (the countdown, reconnects): the system's by default; a test's own. */
  declare clock?: Clock
  readonly #panel = h('div', { part: 'panel' })
  // Outlive a render: the one live region, and the countdown's face.
  readonly #live = h('p', { part: 'status', role: 'status' })
  readonly #timer = h('span', { part: 'countdown', role: 'timer' })
  #left: number | null = null
  #showQr = false
  #note = ''
  #refocus: string | null = null

  constructor() {
    super()
    this.root.append(this.#panel)
  }

  /** Where the request is: `idle`, `creating`, `waiting`, `opened`, …, `signed`, `error`. */
  get state(): SignRequestStatus {
    return this.snapshot.status
  }

  protected makeStore(): SignRequestStore {
    const api = this.getAttribute('api')
    return createSignRequest({
      payload: this.payload ?? this.getAttribute('uuid') ?? undefined,
      create: this.create,
      cancel: this.cancel,
      client: this.client,
      request: this.request,
      endpoints: this.endpoints ?? (api === null ? undefined : { api }),
      clock: this.clock,
    })
  }

  // Following it: a request it can make is made (its first show).
  protected override sync(): void {
    super.sync()
    const { status, renewable } = this.store.getSnapshot()
    if (this.following && status === 'idle' && renewable) void this.store.start()
  }

  protected override listen(store: SignRequestStore): () => void {
    const stop = super.listen(store)
    const stopCounting = createCountdown(store, { clock: this.clock }).subscribe((left) => {
      this.#left = left
      this.#tick()
    })
    return () => {
      stop()
      stopCounting()
    }
  }

  protected override receive(snapshot: SignRequestSnapshot): void {
    if (snapshot.uuid !== this.snapshot.uuid) this.#showQr = false
    super.receive(snapshot)
  }

  protected override events(previous: SignRequestSnapshot | undefined, next: SignRequestSnapshot) {
    return signRequestEvents(previous ?? IDLE_SIGN_REQUEST, next)
  }

  /** The panel's heading (a dialog's is its name). */
  protected heading(): Node {
    return h('p', { part: 'heading' }, h('slot', { name: 'heading' }, this.t('heading')))
  }

  update(): void {
    const { status, links, qr, xapp, pushed, error, result, renewable } = this.snapshot
    const store = this.store
    const button = (part: string, key: keyof UiStrings, click: () => unknown) =>
      h('button', { part, type: 'button', click }, this.t(key))
    let body: (Node | string | null | undefined)[] = []
    if (status === 'waiting' && links && !xapp) {
      if (pushed && !this.#showQr) {
        body = [
          button('qr-toggle', 'showQr', () => {
            this.#showQr = true
            this.update()
          }),
        ]
      } else {
        const code = qrCode(qr, links.qrPng, this.t('qr'))
        const open = h('a', { part: 'open-link', href: links.always }, this.t('open'))
        // On a phone the link is what the person taps (a gesture opens the wallet).
        body = matchMedia('(pointer: coarse)').matches ? [open, code] : [code, open]
      }
      body.push(
        h(
          'div',
          { part: 'actions' },
          button('copy-button', 'copy', () => this.#copy(links.always)),
          button('cancel-button', 'cancel', () => store.cancel()),
        ),
        this.#timer,
      )
    } else if (FINAL.includes(status)) {
      const face = error
        ? h(
            'p',
            { part: 'error', role: 'alert' },
            this.t(error.code in en ? (error.code as keyof UiStrings) : 'error'),
            h('small', {}, error.message),
          )
        : h('span', { part: 'icon', 'aria-hidden': 'true' }, status === 'signed' ? '✓' : '✕')
      body = [
        h(
          'slot',
          { name: status },
          face,
          result?.txid && h('code', { part: 'result' }, result.txid),
        ),
      ]
      if (renewable || error?.code === 'ERR_NETWORK') {
        body.push(button('retry-button', status === 'expired' ? 'renew' : 'retry', store.retry))
      }
    } else if (status !== 'idle') body = [h('span', { part: 'spinner', 'aria-hidden': 'true' })]
    this.#note = ''
    // A render replaces the buttons: the focus stays on the same part, else the first control;
    // through a render with none (creating), it waits for one unless the person moved it.
    const focused =
      this.root.activeElement?.getAttribute('part') ??
      (document.activeElement === document.body ? this.#refocus : null)
    this.#refocus = null
    this.#panel.replaceChildren(
      this.heading(),
      ...(body.filter(Boolean) as (Node | string)[]),
      this.#live,
    )
    if (focused) {
      const same = this.root.querySelector<HTMLElement>(`[part="${focused}"]`)
      const control =
        same ?? this.#panel.querySelector<HTMLElement>('a,[part$=button]:not([part=close-button])')
      if (control) control.focus()
      else this.#refocus = focused
    }
    this.#tick()
  }

  // The countdown's face, and the live region's sentence: the status, at thresholds the time
  // left, "reconnecting", or what a copy did.
  #tick() {
    const { status, xapp, pushed, reconnecting } = this.snapshot
    const [face, mark] = countdownTexts(status === 'waiting' ? this.#left : null, this.t)
    this.#timer.textContent = face
    const main =
      status === 'waiting'
        ? this.t(xapp ? 'xapp' : pushed && !this.#showQr ? 'pushed' : 'waiting')
        : status === 'idle' || status === 'error'
          ? ''
          : this.t(status)
    const text =
      this.#note || [main, mark, reconnecting && this.t('reconnecting')].filter(Boolean).join(' ')
    if (this.#live.textContent !== text) this.#live.textContent = text
  }

  #copy(link: string) {
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(link))
      .then(
        () => 'copied' as const,
        () => 'copyFailed' as const,
      )
      .then((key) => {
        this.#note = this.t(key)
        this.#tick()
      })
  }
}

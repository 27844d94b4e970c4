import type { CreatedPayload, SignedResult } from '../sign-request-types'
import { NotSignedError, waitForSigned } from '../wait-for-signed'
import { h } from './dom'
import { PullSignRequestElement } from './request-element'

/**
 * `<pullsign-dialog>`: the `<pullsign-request>` panel in a native modal `<dialog>`: in the top
 * layer (above everything, no z-index), the page behind inert, Escape closes it, the focus goes
 * in and comes back to what had it. It follows its payload only while open; closing it cancels a
 * request not yet opened. It takes every input of `<pullsign-request>`.
 *
 * @example
 * ```ts
 * import 'pullsign/ui/define'
 *
 * const dialog = document.createElement('pullsign-dialog')
 * document.body.append(dialog)
 * try {
 *   const { txid } = await dialog.showAndWait(() => fetch('/api/checkout', { method: 'POST' }).then((r) => r.json()))
 *   console.log('signed', txid)
 * } catch (err) {
 *   console.log((err as { code?: string }).code) // ERR_REJECTED, ERR_EXPIRED, ERR_CANCELLED, …
 * }
 * ```
 */
export class PullSignDialogElement extends PullSignRequestElement {
  readonly #dialog: HTMLDialogElement
  #open = false
  #waiting?: AbortController

  constructor() {
    super()
    // Escape, the close button, or the dialog closed from outside: all end in close().
    this.#dialog = h(
      'dialog',
      { part: 'dialog', 'aria-labelledby': 'heading', close: () => this.close() },
      ...this.root.childNodes,
    ) as HTMLDialogElement
    this.root.append(this.#dialog)
  }

  /** Whether the dialog is shown. */
  get open(): boolean {
    return this.#open
  }

  protected override get following(): boolean {
    return this.#open && this.isConnected
  }

  protected override heading(): Node {
    return h(
      'header',
      {},
      h(
        'h2',
        { id: 'heading', part: 'heading' },
        h('slot', { name: 'heading' }, this.t('heading')),
      ),
      h(
        'button',
        {
          part: 'close-button',
          type: 'button',
          'aria-label': this.t('close'),
          click: () => this.close(),
        },
        '×',
      ),
    )
  }

  /**
   * Opens the dialog (`showModal()`) and shows a request: `input` (a uuid, a created answer, or a
   * function making one) or the element's own.
   */
  show(input?: string | CreatedPayload | (() => Promise<CreatedPayload>)): void {
    this.#open = true
    if (!this.#dialog.open) this.#dialog.showModal()
    void this.store.start(input)
    this.sync()
  }

  /** Closes the dialog; a request not yet opened is cancelled, and it is no longer followed. */
  close(): void {
    if (!this.#open) return
    this.#open = false
    const uuid = this.snapshot.uuid
    this.#waiting?.abort(new NotSignedError('ERR_CANCELLED', 'the dialog was closed', uuid))
    this.#dialog.close()
    void this.store.cancel().finally(() => this.sync())
  }

  /**
   * Opens the dialog with a request ({@link show}) and waits for its outcome: resolves with the
   * signed result (`{uuid, txid, account?}`) and closes; rejects with a {@link NotSignedError}
   * (`ERR_REJECTED`, `ERR_EXPIRED`, `ERR_CANCELLED` when closed, or the request's error code).
   */
  showAndWait(
    input?: string | CreatedPayload | (() => Promise<CreatedPayload>),
  ): Promise<SignedResult> {
    this.#waiting = new AbortController()
    this.show(input)
    return waitForSigned(this.store, this.#waiting.signal).finally(() => this.close())
  }
}

import type { SignRequestEvent, sessionEvents } from '../store-events'
import type { PullSignButtonElement } from './button-element'
import type { PullSignCountdownElement } from './countdown-element'
import type { PullSignDialogElement } from './dialog-element'
import type { PullSignQrElement } from './qr-element'
import type { PullSignRequestElement } from './request-element'

/**
 * Every `pullsign-*` event an element dispatches, by name, with its `detail` typed: what
 * `addEventListener` and a React 19 or Vue listener receive.
 *
 * @example
 * ```ts
 * const onSigned = (event: PullSignEventMap['pullsign-signed']) => console.log(event.detail.txid)
 * ```
 */
export type PullSignEventMap = {
  [E in SignRequestEvent | ReturnType<typeof sessionEvents>[number] as E['type']]: CustomEvent<
    E['detail']
  >
}

declare global {
  interface HTMLElementTagNameMap {
    'pullsign-request': PullSignRequestElement
    'pullsign-dialog': PullSignDialogElement
    'pullsign-button': PullSignButtonElement
    'pullsign-qr': PullSignQrElement
    'pullsign-countdown': PullSignCountdownElement
  }
  interface HTMLElementEventMap extends PullSignEventMap {}
}

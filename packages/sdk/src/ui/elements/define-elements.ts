import { PullSignButtonElement } from './button-element'
import { PullSignCountdownElement } from './countdown-element'
import { PullSignDialogElement } from './dialog-element'
import { PullSignQrElement } from './qr-element'
import { PullSignRequestElement } from './request-element'

/**
 * The elements by tag name.
 *
 * @example
 * ```ts
 * customElements.define('my-sign-request', class extends ELEMENTS['pullsign-request'] {})
 * ```
 */
export const ELEMENTS = {
  'pullsign-request': PullSignRequestElement,
  'pullsign-dialog': PullSignDialogElement,
  'pullsign-button': PullSignButtonElement,
  'pullsign-qr': PullSignQrElement,
  'pullsign-countdown': PullSignCountdownElement,
}

/**
 * Registers every element under its `pullsign-*` name, leaving a name already defined alone (a
 * second copy of the kit, or the app's own); does nothing where there are no custom elements
 * (Node, a worker). `pullsign/ui/define` calls it.
 *
 * @example
 * ```ts
 * import { defineElements } from 'pullsign/ui'
 *
 * defineElements()
 * ```
 */
export function defineElements(registry = globalThis.customElements): void {
  if (!registry) return
  for (const [name, element] of Object.entries(ELEMENTS)) {
    if (!registry.get(name)) registry.define(name, element)
  }
}

import type { ExternalStore } from '../external-store'
import { readQrMatrix } from '../qr-matrix'
import { isSafeLink } from '../safe-link'
import { inputs, PullSignElement } from './pullsign-element'
import { qrCode } from './qr-svg'

/**
 * `<pullsign-qr>`: a QR code drawn as an inline SVG from its `matrix` property (the rows of
 * booleans `refs.qr_matrix` holds, as the panel draws it), a labelled image (`label` attribute),
 * black on white. Without a readable matrix it shows the `src` attribute's image (`refs.qr_png`)
 * when the link rule allows it, else nothing.
 *
 * @example
 * ```ts
 * import 'pullsign/ui/define'
 *
 * const qr = document.createElement('pullsign-qr')
 * qr.matrix = await (await fetch(created.refs.qr_matrix)).json()
 * qr.setAttribute('label', 'Scan to pay')
 * document.body.append(qr)
 * ```
 */
export class PullSignQrElement extends PullSignElement<unknown, ExternalStore<unknown>> {
  static override observedAttributes = ['src', 'label', 'locale']
  static {
    inputs(PullSignQrElement, ['matrix'])
  }
  /** The QR code's modules: square rows of booleans, 21 to 177 a side. */
  declare matrix?: readonly (readonly boolean[])[]

  protected makeStore(): ExternalStore<unknown> {
    const matrix = this.matrix
    return { subscribe: () => () => {}, getSnapshot: () => matrix }
  }

  update(): void {
    const src = this.getAttribute('src')
    const label = this.getAttribute('label') ?? this.t('qr')
    this.root.replaceChildren(
      qrCode(readQrMatrix(this.snapshot), isSafeLink(src) ? src : null, label),
    )
  }
}

import type { DetailedHTMLProps, HTMLAttributes } from 'react'
import type { PullSignButtonElement } from '../ui/elements/button-element'
import type { PullSignCountdownElement } from '../ui/elements/countdown-element'
import type { PullSignDialogElement } from '../ui/elements/dialog-element'
import type { PullSignEventMap } from '../ui/elements/element-types'
import type { PullSignQrElement } from '../ui/elements/qr-element'
import type { PullSignRequestElement } from '../ui/elements/request-element'

/**
 * The props of a `pullsign-*` element in React 19's JSX: its attributes, its properties (React 19
 * sets a prop as a property when the element has one), and its events as `onpullsign-*`
 * listeners (React 19 listens to `on` + the event's name on a custom element).
 *
 * @example
 * ```ts
 * import type { PullSignElementProps } from 'pullsign/react'
 * import type { PullSignRequestElement } from 'pullsign/ui'
 *
 * const props: PullSignElementProps<PullSignRequestElement, 'create'> = {
 *   create: () => fetch('/api/checkout', { method: 'POST' }).then((r) => r.json()),
 *   'onpullsign-signed': (event) => console.log(event.detail.txid),
 * }
 * ```
 */
export type PullSignElementProps<
  E extends HTMLElement & { strings?: unknown },
  P extends keyof E = never,
> = Omit<DetailedHTMLProps<HTMLAttributes<E>, E>, P> &
  Partial<Pick<E, P | 'strings'>> & {
    /** The texts' language (else the nearest `lang`, else the browser's). */
    locale?: string
    /** `auto` (the system's, by default), `light` or `dark`. */
    theme?: 'auto' | 'light' | 'dark'
    /** React 19 sets `class` on a custom element as it is. */
    class?: string
  } & {
    [K in keyof PullSignEventMap as `on${K}`]?: (event: PullSignEventMap[K]) => void
  }

type RequestProps<E extends PullSignRequestElement> = PullSignElementProps<
  E,
  'payload' | 'create' | 'cancel' | 'client' | 'request' | 'endpoints' | 'clock'
> & {
  /** A payload's uuid (the `payload` property takes a created answer). */
  uuid?: string
  /** The platform's API base, e.g. the reference server's (the `endpoints` property says more). */
  api?: string
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'pullsign-request': RequestProps<PullSignRequestElement>
      'pullsign-dialog': RequestProps<PullSignDialogElement>
      'pullsign-button': PullSignElementProps<PullSignButtonElement, 'client'>
      'pullsign-qr': PullSignElementProps<PullSignQrElement, 'matrix'> & {
        /** The QR code's PNG, shown when there is no readable matrix. */
        src?: string
        /** The image's accessible name. */
        label?: string
      }
      'pullsign-countdown': PullSignElementProps<PullSignCountdownElement, 'clock'> & {
        /** When the request expires unopened: a date, or ms since 1970. */
        'expires-at'?: string | number
      }
    }
  }
}

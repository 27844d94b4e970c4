import { usePayload } from 'pullsign/react'
import { createElement } from 'react'

/** What the test page is given: the payload and where its socket is (one proxy per tab). */
export interface PageConfig {
  uuid: string
  api: string
  /** `false` for a tab whose socket must stay lost until the page does something. */
  reconnect?: false
}

/**
 * The test page's component, rendered by the server (react-dom/server) and hydrated in Chromium
 * under StrictMode: a payload the backend created, followed with `usePayload`.
 */
export function PayloadPanel({ uuid, api, reconnect }: PageConfig) {
  const request = usePayload(uuid, {
    endpoints: { api },
    ...(reconnect === false ? { reconnect } : {}),
  })
  return createElement(
    'section',
    null,
    createElement('p', { id: 'status' }, request.status),
    createElement('p', { id: 'seconds' }, String(request.secondsLeft ?? '')),
    createElement('a', { id: 'open', href: request.links?.always ?? '#' }, 'Open in wallet'),
    createElement('p', { id: 'error' }, request.error?.code ?? ''),
    createElement('p', { id: 'qr' }, String(request.qr?.length ?? '')),
  )
}

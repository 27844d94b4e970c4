import { createNativeClient } from 'pullsign'
import * as ui from 'pullsign/ui'
import 'pullsign/ui/define'
import { createFakeClock } from '../../support/fake-clock'

// The browser half of the elements' tests: the kit as an app bundles it (pullsign/ui/define, the
// locales as chunks of their own), a page clock the test moves, every pullsign-* event recorded,
// and the app's backend behind /api/checkout.
const EVENTS = [
  'pullsign-state',
  'pullsign-created',
  'pullsign-opened',
  'pullsign-signed',
  'pullsign-rejected',
  'pullsign-expired',
  'pullsign-cancel',
  'pullsign-error',
  'pullsign-signin',
  'pullsign-signout',
]
const events: { type: string; detail: unknown; target: string }[] = []
for (const type of EVENTS) {
  document.addEventListener(type, (event) => {
    const { detail } = event as CustomEvent
    events.push({ type, detail, target: (event.target as Element).localName })
  })
}

const params = new URLSearchParams(location.search)
const checkout = () =>
  fetch(`/api/checkout${location.search}`, { method: 'POST' }).then((r) => r.json())

const cancel = (uuid: string) =>
  fetch(`/api/cancel?uuid=${uuid}`, { method: 'POST' }).then((r) => r.json())

Object.assign(window, {
  ui,
  events,
  checkout,
  cancel,
  createNativeClient,
  clock: createFakeClock(Date.now()),
})

// The strict-CSP page has no inline script: the panel comes from this module, told by the URL.
if (params.has('auto')) {
  const panel = document.createElement('pullsign-request')
  panel.setAttribute('api', params.get('api') ?? '')
  panel.create = checkout
  document.body.append(panel)
}

import { createXappClient } from 'pullsign'
import {
  createSignRequest,
  createXapp,
  type SignRequestSnapshot,
  type XappSnapshot,
} from 'pullsign/ui'

// The test xApp's script: the UI stores over an xApp client, as an xApp built on them would be.
interface TestWindow {
  xappState: XappSnapshot
  request: SignRequestSnapshot
  statuses: string[]
  pay(): void
}
const params = new URLSearchParams(location.search)
const client = createXappClient({
  apiKey: params.get('key') ?? '',
  endpoints: { api: params.get('api') ?? '' },
})
const xapp = createXapp(client)
const request = createSignRequest({ client, request: { TransactionType: 'SignIn' } })
const page = window as unknown as TestWindow
page.statuses = []
page.xappState = xapp.getSnapshot()
xapp.subscribe((snapshot) => {
  page.xappState = snapshot
})
request.subscribe((snapshot) => {
  page.request = snapshot
  if (page.statuses.at(-1) !== snapshot.status) page.statuses.push(snapshot.status)
})
page.pay = () => void request.start()

import { controlErrorText, postControl } from './control-api'
import { formatRemaining } from './format-remaining'
import { byId, readPageData } from './page-data'
import { isWebUrl } from './web-url'

/** The sign page's data block (web/pages/sign/sign-page.ts). */
export interface SignPageData {
  uuid: string
  state: string
  txid: string | null
  account: string | null
  expiresAt: string
  serverNow: number
  socketPath: string
  forceNetwork: string | null
  followDelayMs: number
  popupOpenerOrigin: string | null
  networks: readonly { key: string; nativeAsset: string }[]
  users: readonly { uuid: string; accounts: readonly { address: string; label: string }[] }[]
  /** Status texts by state, and the script's own texts. */
  texts: Record<string, string>
}

interface ResolvedRecord {
  meta?: { signed: boolean; return_url_web?: string | null }
  response: { txid: string | null; account: string | null }
}

// The sign page: it counts down to expiry on the server's clock, follows the payload websocket
// (docs/protocol.md §4), answers through the control API (§10) and, after a resolution, follows
// `return_url.web` (http and https only). It writes text with `textContent` and `new Option`,
// never as markup.
const data = readPageData<SignPageData>()
const texts = data.texts
const statusEl = byId('status')
const detailEl = byId('detail')
const errorEl = byId('error')
const returnEl = byId('return')
const liveEl = byId('live')
let countdownEl = document.getElementById('countdown')
const form = document.getElementById('act') as HTMLFormElement | null
const userSelect = document.getElementById('user') as HTMLSelectElement | null
const accountSelect = document.getElementById('account') as HTMLSelectElement | null
const networkSelect = document.getElementById('network') as HTMLSelectElement | null
const expiresAt = Date.parse(data.expiresAt)
// server time minus browser time: the server clock can be moved (control API), so count on it
let offset = data.serverNow - Date.now()
let state = data.state
let done = !(state === 'pending' || state === 'opened')
let busy = false
let leaving = false
let returning = false

const text = (key: string): string => texts[key] ?? key

function setStatus(next: string, shown?: string): void {
  state = next
  statusEl.setAttribute('data-state', next)
  statusEl.textContent = shown ?? text(next)
}
function showError(message: string): void {
  errorEl.textContent = message
  errorEl.hidden = false
}
function hideForm(): void {
  const section = form?.closest('section')
  if (section) section.hidden = true
}
function setBusy(value: boolean): void {
  busy = value
  for (const button of form?.querySelectorAll('button') ?? []) button.disabled = value
}
function line(label: string, value: string): DocumentFragment {
  const fragment = document.createDocumentFragment()
  fragment.appendChild(document.createTextNode(label))
  const code = document.createElement('code')
  code.textContent = value
  fragment.appendChild(code)
  return fragment
}
function tick(): void {
  if (!countdownEl) return
  const seconds = Math.floor((expiresAt - (Date.now() + offset)) / 1000)
  countdownEl.textContent = seconds > 0 ? formatRemaining(seconds) : text('expiredCountdown')
  // expiry limits opening, not resolving: only a payload nobody opened stops being answerable
  if (seconds <= 0 && state === 'pending' && !busy) {
    setStatus('expired')
    hideForm()
    done = true
  }
}
const known = {
  txid: data.txid,
  account: data.account,
  explorer: document.getElementById('explorer')?.getAttribute('href') ?? null,
}
// the socket's resolve message has no account; the control API's record, arriving later, has
function showDetail(signed: boolean, txid?: string | null, account?: string | null): void {
  if (!signed) return
  known.txid = txid || known.txid
  known.account = account || known.account
  detailEl.textContent = ''
  if (known.txid) detailEl.appendChild(line(text('txid'), known.txid))
  if (known.account) {
    if (known.txid) detailEl.appendChild(document.createElement('br'))
    detailEl.appendChild(line(text('account'), known.account))
  }
  if (known.explorer) {
    const link = document.createElement('a')
    link.id = 'explorer'
    link.href = known.explorer
    link.textContent = text('explorer')
    detailEl.appendChild(document.createElement('br'))
    detailEl.appendChild(link)
  }
}
// The outcome as the server renders it (with the explorer link, whose network only the record
// has): the page is fetched again and its detail taken over.
async function refreshDetail(): Promise<void> {
  try {
    const res = await fetch(location.href, { headers: { accept: 'text/html' } })
    if (!res.ok) return
    const page = new DOMParser().parseFromString(await res.text(), 'text/html')
    const href = page.getElementById('explorer')?.getAttribute('href')
    if (!isWebUrl(href)) return
    known.explorer = href
    showDetail(true)
  } catch {
    // the live status already shows the outcome; the explorer link is a bonus
  }
}
function resolved(
  signed: boolean,
  txid: string | null | undefined,
  account: string | null | undefined,
  returnUrl: unknown,
): void {
  if (done) {
    showDetail(state === 'signed', txid, account)
  } else {
    done = true
    hideForm()
    errorEl.hidden = true
    setStatus(signed ? 'signed' : 'rejected')
    showDetail(signed, txid, account)
    // Over: nothing left to scan or to count down.
    const qr = document.getElementById('qr')
    if (qr) qr.hidden = true
    if (countdownEl) countdownEl.hidden = true
    countdownEl = null
    if (signed) void refreshDetail()
  }
  // Also when the page loaded already resolved (the wallet answered before it loaded): the
  // socket's outcome message carries the return URL, and the page follows it once.
  if (!returning && isWebUrl(returnUrl)) follow(returnUrl)
}
function follow(returnUrl: string): void {
  returning = true
  const link = document.createElement('a')
  link.href = returnUrl
  link.textContent = returnUrl
  returnEl.textContent = text('returning')
  returnEl.appendChild(link)
  returnEl.hidden = false
  setTimeout(() => {
    leaving = true
    window.location.assign(returnUrl)
  }, data.followDelayMs)
}
function fillAccounts(): void {
  if (!userSelect || !accountSelect) return
  const user = data.users.find((u) => u.uuid === userSelect.value)
  accountSelect.textContent = ''
  for (const a of user?.accounts ?? []) accountSelect.add(new Option(a.label, a.address))
}
function showNativeUnit(): void {
  const key = networkSelect ? networkSelect.value : data.forceNetwork
  const network = data.networks.find((n) => n.key === key)
  if (!network) return
  for (const unit of document.querySelectorAll('.native-unit'))
    unit.textContent = network.nativeAsset
}
async function answer(kind: 'sign' | 'reject'): Promise<void> {
  if (busy || done || !userSelect) return
  const body: { user: string; account?: string; network?: string } = { user: userSelect.value }
  if (kind === 'sign') {
    if (accountSelect?.value) body.account = accountSelect.value
    if (networkSelect) body.network = networkSelect.value
  }
  setBusy(true)
  errorEl.hidden = true
  const previous = state
  setStatus(previous, kind === 'sign' ? text('signing') : text('rejecting'))
  try {
    const result = await postControl(`payloads/${encodeURIComponent(data.uuid)}/${kind}`, body)
    setBusy(false)
    const record = result.json as ResolvedRecord | null
    if (!result.ok || !record?.meta) {
      setStatus(previous)
      showError(controlErrorText(result.status, result.json))
      return
    }
    resolved(
      record.meta.signed,
      record.response.txid,
      record.response.account,
      record.meta.return_url_web,
    )
  } catch (error) {
    setBusy(false)
    setStatus(previous)
    showError(String(error))
  }
}
function onSocketMessage(event: MessageEvent): void {
  let msg: Record<string, unknown>
  try {
    msg = JSON.parse(String(event.data))
  } catch {
    return
  }
  if (!msg || typeof msg !== 'object') return
  if (typeof msg.payload_uuidv4 === 'string' && typeof msg.signed === 'boolean') {
    const returnUrl = msg.return_url as { web?: unknown } | null | undefined
    resolved(msg.signed, msg.txid as string | null, null, returnUrl?.web)
  } else if (typeof msg.expires_in_seconds === 'number') {
    offset = expiresAt - msg.expires_in_seconds * 1000 - Date.now()
    tick()
  } else if (done || busy) {
    return
  } else if (msg.opened === true) {
    setStatus('opened')
  } else if (msg.pre_signed === true) {
    setStatus('opened', text('pre_signed'))
  } else if (msg.dispatched === true) {
    setStatus('opened', text('dispatched'))
  } else if (msg.expired === true && state === 'pending') {
    // expired and cancelled send the same message (§3.4): the server page tells them apart;
    // an opened payload stays answerable after expiry, so it never reloads
    window.location.reload()
  }
}
function connect(): void {
  const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://'
  const socket = new WebSocket(scheme + location.host + data.socketPath)
  socket.onopen = () => {
    liveEl.textContent = 'live'
    document.body.setAttribute('data-socket', 'open')
  }
  socket.onmessage = onSocketMessage
  socket.onclose = () => {
    liveEl.textContent = 'offline, reconnecting…'
    document.body.setAttribute('data-socket', 'closed')
    if (!done) setTimeout(connect, 2000)
  }
}

userSelect?.addEventListener('change', fillAccounts)
networkSelect?.addEventListener('change', showNativeUnit)
if (form) {
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void answer('sign')
  })
  byId('reject').addEventListener('click', () => void answer('reject'))
}
// a popup OAuth sign-in closed by the person, not left for the return page (§7.1)
const openerOrigin = data.popupOpenerOrigin
if (openerOrigin) {
  window.addEventListener('pagehide', () => {
    if (leaving || !window.opener) return
    const closed = JSON.stringify({ source: 'xumm_sign_request_popup_closed' })
    ;(window.opener as Window).postMessage(closed, openerOrigin)
  })
}
showNativeUnit()
tick()
setInterval(tick, 1000)
connect()

import { postControlOrThrow } from './control-api'
import { byId, readPageData } from './page-data'
import { argumentsText, type BridgeCommand, readBridgeMessage } from './xapp-bridge'

/** The xApp host page's data block (web/pages/xapp-host/xapp-host-page.ts). */
export interface XappHostData {
  xappOrigin: string
  user: string
  account: string
  /** The platform's UUID pattern, unanchored (platform/ids.ts `UUID_SOURCE`). */
  uuidSource: string
}

// The xApp host simulator: it plays the wallet around a framed xApp (docs/protocol.md §7.2). It
// answers `XAPP_PROXY_INIT` with `XAPP_PROXY_INIT_ACK`, lists every command, and answers with the
// result events when the person (or a browser test) presses a button. Messages are taken only
// from the framed xApp's window and origin (xapp-bridge.ts checks them); anything else is listed
// as ignored. Text is written with `textContent`, never as markup. Sign and Reject go through the
// control API (§10), as the launched user.
const data = readPageData<XappHostData>()
const frame = byId<HTMLIFrameElement>('xapp')
const log = byId('log')
const errorEl = byId('error')
const signBox = byId('request')
const scanForm = byId<HTMLFormElement>('scan')
const destinationForm = byId<HTMLFormElement>('destination')
const ADDRESS = /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/
let pendingUuid: string | null = null

const inputValue = (id: string) => byId<HTMLInputElement>(id).value.trim()

function entry(kind: string, name: string, detail?: string): void {
  const item = document.createElement('li')
  item.setAttribute(`data-${kind}`, name)
  const label = document.createElement('span')
  label.className = 'kind'
  label.textContent = kind
  const code = document.createElement('code')
  code.textContent = name
  item.appendChild(label)
  item.appendChild(code)
  if (detail) item.appendChild(document.createTextNode(` ${detail}`))
  // oldest first, as a log reads; the newest entry scrolled into view
  log.appendChild(item)
  log.scrollTop = log.scrollHeight
}
function showError(message: string): void {
  errorEl.textContent = message
  errorEl.hidden = !message
}
function answer(method: string, fields: Record<string, unknown>): void {
  const text = JSON.stringify({ method, ...fields })
  frame.contentWindow?.postMessage(text, data.xappOrigin)
  entry('answer', method, text)
}
// Closing ends whatever the wallet was asked: its open forms and their error go, Launch again shows.
function closeXapp(why: string): void {
  frame.hidden = true
  frame.removeAttribute('src')
  pendingUuid = null
  for (const open of [signBox, scanForm, destinationForm]) open.hidden = true
  showError('')
  const closed = byId('closed')
  closed.hidden = false
  closed.textContent = why
  byId('again').hidden = false
}

function handle(command: BridgeCommand): void {
  switch (command.command) {
    case 'openSignRequest':
      pendingUuid = command.uuid as string
      byId('request-uuid').textContent = pendingUuid
      signBox.hidden = false
      break
    case 'scanQr':
      scanForm.hidden = false
      byId('qr').focus()
      break
    case 'selectDestination':
      destinationForm.hidden = false
      byId('address').focus()
      break
    case 'openBrowser':
      entry('event', 'openBrowser', `the xApp asks to open ${String(command.url)}`)
      break
    case 'close':
      entry(
        'event',
        'close',
        `the xApp asks to close${command.refreshEvents ? ', refreshing the event list' : ''}`,
      )
      closeXapp('The xApp closed itself.')
      break
  }
}

window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow || event.origin !== data.xappOrigin) return
  const message = readBridgeMessage(event.data, data.uuidSource)
  if (message.kind === 'ignored') return entry('ignored', message.name, message.why)
  if (message.kind === 'init') {
    frame.contentWindow?.postMessage('XAPP_PROXY_INIT_ACK', data.xappOrigin)
    return entry('command', 'XAPP_PROXY_INIT', 'answered XAPP_PROXY_INIT_ACK')
  }
  entry('command', message.command.command, argumentsText(message.command))
  handle(message.command)
})

async function resolve(action: 'sign' | 'reject'): Promise<void> {
  if (!pendingUuid) return
  const uuid = pendingUuid
  const body = action === 'sign' ? { user: data.user, account: data.account } : { user: data.user }
  const buttons = signBox.querySelectorAll('button')
  for (const button of buttons) button.disabled = true
  showError('')
  try {
    await postControlOrThrow(`payloads/${encodeURIComponent(uuid)}/${action}`, body)
    pendingUuid = null
    signBox.hidden = true
    answer('payloadResolved', { reason: action === 'sign' ? 'SIGNED' : 'DECLINED', uuid })
  } catch (error) {
    showError(`The wallet could not ${action}: ${(error as Error).message}`)
  }
  for (const button of buttons) button.disabled = false
}
byId('sign').addEventListener('click', () => void resolve('sign'))
byId('reject').addEventListener('click', () => void resolve('reject'))

scanForm.addEventListener('submit', (event) => {
  event.preventDefault()
  const contents = byId<HTMLInputElement>('qr').value
  scanForm.hidden = true
  answer(
    'scanQr',
    contents
      ? { qrContents: contents, reason: 'SCANNED' }
      : { qrContents: null, reason: 'INVALID_QR' },
  )
})
byId('scan-close').addEventListener('click', () => {
  scanForm.hidden = true
  answer('scanQr', { qrContents: null, reason: 'USER_CLOSE' })
})

destinationForm.addEventListener('submit', (event) => {
  event.preventDefault()
  const address = inputValue('address')
  const tagText = inputValue('tag')
  if (!ADDRESS.test(address)) return showError('The destination must be a classic address (r…).')
  if (tagText && !/^\d{1,10}$/.test(tagText)) {
    return showError('The destination tag must be a whole number.')
  }
  showError('')
  destinationForm.hidden = true
  const name = inputValue('name') || null
  const destination = { address, name, ...(tagText ? { tag: Number(tagText) } : {}) }
  answer('selectDestination', {
    destination,
    info: {
      account: address,
      name,
      domain: null,
      blocked: false,
      source: '',
      kycApproved: false,
      proSubscription: false,
    },
    reason: 'SELECTED',
  })
})
byId('destination-close').addEventListener('click', () => {
  destinationForm.hidden = true
  answer('selectDestination', { destination: null, info: null, reason: 'USER_CLOSE' })
})

byId('network-form').addEventListener('submit', (event) => {
  event.preventDefault()
  answer('networkSwitch', { network: byId<HTMLSelectElement>('network').value })
})
byId('close').addEventListener('click', () => {
  entry('event', 'close', 'the wallet closed the xApp')
  closeXapp('You closed the xApp.')
})

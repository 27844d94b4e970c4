import { UUID_SOURCE } from '../../../platform/ids'

/**
 * The xApp host simulator's script (plain ES2019, no build step): it plays the wallet around a
 * framed xApp (docs/protocol.md §7.2). It answers `XAPP_PROXY_INIT` with `XAPP_PROXY_INIT_ACK`,
 * lists every command, and answers with the result events when the person (or a browser test)
 * presses a button. Messages are taken only from the framed xApp's window and origin, only as
 * strings of JSON with a known `command` whose arguments check out; anything else is listed as
 * ignored. Text is written with `textContent`, never as markup. Sign and Reject go through the
 * control API (§10), as the launched user.
 */
export const XAPP_HOST_SCRIPT = `(function () {
  'use strict'
  var data = JSON.parse(document.getElementById('page-data').textContent)
  var byId = function (id) { return document.getElementById(id) }
  var frame = byId('xapp')
  var log = byId('log')
  var errorEl = byId('error')
  var signBox = byId('request')
  var scanForm = byId('scan')
  var destinationForm = byId('destination')
  var pendingUuid = null
  var MAX_MESSAGE = 20000
  var UUID = /^${UUID_SOURCE}$/i
  var ADDRESS = /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/
  var isBool = function (value) { return value === undefined || typeof value === 'boolean' }
  var isText = function (value) { return typeof value === 'string' && value.length > 0 && value.length <= 2000 }
  var https = function (value) {
    try { return isText(value) && new URL(value).protocol === 'https:' } catch (e) { return false }
  }
  // each known command and the check of its arguments (§7.2 bridge table); null = fine
  var COMMANDS = {
    ready: function () { return null },
    openSignRequest: function (c) { return typeof c.uuid === 'string' && UUID.test(c.uuid) ? null : 'uuid must be a payload uuid' },
    scanQr: function () { return null },
    selectDestination: function (c) { return isBool(c.ignoreDestinationTag) ? null : 'ignoreDestinationTag must be a boolean' },
    openBrowser: function (c) { return https(c.url) ? null : 'url must be an https URL' },
    share: function (c) { return isText(c.text) ? null : 'text must be a string' },
    txDetails: function (c) { return isText(c.tx) && isText(c.account) ? null : 'tx and account must be strings' },
    close: function (c) { return isBool(c.refreshEvents) ? null : 'refreshEvents must be a boolean' },
    xAppNavigate: function (c) { return isText(c.xApp) ? null : 'xApp must be a string' }
  }

  function entry(kind, name, detail) {
    var item = document.createElement('li')
    item.setAttribute('data-' + kind, name)
    var label = document.createElement('span')
    label.className = 'kind'
    label.textContent = kind
    var code = document.createElement('code')
    code.textContent = name
    item.appendChild(label)
    item.appendChild(code)
    if (detail) item.appendChild(document.createTextNode(' ' + detail))
    log.insertBefore(item, log.firstChild)
  }
  function showError(message) {
    errorEl.textContent = message
    errorEl.hidden = !message
  }
  function answer(method, fields) {
    var message = { method: method }
    for (var key in fields) message[key] = fields[key]
    var text = JSON.stringify(message)
    if (frame.contentWindow) frame.contentWindow.postMessage(text, data.xappOrigin)
    entry('answer', method, text)
  }
  function argsText(command) {
    var rest = {}
    for (var key in command) if (key !== 'command') rest[key] = command[key]
    var text = JSON.stringify(rest)
    return text === '{}' ? '' : text
  }
  function closeXapp(why) {
    frame.hidden = true
    frame.removeAttribute('src')
    byId('closed').hidden = false
    byId('closed').textContent = why
  }

  function handle(command) {
    switch (command.command) {
      case 'openSignRequest':
        pendingUuid = command.uuid
        byId('request-uuid').textContent = command.uuid
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
        entry('event', 'openBrowser', 'the xApp asks to open ' + command.url)
        break
      case 'close':
        entry('event', 'close', 'the xApp asks to close' + (command.refreshEvents ? ', refreshing the event list' : ''))
        closeXapp('The xApp closed itself.')
        break
    }
  }

  window.addEventListener('message', function (event) {
    if (event.source !== frame.contentWindow || event.origin !== data.xappOrigin) return
    var raw = event.data
    if (typeof raw !== 'string' || raw.length > MAX_MESSAGE) return entry('ignored', 'message', 'not a string of JSON')
    if (raw === 'XAPP_PROXY_INIT') {
      event.source.postMessage('XAPP_PROXY_INIT_ACK', data.xappOrigin)
      return entry('command', 'XAPP_PROXY_INIT', 'answered XAPP_PROXY_INIT_ACK')
    }
    var command
    try { command = JSON.parse(raw) } catch (e) { return entry('ignored', 'message', 'not JSON') }
    if (!command || typeof command !== 'object' || Array.isArray(command) || typeof command.command !== 'string' ||
        !Object.prototype.hasOwnProperty.call(COMMANDS, command.command)) {
      return entry('ignored', 'message', 'no known command')
    }
    var problem = COMMANDS[command.command](command)
    if (problem) return entry('ignored', command.command, problem)
    entry('command', command.command, argsText(command))
    handle(command)
  })

  function resolve(action) {
    if (!pendingUuid) return
    var uuid = pendingUuid
    var body = action === 'sign' ? { user: data.user, account: data.account } : { user: data.user }
    var buttons = signBox.querySelectorAll('button')
    for (var i = 0; i < buttons.length; i++) buttons[i].disabled = true
    showError('')
    fetch('/__ref/payloads/' + encodeURIComponent(uuid) + '/' + action, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body)
    }).then(function (res) {
      return res.json().then(function (json) {
        if (!res.ok) throw new Error(json && json.error ? json.error.message : 'HTTP ' + res.status)
        pendingUuid = null
        signBox.hidden = true
        answer('payloadResolved', { reason: action === 'sign' ? 'SIGNED' : 'DECLINED', uuid: uuid })
      })
    }).catch(function (err) {
      showError('The wallet could not ' + action + ': ' + err.message)
    }).then(function () {
      for (var i = 0; i < buttons.length; i++) buttons[i].disabled = false
    })
  }
  byId('sign').addEventListener('click', function () { resolve('sign') })
  byId('reject').addEventListener('click', function () { resolve('reject') })

  scanForm.addEventListener('submit', function (event) {
    event.preventDefault()
    var contents = byId('qr').value
    scanForm.hidden = true
    answer('scanQr', contents ? { qrContents: contents, reason: 'SCANNED' } : { qrContents: null, reason: 'INVALID_QR' })
  })
  byId('scan-close').addEventListener('click', function () {
    scanForm.hidden = true
    answer('scanQr', { qrContents: null, reason: 'USER_CLOSE' })
  })

  destinationForm.addEventListener('submit', function (event) {
    event.preventDefault()
    var address = byId('address').value.trim()
    var tagText = byId('tag').value.trim()
    if (!ADDRESS.test(address)) return showError('The destination must be a classic address (r…).')
    if (tagText && !/^\\d{1,10}$/.test(tagText)) return showError('The destination tag must be a whole number.')
    showError('')
    destinationForm.hidden = true
    var destination = { address: address, name: byId('name').value.trim() || null }
    if (tagText) destination.tag = Number(tagText)
    answer('selectDestination', {
      destination: destination,
      info: { account: address, name: destination.name, domain: null, blocked: false, source: '', kycApproved: false, proSubscription: false },
      reason: 'SELECTED'
    })
  })
  byId('destination-close').addEventListener('click', function () {
    destinationForm.hidden = true
    answer('selectDestination', { destination: null, info: null, reason: 'USER_CLOSE' })
  })

  byId('network-form').addEventListener('submit', function (event) {
    event.preventDefault()
    answer('networkSwitch', { network: byId('network').value })
  })
  byId('close').addEventListener('click', function () {
    entry('event', 'close', 'the wallet closed the xApp')
    closeXapp('You closed the xApp.')
  })
})()
`

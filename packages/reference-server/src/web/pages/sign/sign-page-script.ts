/**
 * The sign page's script (plain ES2019, no build step). It reads the page data block, counts down
 * to expiry on the server's clock, follows the payload websocket (§4), answers through the control
 * API (§10) and, after a resolution, follows `return_url.web` (http and https only). It writes
 * text with `textContent` and `new Option`, never as markup.
 */
export const SIGN_PAGE_SCRIPT = `(function () {
  'use strict'
  var data = JSON.parse(document.getElementById('page-data').textContent)
  var texts = data.texts
  var byId = function (id) { return document.getElementById(id) }
  var statusEl = byId('status')
  var detailEl = byId('detail')
  var errorEl = byId('error')
  var returnEl = byId('return')
  var liveEl = byId('live')
  var countdownEl = byId('countdown')
  var form = byId('act')
  var userSelect = byId('user')
  var accountSelect = byId('account')
  var networkSelect = byId('network')
  var expiresAt = Date.parse(data.expiresAt)
  // server time minus browser time: the server clock can be moved (control API), so count on it
  var offset = data.serverNow - Date.now()
  var state = data.state
  var done = !(state === 'pending' || state === 'opened')
  var busy = false
  var leaving = false

  function setStatus(next, text) {
    state = next
    statusEl.setAttribute('data-state', next)
    statusEl.textContent = text || texts[next]
  }
  function showError(message) {
    errorEl.textContent = message
    errorEl.hidden = false
  }
  function hideForm() {
    if (form) form.closest('section').hidden = true
  }
  function setBusy(value) {
    busy = value
    if (!form) return
    var buttons = form.querySelectorAll('button')
    for (var i = 0; i < buttons.length; i++) buttons[i].disabled = value
  }
  function line(label, value) {
    var fragment = document.createDocumentFragment()
    fragment.appendChild(document.createTextNode(label))
    var code = document.createElement('code')
    code.textContent = value
    fragment.appendChild(code)
    return fragment
  }
  function formatRemaining(seconds) {
    var h = Math.floor(seconds / 3600)
    var m = Math.floor((seconds % 3600) / 60)
    var s = seconds % 60
    if (h > 0) return 'in ' + h + ' h ' + m + ' min'
    if (m > 0) return 'in ' + m + ' min ' + (s < 10 ? '0' : '') + s + ' s'
    return 'in ' + s + ' s'
  }
  function tick() {
    if (!countdownEl) return
    var seconds = Math.floor((expiresAt - (Date.now() + offset)) / 1000)
    countdownEl.textContent = seconds > 0 ? formatRemaining(seconds) : texts.expiredCountdown
    // expiry limits opening, not resolving: only a payload nobody opened stops being answerable
    if (seconds <= 0 && state === 'pending' && !busy) {
      setStatus('expired')
      hideForm()
      done = true
    }
  }
  var rendered = byId('explorer')
  var known = { txid: data.txid, account: data.account, explorer: rendered && rendered.getAttribute('href') }
  // the socket's resolve message has no account; the control API's record, arriving later, has
  function showDetail(signed, txid, account) {
    if (!signed) return
    known.txid = txid || known.txid
    known.account = account || known.account
    detailEl.textContent = ''
    if (known.txid) detailEl.appendChild(line(texts.txid, known.txid))
    if (known.account) {
      if (known.txid) detailEl.appendChild(document.createElement('br'))
      detailEl.appendChild(line(texts.account, known.account))
    }
    if (known.explorer) {
      var link = document.createElement('a')
      link.id = 'explorer'
      link.href = known.explorer
      link.textContent = texts.explorer
      detailEl.appendChild(document.createElement('br'))
      detailEl.appendChild(link)
    }
  }
  // The outcome as the server renders it (with the explorer link, whose network only the record
  // has): the page is fetched again and its detail taken over.
  function refreshDetail() {
    fetch(location.href, { headers: { accept: 'text/html' } })
      .then(function (res) { return res.ok ? res.text() : null })
      .then(function (text) {
        if (!text) return
        var link = new DOMParser().parseFromString(text, 'text/html').getElementById('explorer')
        var href = link && link.getAttribute('href')
        if (!href || !/^https?:\\/\\//i.test(href)) return
        known.explorer = href
        showDetail(true)
      }, function () {})
  }
  function resolved(signed, txid, account, returnUrl) {
    if (done) return showDetail(state === 'signed', txid, account)
    done = true
    hideForm()
    errorEl.hidden = true
    setStatus(signed ? 'signed' : 'rejected')
    showDetail(signed, txid, account)
    // Over: nothing left to scan or to count down.
    var qr = byId('qr')
    if (qr) qr.hidden = true
    if (countdownEl) countdownEl.hidden = true
    countdownEl = null
    if (signed) refreshDetail()
    if (typeof returnUrl === 'string' && /^https?:\\/\\//i.test(returnUrl)) {
      var link = document.createElement('a')
      link.href = returnUrl
      link.textContent = returnUrl
      returnEl.textContent = texts.returning
      returnEl.appendChild(link)
      returnEl.hidden = false
      setTimeout(function () {
        leaving = true
        window.location.assign(returnUrl)
      }, data.followDelayMs)
    }
  }
  function fillAccounts() {
    if (!userSelect || !accountSelect) return
    var user = data.users.filter(function (u) { return u.uuid === userSelect.value })[0]
    accountSelect.textContent = ''
    if (!user) return
    user.accounts.forEach(function (a) { accountSelect.add(new Option(a.label, a.address)) })
  }
  function showNativeUnit() {
    var key = networkSelect ? networkSelect.value : data.forceNetwork
    var network = data.networks.filter(function (n) { return n.key === key })[0]
    if (!network) return
    var units = document.querySelectorAll('.native-unit')
    for (var i = 0; i < units.length; i++) units[i].textContent = network.nativeAsset
  }
  function answer(kind) {
    if (busy || done || !userSelect) return
    var body = { user: userSelect.value }
    if (kind === 'sign') {
      if (accountSelect && accountSelect.value) body.account = accountSelect.value
      if (networkSelect) body.network = networkSelect.value
    }
    setBusy(true)
    errorEl.hidden = true
    var previous = state
    setStatus(previous, kind === 'sign' ? texts.signing : texts.rejecting)
    fetch('/__ref/payloads/' + encodeURIComponent(data.uuid) + '/' + kind, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
      .then(function (res) {
        return res.json().then(
          function (json) { return { ok: res.ok, status: res.status, json: json } },
          function () { return { ok: res.ok, status: res.status, json: null } },
        )
      })
      .then(function (result) {
        setBusy(false)
        var record = result.json
        if (!result.ok || !record || !record.meta) {
          var error = record && record.error
          setStatus(previous)
          showError(error && error.message ? error.message + ' (code ' + error.code + ')' : 'HTTP ' + result.status)
          return
        }
        resolved(record.meta.signed, record.response.txid, record.response.account, record.meta.return_url_web)
      }, function (err) {
        setBusy(false)
        setStatus(previous)
        showError(String(err))
      })
  }
  function connect() {
    var socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + data.socketPath)
    socket.onopen = function () {
      liveEl.textContent = 'live'
      document.body.setAttribute('data-socket', 'open')
    }
    socket.onmessage = function (event) {
      var msg
      try { msg = JSON.parse(event.data) } catch (e) { return }
      if (!msg || typeof msg !== 'object') return
      if (typeof msg.payload_uuidv4 === 'string' && typeof msg.signed === 'boolean') {
        resolved(msg.signed, msg.txid, null, msg.return_url && msg.return_url.web)
      } else if (typeof msg.expires_in_seconds === 'number') {
        offset = expiresAt - msg.expires_in_seconds * 1000 - Date.now()
        tick()
      } else if (done || busy) {
        return
      } else if (msg.opened === true) {
        setStatus('opened')
      } else if (msg.pre_signed === true) {
        setStatus('opened', texts.pre_signed)
      } else if (msg.dispatched === true) {
        setStatus('opened', texts.dispatched)
      } else if (msg.expired === true && state === 'pending') {
        // expired and cancelled send the same message (§3.4): the server page tells them apart;
        // an opened payload stays answerable after expiry, so it never reloads
        window.location.reload()
      }
    }
    socket.onclose = function () {
      liveEl.textContent = 'offline, reconnecting…'
      document.body.setAttribute('data-socket', 'closed')
      if (!done) setTimeout(connect, 2000)
    }
  }

  if (userSelect) userSelect.addEventListener('change', fillAccounts)
  if (networkSelect) networkSelect.addEventListener('change', showNativeUnit)
  if (form) {
    form.addEventListener('submit', function (event) { event.preventDefault(); answer('sign') })
    byId('reject').addEventListener('click', function () { answer('reject') })
  }
  // a popup OAuth sign-in closed by the person, not left for the return page (§7.1)
  if (data.popupOpenerOrigin) {
    window.addEventListener('pagehide', function () {
      if (leaving || !window.opener) return
      window.opener.postMessage(JSON.stringify({ source: 'xumm_sign_request_popup_closed' }), data.popupOpenerOrigin)
    })
  }
  showNativeUnit()
  tick()
  setInterval(tick, 1000)
  connect()
})()
`

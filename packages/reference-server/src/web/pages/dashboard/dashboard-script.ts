import { DASHBOARD_ACTIONS_SCRIPT } from './dashboard-actions-script'

// About every second it fetches the server-rendered sections and swaps those that changed, so
// text stays selectable between changes (API credentials are copied from here). Polling pauses
// while the tab is hidden. A `dashboard:refresh` event (an action was taken) fetches at once;
// `dashboard:updated` follows every successful fetch.
const LIVE_SCRIPT = `(function () {
  'use strict'
  var data = JSON.parse(document.getElementById('page-data').textContent)
  var main = document.querySelector('main')
  function setLive(text, ok) {
    // looked up each time: the server section carrying it is swapped when it changes
    var live = document.getElementById('live')
    if (!live) return
    live.textContent = text
    live.className = 'badge ' + (ok ? 'ok' : 'fail')
  }
  function apply(text) {
    var doc = new DOMParser().parseFromString('<main>' + text + '</main>', 'text/html')
    var sections = doc.querySelectorAll('main > section[id]')
    for (var i = 0; i < sections.length; i++) {
      var next = sections[i]
      var current = document.getElementById(next.id)
      if (!current) main.appendChild(document.importNode(next, true))
      else if (current.innerHTML !== next.innerHTML) current.replaceWith(document.importNode(next, true))
    }
  }
  function refresh() {
    return fetch(data.livePath, { headers: { accept: 'text/html' } })
      .then(function (res) {
        if (!res.ok) throw new Error('HTTP ' + res.status)
        return res.text()
      })
      .then(function (text) {
        apply(text)
        setLive('live', true)
        document.body.setAttribute('data-refreshed', String(Date.now()))
        document.dispatchEvent(new Event('dashboard:updated'))
      }, function (err) {
        setLive('offline (' + err.message + '), retrying…', false)
      })
  }
  function poll() {
    if (document.hidden) return setTimeout(poll, data.intervalMs)
    refresh().then(function () { setTimeout(poll, data.intervalMs) })
  }
  document.addEventListener('dashboard:refresh', refresh)
  setTimeout(poll, data.intervalMs)
})()
`

/**
 * The dashboard's one inline script (plain ES2019, no build step; one script, so one hash in the
 * pages' content security policy): the live sections, then the actions card. The semicolon
 * between the two IIFEs keeps the second from calling what the first returned.
 */
export const DASHBOARD_SCRIPT = `${LIVE_SCRIPT};\n${DASHBOARD_ACTIONS_SCRIPT}`

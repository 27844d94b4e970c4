/**
 * The dashboard's script (plain ES2019, no build step): about every second it fetches the
 * server-rendered sections and swaps those that changed, so text stays selectable between changes
 * (API credentials are copied from here). Polling pauses while the tab is hidden.
 */
export const DASHBOARD_SCRIPT = `(function () {
  'use strict'
  var data = JSON.parse(document.getElementById('page-data').textContent)
  var main = document.querySelector('main')
  var live = document.getElementById('live')
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
  function poll() {
    if (document.hidden) return setTimeout(poll, data.intervalMs)
    fetch(data.livePath, { headers: { accept: 'text/html' } })
      .then(function (res) {
        if (!res.ok) throw new Error('HTTP ' + res.status)
        return res.text()
      })
      .then(function (text) {
        apply(text)
        live.textContent = 'live'
        document.body.setAttribute('data-refreshed', String(Date.now()))
      }, function (err) {
        live.textContent = 'offline (' + err.message + '), retrying…'
      })
      .then(function () { setTimeout(poll, data.intervalMs) })
  }
  setTimeout(poll, data.intervalMs)
})()
`

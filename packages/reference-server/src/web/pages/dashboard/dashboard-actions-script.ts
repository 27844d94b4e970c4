/**
 * The script of the dashboard's actions card (plain ES2019, no build step). It posts each form
 * and each payload row's Sign or Reject button to the control API (docs/protocol.md §10), says
 * what happened in `#action-result` (the API's own error message on a refusal), asks the live
 * sections to refresh at once, and keeps the "answer as" list in step with the users section.
 * Text is written with `textContent` and `new Option`, never as markup.
 */
export const DASHBOARD_ACTIONS_SCRIPT = `(function () {
  'use strict'
  var byId = function (id) { return document.getElementById(id) }
  var result = byId('action-result')
  var actAs = byId('act-user')
  function post(path, body) {
    return fetch('/__ref/' + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(function (res) {
      return res.json().then(function (json) { return json }, function () { return null }).then(function (json) {
        if (res.ok) return json
        var error = json && json.error
        throw new Error(error && error.message ? error.message + ' (code ' + error.code + ')' : 'HTTP ' + res.status)
      })
    })
  }
  function run(path, body, describe) {
    result.setAttribute('data-state', 'busy')
    result.textContent = 'Working…'
    return post(path, body).then(function (json) {
      result.setAttribute('data-state', 'ok')
      result.textContent = describe(json)
      document.dispatchEvent(new Event('dashboard:refresh'))
      return true
    }, function (err) {
      result.setAttribute('data-state', 'error')
      result.textContent = err.message
      return false
    })
  }
  function onSubmit(id, handler) {
    byId(id).addEventListener('submit', function (event) {
      event.preventDefault()
      handler(event.target)
    })
  }
  function syncUsers() {
    var items = document.querySelectorAll('#users [data-user]')
    var chosen = actAs.value
    var same = items.length === actAs.options.length
    for (var i = 0; same && i < items.length; i++) same = actAs.options[i].value === items[i].getAttribute('data-user')
    if (same) return
    actAs.textContent = ''
    for (var j = 0; j < items.length; j++) {
      var name = items[j].querySelector('h3')
      actAs.add(new Option(name ? name.textContent : '', items[j].getAttribute('data-user')))
    }
    actAs.value = chosen
    if (actAs.selectedIndex < 0) actAs.selectedIndex = 0
  }

  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('button[data-act]')
    if (!button) return
    var kind = button.getAttribute('data-act')
    var uuid = button.getAttribute('data-payload')
    var who = actAs.options[actAs.selectedIndex]
    button.disabled = true
    run('payloads/' + encodeURIComponent(uuid) + '/' + kind, { user: actAs.value }, function (record) {
      var outcome = record && record.meta && record.meta.signed ? 'signed' : 'rejected'
      return 'Payload ' + uuid.slice(0, 8) + '… ' + outcome + ' as ' + (who ? who.textContent : 'the user') + '.'
    }).then(function () { button.disabled = false })
  })
  onSubmit('advance-clock', function (form) {
    run('clock/advance', { seconds: Number(form.elements.seconds.value) }, function (json) {
      return 'Clock advanced; server time is now ' + json.now + '.'
    })
  })
  onSubmit('add-user', function (form) {
    run('users', { name: form.elements.name.value }, function (user) {
      form.reset()
      return 'Added user ' + user.name + '.'
    })
  })
  onSubmit('add-application', function (form) {
    var body = { name: form.elements.name.value }
    if (form.elements.webhookUrl.value) body.webhookUrl = form.elements.webhookUrl.value
    run('applications', body, function (app) {
      form.reset()
      return 'Added application ' + app.name + '.'
    })
  })
  onSubmit('reset', function () {
    if (!window.confirm('Reset the server to its start fixtures?')) return
    run('reset', {}, function () { return 'Reset to the start fixtures.' })
  })
  document.addEventListener('dashboard:updated', syncUsers)
})()
`

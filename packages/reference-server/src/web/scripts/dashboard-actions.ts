import { type ControlMethod, controlOrThrow } from './control-api'
import { startApplicationForms } from './dashboard-applications'
import { byId } from './page-data'
import { syncOptions } from './select-options'

interface Named {
  name: string
}

/** The form control `name` of a form, as an input (the dashboard renders each one). */
export const field = (form: HTMLFormElement, name: string): HTMLInputElement =>
  form.elements.namedItem(name) as HTMLInputElement

/**
 * Calls the control API for an action, says what happened in `#action-result`, and refreshes the
 * live sections on success.
 */
export type RunAction = (
  path: string,
  body: unknown,
  describe: (json: unknown) => string,
  method?: ControlMethod,
) => Promise<boolean>

/** Handles the submit of the form `id` (the browser's own submit is prevented). */
export type OnSubmit = (id: string, handler: (form: HTMLFormElement) => void) => void

/**
 * The dashboard's actions card. It posts each form and each payload row's Sign or Reject button
 * to the control API (docs/protocol.md §10), says what happened in `#action-result` (the API's
 * own error message on a refusal), asks the live sections to refresh at once, and keeps the
 * "answer as" list in step with the users section. Returns how to run more actions (the
 * autopilot's, dashboard-autopilot.ts). Text is written with `textContent` and
 * `new Option`, never as markup.
 */
export function startDashboardActions(): { run: RunAction; onSubmit: OnSubmit } {
  const result = byId('action-result')
  const actAs = byId<HTMLSelectElement>('act-user')

  const run: RunAction = async (path, body, describe, method = 'POST') => {
    result.setAttribute('data-state', 'busy')
    result.textContent = 'Working…'
    try {
      const json = await controlOrThrow(path, body, method)
      result.setAttribute('data-state', 'ok')
      result.textContent = describe(json)
      document.dispatchEvent(new Event('dashboard:refresh'))
      return true
    } catch (error) {
      result.setAttribute('data-state', 'error')
      result.textContent = (error as Error).message
      return false
    }
  }
  const onSubmit: OnSubmit = (id, handler) => {
    const form = byId<HTMLFormElement>(id)
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      handler(form)
    })
  }

  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>(
      'button[data-act]',
    )
    if (!button) return
    const kind = button.getAttribute('data-act') ?? ''
    const uuid = button.getAttribute('data-payload') ?? ''
    const who = actAs.options[actAs.selectedIndex]
    button.disabled = true
    void run(`payloads/${encodeURIComponent(uuid)}/${kind}`, { user: actAs.value }, (json) => {
      const record = json as { meta?: { signed?: boolean } } | null
      const outcome = record?.meta?.signed ? 'signed' : 'rejected'
      return `Payload ${uuid.slice(0, 8)}… ${outcome} as ${who ? who.textContent : 'the user'}.`
    }).then(() => {
      button.disabled = false
    })
  })
  onSubmit('advance-clock', (form) => {
    void run('clock/advance', { seconds: Number(field(form, 'seconds').value) }, (json) => {
      return `Clock advanced; server time is now ${(json as { now: string }).now}.`
    })
  })
  onSubmit('add-user', (form) => {
    void run('users', { name: field(form, 'name').value }, (user) => {
      form.reset()
      return `Added user ${(user as Named).name}.`
    })
  })
  onSubmit('reset', () => {
    if (!window.confirm('Reset the server to its start fixtures?')) return
    void run('reset', {}, () => 'Reset to the start fixtures.')
  })
  document.addEventListener('dashboard:updated', () =>
    syncOptions(actAs, '#users [data-user]', 'data-user'),
  )
  startApplicationForms(run)
  return { run, onSubmit }
}

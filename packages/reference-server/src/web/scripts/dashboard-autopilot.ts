import { field, type OnSubmit, type RunAction } from './dashboard-actions'
import { byId } from './page-data'
import { syncOptions } from './select-options'

interface Rule {
  enabled: boolean
}

const rulesText = (json: unknown): string => {
  const rules = (json as { autopilot?: Rule[] } | null)?.autopilot ?? []
  const on = rules.filter((rule) => rule.enabled).length
  return `Autopilot: ${on} of ${rules.length} rule${rules.length === 1 ? '' : 's'} on.`
}

/**
 * The dashboard's autopilot controls (docs/protocol.md §10 `/__ref/autopilot`): the form of the
 * actions card switches a rule on; each rule's button in the autopilot section switches it off or
 * on again (the same rule posted with `enabled` flipped); "All off" ends every rule. The form's
 * user and application lists follow the live sections.
 */
export function startDashboardAutopilot({
  run,
  onSubmit,
}: {
  run: RunAction
  onSubmit: OnSubmit
}): void {
  const users = byId<HTMLSelectElement>('autopilot-user')
  const applications = byId<HTMLSelectElement>('autopilot-application')

  onSubmit('autopilot-on', (form) => {
    const application = applications.value
    const txType = field(form, 'txType').value.trim()
    const body = {
      user: users.value,
      answer: field(form, 'answer').value,
      afterMs: Number(field(form, 'afterMs').value),
      ...(application ? { application } : {}),
      ...(txType ? { txType } : {}),
    }
    void run('autopilot', body, rulesText)
  })
  document.addEventListener('click', (event) => {
    const target = event.target as Element | null
    const toggle = target?.closest?.<HTMLButtonElement>('button[data-autopilot-rule]')
    if (toggle) {
      const rule = JSON.parse(toggle.getAttribute('data-autopilot-rule') ?? '{}') as Rule
      toggle.disabled = true
      void run('autopilot', { ...rule, enabled: !rule.enabled }, rulesText)
      return
    }
    if (target?.closest?.('button[data-autopilot-clear]')) {
      void run('autopilot', undefined, () => 'Autopilot off: every rule ended.', 'DELETE')
    }
  })
  document.addEventListener('dashboard:updated', () => {
    syncOptions(users, '#users [data-user]', 'data-user')
    syncOptions(applications, '#applications [data-application]', 'data-application', 1)
  })
}

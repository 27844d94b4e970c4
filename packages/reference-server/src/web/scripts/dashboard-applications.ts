import { byId } from './page-data'

/** An application's settings the edit form changes (its item's `data-settings` on the dashboard). */
export interface ApplicationSettings {
  webhookUrl: string | null
  redirectUris: string[]
  /** The §10 xApp settings; besides `url`, the rest (sandbox, devices, developer) is kept as is on an edit. */
  xapp: { url: string } | null
}

/** Posts a control API call and says what happened (dashboard-actions.ts `run`). */
export type RunAction = (
  path: string,
  body: unknown,
  describe: (json: unknown) => string,
  method?: 'POST' | 'PATCH',
) => Promise<boolean>

interface Named {
  name: string
}

const control = <T extends HTMLElement>(form: HTMLFormElement, name: string): T =>
  form.elements.namedItem(name) as T

/** The redirect URIs of a textarea: one a line, blank lines left out. */
const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

/** The settings an application's item on the dashboard carries, or null when it is gone. */
function settingsOf(uuid: string): ApplicationSettings | null {
  const item = document.querySelector(`#applications [data-application="${CSS.escape(uuid)}"]`)
  const text = item?.getAttribute('data-settings')
  return text ? (JSON.parse(text) as ApplicationSettings) : null
}

/**
 * The dashboard's application forms: Add application (name, webhook, redirect URIs, xApp URL;
 * POST `/__ref/applications`) and Edit application, which fills itself from the chosen
 * application and sends what it holds as PATCH `/__ref/applications/{uuid}` (docs/protocol.md
 * §10): an empty webhook or xApp URL removes it; an xApp keeps its sandbox and devices.
 */
export function startApplicationForms(run: RunAction): void {
  const add = byId<HTMLFormElement>('add-application')
  const edit = byId<HTMLFormElement>('edit-application')
  const chosen = control<HTMLSelectElement>(edit, 'uuid')

  const fill = (): void => {
    const settings = settingsOf(chosen.value)
    control<HTMLInputElement>(edit, 'webhookUrl').value = settings?.webhookUrl ?? ''
    control<HTMLTextAreaElement>(edit, 'redirectUris').value = (settings?.redirectUris ?? []).join(
      '\n',
    )
    control<HTMLInputElement>(edit, 'xappUrl').value = settings?.xapp?.url ?? ''
  }
  // the select follows the applications section, keeping the choice; a new choice refills
  const syncApplications = (): void => {
    const items = [...document.querySelectorAll('#applications [data-application]')]
    const same =
      items.length === chosen.options.length &&
      items.every((item, i) => chosen.options[i]?.value === item.getAttribute('data-application'))
    if (same) return
    const value = chosen.value
    chosen.textContent = ''
    for (const item of items) {
      const name = item.querySelector('h3')?.textContent ?? ''
      chosen.add(new Option(name, item.getAttribute('data-application') ?? ''))
    }
    chosen.value = value
    if (chosen.selectedIndex < 0) {
      chosen.selectedIndex = 0
      fill()
    }
  }

  add.addEventListener('submit', (event) => {
    event.preventDefault()
    const webhookUrl = control<HTMLInputElement>(add, 'webhookUrl').value
    const redirectUris = lines(control<HTMLTextAreaElement>(add, 'redirectUris').value)
    const xappUrl = control<HTMLInputElement>(add, 'xappUrl').value.trim()
    const body = {
      name: control<HTMLInputElement>(add, 'name').value,
      ...(webhookUrl ? { webhookUrl } : {}),
      ...(redirectUris.length ? { redirectUris } : {}),
      ...(xappUrl ? { xapp: { url: xappUrl } } : {}),
    }
    void run('applications', body, (app) => {
      add.reset()
      return `Added application ${(app as Named).name}.`
    })
  })
  edit.addEventListener('submit', (event) => {
    event.preventDefault()
    const uuid = chosen.value
    const xappUrl = control<HTMLInputElement>(edit, 'xappUrl').value.trim()
    const current = settingsOf(uuid)?.xapp ?? null
    const body = {
      webhookUrl: control<HTMLInputElement>(edit, 'webhookUrl').value.trim() || null,
      redirectUris: lines(control<HTMLTextAreaElement>(edit, 'redirectUris').value),
      xapp: xappUrl ? { ...current, url: xappUrl } : null,
    }
    void run(
      `applications/${encodeURIComponent(uuid)}`,
      body,
      (app) => `Saved application ${(app as Named).name}.`,
      'PATCH',
    )
  })
  chosen.addEventListener('change', fill)
  document.addEventListener('dashboard:updated', syncApplications)
  fill()
}

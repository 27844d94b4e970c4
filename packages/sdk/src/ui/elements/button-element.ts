import {
  createSession,
  RESTORING_SESSION,
  type SessionClient,
  type SessionSnapshot,
  type SessionStatus,
  type SessionStore,
} from '../session'
import { sessionEvents } from '../store-events'
import { h } from './dom'
import { inputs, PullSignElement } from './pullsign-element'

/**
 * `<pullsign-button>`: signing in with a browser (or native) client. "Sign in" (the popup opens
 * from the click itself), then an account chip with the shortened address and "Sign out". While
 * the client reads its kept session the button waits (`restoring`), so a signed-in person never
 * sees "Sign in" flash. Events: `pullsign-signin` (`{account}`), `pullsign-signout`.
 *
 * @example
 * ```ts
 * import { createBrowserClient } from 'pullsign'
 * import 'pullsign/ui/define'
 *
 * const button = document.createElement('pullsign-button')
 * button.client = createBrowserClient({ apiKey: '6d3e2b1c-0a9f-4e8d-b7c6-5a4f3e2d1c0b' })
 * button.addEventListener('pullsign-signin', (event) => console.log(event.detail.account))
 * document.body.append(button)
 * ```
 */
export class PullSignButtonElement extends PullSignElement<SessionSnapshot, SessionStore> {
  static {
    inputs(PullSignButtonElement, ['client'])
  }
  /** The browser (or native) client to sign in with; none: it stays `restoring`. */
  declare client?: SessionClient | null

  /** Where the session is: `restoring`, `signed-out`, `signing-in` or `signed-in`. */
  get state(): SessionStatus {
    return this.snapshot.status
  }

  protected makeStore(): SessionStore {
    return createSession(this.client ?? null)
  }

  protected override events(previous: SessionSnapshot | undefined, next: SessionSnapshot) {
    return sessionEvents(previous ?? RESTORING_SESSION, next)
  }

  update(): void {
    const { status, account, error } = this.snapshot
    const store = this.store
    const signedIn = status === 'signed-in' && account
    const busy = status !== 'signed-out'
    // A render replaces the buttons: a keyboard user's focus stays on the same part.
    const focused = this.root.activeElement?.getAttribute('part')
    this.root.replaceChildren(
      ...(signedIn
        ? [
            h(
              'span',
              { part: 'account', title: account },
              `${account.slice(0, 4)}…${account.slice(-4)}`,
            ),
            h(
              'button',
              { part: 'signout-button', type: 'button', click: store.signOut },
              this.t('signOut'),
            ),
          ]
        : [
            h(
              'button',
              {
                part: 'button',
                type: 'button',
                disabled: busy,
                'aria-busy': String(busy),
                click: store.signIn,
              },
              this.t(status === 'signing-in' ? 'signingIn' : 'signIn'),
            ),
          ]),
      ...(error && !signedIn
        ? [h('p', { part: 'error', role: 'alert' }, this.t('signInFailed'))]
        : []),
    )
    if (focused) this.root.querySelector<HTMLElement>(`[part="${focused}"]`)?.focus()
  }
}

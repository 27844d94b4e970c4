import type { BrowserClient } from '../runtimes/browser/browser-client'
import type { NativeClient } from '../runtimes/native/native-client'
import { createStateCell, type ExternalStore } from './external-store'

/**
 * Where a sign-in session is: `restoring` (a kept session or a return from the provider is being
 * read), `signed-out`, `signing-in` (the popup, the redirect or the app's deep link is out), or
 * `signed-in`.
 *
 * @example
 * ```ts
 * const status: SessionStatus = 'signed-in'
 * ```
 */
export type SessionStatus = 'restoring' | 'signed-out' | 'signing-in' | 'signed-in'

/**
 * One immutable state of a session store: the status, the signed-in account, and the last
 * sign-in's failure (`code` and `reason` of the SDK's `SignInError`, e.g. `popup-closed`).
 *
 * @example
 * ```ts
 * const { status, account, error } = session.getSnapshot()
 * ```
 */
export interface SessionSnapshot {
  readonly status: SessionStatus
  readonly account: string | null
  readonly error: {
    readonly code: string
    readonly reason?: string
    readonly message: string
  } | null
}

/**
 * A session store: the {@link ExternalStore} contract, `signIn()` and `signOut()`.
 *
 * @example
 * ```ts
 * button.onclick = () => session.signIn()
 * ```
 */
export interface SessionStore extends ExternalStore<SessionSnapshot> {
  /**
   * Signs the person in (call it from a click: the popup needs the gesture). Resolves `true`
   * once signed in, `false` when it failed (see `error`) or the page left for a redirect.
   */
  signIn(): Promise<boolean>
  /** Forgets the session. */
  signOut(): Promise<void>
}

/**
 * A client a session store reads: a browser or a native client.
 *
 * @example
 * ```ts
 * const client: SessionClient = createBrowserClient({ apiKey })
 * ```
 */
export type SessionClient = Pick<
  BrowserClient | NativeClient,
  'on' | 'state' | 'environment' | 'authorize' | 'logout'
>

/**
 * The session a server render reports, and every session store's first state: `restoring`.
 *
 * @example
 * ```ts
 * useSyncExternalStore(session.subscribe, session.getSnapshot, () => RESTORING_SESSION)
 * ```
 */
export const RESTORING_SESSION: SessionSnapshot = /* @__PURE__ */ Object.freeze({
  status: 'restoring',
  account: null,
  error: null,
})

/**
 * Makes the store of a browser (or native) client's sign-in session: `restoring` until the
 * client has read its kept session (its `ready` event, or its runtime answering), then
 * `signed-in` with the account or `signed-out`, following every sign-in and sign-out after.
 * Without a client (a server render, a page that has not made it yet) it stays `restoring`.
 *
 * @example
 * ```ts
 * import { createBrowserClient } from 'pullsign'
 * import { createSession } from 'pullsign/ui'
 *
 * const session = createSession(createBrowserClient({ apiKey: '6d3e2b1c-0a9f-4e8d-b7c6-5a4f3e2d1c0b' }))
 * session.subscribe(({ status, account }) => console.log(status, account))
 * document.querySelector('button')?.addEventListener('click', () => session.signIn())
 * ```
 */
export function createSession(client: SessionClient | null): SessionStore {
  const set = (patch: Partial<SessionSnapshot>) =>
    cell.set(Object.freeze({ ...cell.getSnapshot(), ...patch }))
  // The client's state as a status (an attempt under way stays `signing-in`).
  const sync = () => {
    if (!client) return
    const { signedIn, account } = client.state
    set({ status: signedIn ? 'signed-in' : 'signed-out', account: account ?? null })
  }
  const failed = (err: unknown) => {
    const { code = 'ERR_SIGN_IN', reason, message = String(err) } = Object(err)
    set({ error: Object.freeze({ code, message, ...(reason ? { reason } : {}) }) })
  }
  const cell = createStateCell<SessionSnapshot>(RESTORING_SESSION, () => {
    if (!client) return () => {}
    // The client's `state` follows its events a moment later (its runtime is set once started):
    // read it after them.
    const later = () => queueMicrotask(sync)
    const offs = [
      client.on('retrieving', () => set({ status: 'restoring' })),
      client.on('ready', later),
      client.on('success', () => {
        set({ error: null })
        later()
      }),
      client.on('loggedout', later),
      client.on('error', failed),
    ]
    // The runtime answers its environment's `ott` (always `undefined` for a sign-in client) once
    // it has started, and so has read the kept session: a client made long before this store
    // fired its `ready` already.
    client.environment.ott.then(() => {
      if (cell.getSnapshot().status === 'restoring') sync()
    }, failed)
    return () => {
      for (const off of offs) off()
    }
  })
  return {
    subscribe: cell.subscribe,
    getSnapshot: cell.getSnapshot,
    signIn() {
      if (!client) return Promise.resolve(false)
      set({ status: 'signing-in', error: null })
      // Called at once: a popup opened later than the click is blocked.
      return client.authorize().then(
        (result) => {
          if (result === undefined) return false // the page leaves for the provider
          sync()
          return true
        },
        (err: unknown) => {
          sync()
          failed(err)
          return false
        },
      )
    },
    async signOut() {
      await client?.logout()
      sync()
    },
  }
}

import { useMemo, useSyncExternalStore } from 'react'
import {
  createSession,
  RESTORING_SESSION,
  type SessionClient,
  type SessionSnapshot,
  type SessionStore,
} from '../ui/session'
import { statusFlags } from './status-flags'

/**
 * What {@link useSession} returns: the session, a flag per status, and the actions.
 *
 * @example
 * ```tsx
 * const { isSignedIn, account, signIn } = useSession(client)
 * ```
 */
export interface SessionState extends SessionSnapshot, Pick<SessionStore, 'signIn' | 'signOut'> {
  readonly isRestoring: boolean
  readonly isSignedOut: boolean
  readonly isSigningIn: boolean
  readonly isSignedIn: boolean
}

/**
 * A browser (or native) client's sign-in session in a component: `restoring` on the server and
 * until the kept session is read, then `signed-in` or `signed-out`. A page that makes its client
 * only in the browser passes `null` on the server (and while it has none): `restoring`.
 *
 * @example
 * ```tsx
 * import { createBrowserClient } from 'pullsign'
 * import { useSession } from 'pullsign/react'
 *
 * const client = createBrowserClient({ apiKey: '6d3e2b1c-0a9f-4e8d-b7c6-5a4f3e2d1c0b' })
 *
 * export function Account() {
 *   const { isSignedIn, account, signIn, signOut } = useSession(client)
 *   return isSignedIn ? <button onClick={signOut}>{account}</button> : <button onClick={signIn}>Sign in</button>
 * }
 * ```
 */
export function useSession(client: SessionClient | null | undefined): SessionState {
  const store = useMemo(() => createSession(client ?? null), [client])
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, () => RESTORING_SESSION)
  return {
    ...snapshot,
    ...statusFlags(['restoring', 'signed-out', 'signing-in', 'signed-in'], snapshot.status),
    signIn: store.signIn,
    signOut: store.signOut,
  } as SessionState
}

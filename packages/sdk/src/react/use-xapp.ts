import { useMemo, useSyncExternalStore } from 'react'
import type { XappClient } from '../runtimes/xapp/xapp-client'
import { createXapp, LOADING_XAPP, type XappSnapshot, type XappStore } from '../ui/xapp'
import { statusFlags } from './status-flags'

/**
 * What {@link useXapp} returns: the launch, a flag per status, and the wallet commands.
 *
 * @example
 * ```tsx
 * const { isReady, account, openSignRequest } = useXapp(client)
 * ```
 */
export interface XappState extends XappSnapshot, Pick<XappStore, 'openSignRequest' | 'close'> {
  readonly isLoading: boolean
  readonly isReady: boolean
  readonly isError: boolean
}

/**
 * An xApp page's launch in a component: `loading` on the server (pass `null` there) and until
 * the one-time token is traded, then `ready` with the account and the context.
 *
 * @example
 * ```tsx
 * import { createXappClient } from 'pullsign'
 * import { useXapp } from 'pullsign/react'
 *
 * const client = createXappClient({ apiKey: '6d3e2b1c-0a9f-4e8d-b7c6-5a4f3e2d1c0b' })
 *
 * export function Home() {
 *   const { isReady, account } = useXapp(client)
 *   return <p>{isReady ? account : 'Loading…'}</p>
 * }
 * ```
 */
export function useXapp(client: XappClient | null | undefined): XappState {
  const store = useMemo(() => createXapp(client ?? null), [client])
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, () => LOADING_XAPP)
  return {
    ...snapshot,
    ...statusFlags(['loading', 'ready', 'error'], snapshot.status),
    openSignRequest: store.openSignRequest,
    close: store.close,
  } as XappState
}

import type { XappClient } from '../runtimes/xapp/xapp-client'
import type { XappContext, XappPayloadResolved, XappStyle } from '../wire/xapp'
import { createStateCell, type ExternalStore } from './external-store'

/**
 * One immutable state of an xApp store: `loading` until the launch's one-time token is traded,
 * then `ready` with the person's account and the launch context, or `error`.
 *
 * @example
 * ```ts
 * const { status, account, context } = xapp.getSnapshot()
 * ```
 */
export interface XappSnapshot {
  readonly status: 'loading' | 'ready' | 'error'
  readonly account: string | null
  readonly context: XappContext | null
  /** The wallet's style from the page URL (`LIGHT`, `DARK`, …). */
  readonly style: XappStyle
  readonly error: { readonly code: string; readonly message: string } | null
}

/**
 * An xApp store: the {@link ExternalStore} contract and the wallet commands a UI needs.
 *
 * @example
 * ```ts
 * const answer = await xapp.openSignRequest(created.uuid) // { reason: 'SIGNED' | 'DECLINED', uuid }
 * ```
 */
export interface XappStore extends ExternalStore<XappSnapshot> {
  /** Asks the wallet to open a payload; resolves with its answer, `null` when it failed (see `error`). */
  openSignRequest(uuid: string): Promise<XappPayloadResolved | null>
  /** Closes the xApp. */
  close(): Promise<void>
}

/**
 * The xApp state a server render reports, and every xApp store's first state.
 *
 * @example
 * ```ts
 * useSyncExternalStore(xapp.subscribe, xapp.getSnapshot, () => LOADING_XAPP)
 * ```
 */
export const LOADING_XAPP: XappSnapshot = /* @__PURE__ */ Object.freeze({
  status: 'loading',
  account: null,
  context: null,
  style: 'LIGHT',
  error: null,
})

/**
 * Makes the store of an xApp page: the launch (the OTT traded for the context and the JWT,
 * docs/protocol.md §7.2) and the wallet's commands. Without a client (a server render) it stays
 * `loading`.
 *
 * @example
 * ```ts
 * import { createXappClient } from 'pullsign'
 * import { createXapp } from 'pullsign/ui'
 *
 * const xapp = createXapp(createXappClient({ apiKey: '6d3e2b1c-0a9f-4e8d-b7c6-5a4f3e2d1c0b' }))
 * xapp.subscribe(({ status, account }) => console.log(status, account))
 * ```
 */
export function createXapp(
  client: Pick<XappClient, 'environment' | 'xapp' | 'on'> | null,
): XappStore {
  const set = (patch: Partial<XappSnapshot>) =>
    cell.set(Object.freeze({ ...cell.getSnapshot(), ...patch }))
  const failed = (err: unknown) => {
    const { code = 'ERR_XAPP_HOST', message = String(err) } = Object(err)
    set({ error: Object.freeze({ code, message }) })
  }
  const cell = createStateCell<XappSnapshot>(LOADING_XAPP, () => {
    if (!client) return () => {}
    set({ style: client.xapp.style })
    client.environment.ott.then(
      (context) => {
        if (context) set({ status: 'ready', context, account: context.account })
      },
      (err: unknown) => {
        failed(err)
        set({ status: 'error' })
      },
    )
    return client.on('error', failed)
  })
  return {
    subscribe: cell.subscribe,
    getSnapshot: cell.getSnapshot,
    openSignRequest: async (uuid) =>
      client
        ? client.xapp.openSignRequest(uuid).catch((err: unknown) => {
            failed(err)
            return null
          })
        : null,
    close: async () => client?.xapp.close().catch(failed),
  }
}

import type { Ledger, NetworkDefinition } from '../ledger'
import { type PathRequestParams, pathAnswer, pathRequestParams } from './methods/path-methods'
import { RpcError } from './rpc-errors'

/**
 * One socket's `path_find` (rippled src/xrpld/rpc/handlers/PathFind.cpp, PathRequest.cpp,
 * docs/protocol.md §8.14): `create` replaces the socket's one request and answers its first
 * result, `status` answers it again, `close` ends it (`closed: true`); after each ledger close an
 * open request is answered again, unasked, as `{type: "path_find", id, …}` with the id `create`
 * carried. `close` or `status` without a request is `noPathRequest`.
 */
export interface PathFindSession {
  handle(params: Record<string, unknown>): Record<string, unknown>
  /** Sends the open request's update (a ledger closed). */
  update(): void
}

/**
 * Creates a socket's path_find session; `send` writes one unsolicited frame.
 *
 * @example
 * ```ts
 * const paths = createPathFindSession(ledger, network, (frame) => socket.send(JSON.stringify(frame)))
 * ```
 */
export function createPathFindSession(
  ledger: Ledger,
  network: NetworkDefinition,
  send: (frame: Record<string, unknown>) => void,
): PathFindSession {
  let open: { request: PathRequestParams; id: unknown } | null = null
  const answer = (request: PathRequestParams, id: unknown) => ({
    ...pathAnswer({ ledger, network, params: {}, apiVersion: 1 }, request, { legacy: false }),
    ...(id === undefined ? {} : { id }),
  })
  return {
    handle(params) {
      const { subcommand } = params
      if (typeof subcommand !== 'string') throw new RpcError('invalidParams')
      if (subcommand === 'create') {
        open = null
        const request = pathRequestParams(params)
        const first = answer(request, params.id)
        open = { request, id: params.id }
        return first
      }
      if (subcommand !== 'close' && subcommand !== 'status') throw new RpcError('invalidParams')
      if (!open) throw new RpcError('noPathRequest')
      const current = answer(open.request, open.id)
      if (subcommand === 'close') {
        open = null
        return { ...current, closed: true }
      }
      return { ...current, status: 'success' }
    },
    update() {
      if (!open) return
      try {
        send({ type: 'path_find', ...answer(open.request, open.id) })
      } catch {
        // An account gone since create: rippled's update answers nothing new for it.
      }
    },
  }
}

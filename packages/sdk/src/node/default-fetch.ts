import type { Lifetime } from '../core/lifetime'
import type { NodeFetch } from './node-fetch'

/**
 * The `node` entry's stand-in for `core/default-fetch.ts`: a client's own keep-alive `node:http`
 * transport (node-fetch.ts), loaded on its first request so importing the SDK stays as cheap as
 * before, and ended by the client's `close()`.
 *
 * @example
 * ```ts
 * const fetch = defaultFetch(lifetime)
 * ```
 */
export const defaultFetch = (lifetime: Pick<Lifetime, 'hold'>): typeof globalThis.fetch => {
  let transport: NodeFetch | undefined
  let loading: Promise<NodeFetch> | undefined
  lifetime.hold(() => transport?.close())
  const load = () => {
    loading ??= import('./node-fetch').then(({ createNodeFetch }) => {
      transport = createNodeFetch()
      return transport
    })
    return loading
  }
  return (input, init) =>
    transport ? transport.fetch(input, init) : load().then(({ fetch }) => fetch(input, init))
}

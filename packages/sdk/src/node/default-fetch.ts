import type { Lifetime } from '../core/lifetime'
import type { NodeFetch } from './node-fetch'

// The global fetch as the SDK found it when it loaded. One put in its place since (a test's
// vi.stubGlobal, msw's or nock's interceptors, undici's fetch over a MockAgent) is what its owner
// wants every request to go through, as it would on every other runtime: the client calls it
// instead of its own transport.
const loadedFetch = globalThis.fetch

/**
 * The `node` entry's stand-in for `core/default-fetch.ts`: a client's own keep-alive `node:http`
 * transport (node-fetch.ts), loaded on its first request so importing the SDK stays as cheap as
 * before, and ended by the client's `close()`. While `globalThis.fetch` is another than at load
 * (a test stubbed it, msw listens), each request goes through that fetch instead.
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
  return (input, init) => {
    if (globalThis.fetch !== loadedFetch) return globalThis.fetch(input, init)
    return transport ? transport.fetch(input, init) : load().then(({ fetch }) => fetch(input, init))
  }
}

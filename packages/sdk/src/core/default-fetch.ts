import type { Lifetime } from './lifetime'

/**
 * The fetch a client uses when none is injected: the global `fetch`, looked up per call (a test
 * may replace it). The package's `node` entry is built with `node/default-fetch.ts` in this
 * file's place (tsup.config.ts), so browsers and other runtimes never see `node:http`.
 *
 * @example
 * ```ts
 * const fetch = defaultFetch(lifetime)
 * ```
 */
export const defaultFetch: (lifetime: Pick<Lifetime, 'hold'>) => typeof globalThis.fetch =
  () => (input, init) =>
    globalThis.fetch(input, init)

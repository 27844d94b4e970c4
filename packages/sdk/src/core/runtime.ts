import type { Credentials } from './credentials'
import type { Seams } from './seams'

/**
 * What a runtime (backend, browser, xApp, native) supplies to the client core: how requests are
 * authorised and under which base path, and the seams of its environment (e.g. `localStorage`
 * in a browser). Seams the user passes to `PullSign` win over the runtime's.
 *
 * @example
 * ```ts
 * const runtime: Runtime = {
 *   credentials: { basePath: '/api/v1/jwt', headers: async () => ({ authorization: `Bearer ${await token()}` }) },
 *   seams: { storage: window.localStorage },
 * }
 * const client = createClient({ endpoints, ...runtime })
 * ```
 */
export interface Runtime {
  credentials: Credentials
  seams?: Partial<Seams>
}

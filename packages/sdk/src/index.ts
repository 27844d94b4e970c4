import { PullSignError } from './core/errors'

export type { PullSignErrorCode } from './core/errors'
export { PullSignError } from './core/errors'

/** Options for {@link PullSign}. */
export interface PullSignOptions {
  /** The application's API key (a lower-case UUID). */
  apiKey: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * The pullsign client.
 *
 * @example
 * ```ts
 * const pullsign = new PullSign({ apiKey: '00000000-0000-4000-8000-000000000000' })
 * ```
 */
export class PullSign {
  readonly apiKey: string
  constructor(options: PullSignOptions) {
    if (typeof options?.apiKey !== 'string' || !UUID.test(options.apiKey)) {
      throw new PullSignError('ERR_CONFIG', 'apiKey must be a lower-case UUID')
    }
    this.apiKey = options.apiKey
  }
}

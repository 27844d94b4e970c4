/** Base URLs of the three hosts of the platform (no trailing slash). */
export interface Endpoints {
  api: string
  oauth: string
  links: string
}

/**
 * The production platform's endpoints.
 *
 * @example
 * ```ts
 * import { PRODUCTION_ENDPOINTS } from 'pullsign/wire'
 * console.log(PRODUCTION_ENDPOINTS.api) // https://xumm.app
 * ```
 */
export const PRODUCTION_ENDPOINTS: Readonly<Endpoints> = Object.freeze({
  api: 'https://xumm.app',
  oauth: 'https://oauth2.xumm.app',
  links: 'https://xumm.app',
})

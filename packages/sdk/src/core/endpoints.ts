import { type Endpoints, PRODUCTION_ENDPOINTS } from '../wire/endpoints'
import { PullSignError } from './errors/pull-sign-error'

/**
 * Merges the given endpoints over production's, checking each is an http(s) URL and dropping a
 * trailing slash.
 *
 * @example
 * ```ts
 * resolveEndpoints({ api: 'http://127.0.0.1:8080/' }).api // 'http://127.0.0.1:8080'
 * ```
 */
export function resolveEndpoints(given: Partial<Endpoints> = {}): Endpoints {
  if (typeof given !== 'object' || given === null) {
    throw new PullSignError('ERR_CONFIG', 'endpoints must be an object {api, oauth, links}')
  }
  const out = { ...PRODUCTION_ENDPOINTS }
  for (const key of ['api', 'oauth', 'links'] as const) {
    const value = given[key]
    if (value === undefined) continue
    let protocol = ''
    try {
      protocol = new URL(value).protocol
    } catch {}
    if (typeof value !== 'string' || !/^https?:$/.test(protocol)) {
      throw new PullSignError('ERR_CONFIG', `endpoints.${key} must be an http(s) URL`)
    }
    out[key] = value.replace(/\/+$/, '')
  }
  return out
}

import type { NetworkKey, PayloadRecord } from 'pullsign/wire'
import type { RefCreatedUser, RefSignRequest } from '../control-api-types'
import type { ControlCall } from './control-client'

/**
 * A user of a test environment, funded on every network, who answers payloads in the simulated
 * wallet through the control API (docs/protocol.md §10). Each account carries its `seed` (and key
 * pair), so a test can also act as the wallet user with xrpl.js: `Wallet.fromSeed(seed)`.
 *
 * @example
 * ```ts
 * const [alice] = env.users
 * const record = await alice.sign(uuid) // opened, signed for real, submitted
 * record.meta.signed // true
 * ```
 */
export interface TestUser extends RefCreatedUser {
  /**
   * `POST /__ref/payloads/{uuid}/sign` as this user: resolves with the payload record. A payload
   * that forces no network is signed on the environment's `network` unless `options.network`
   * names another.
   */
  sign(uuid: string, options?: Omit<RefSignRequest, 'user'>): Promise<PayloadRecord>
  /** `POST /__ref/payloads/{uuid}/reject` as this user: resolves with the payload record. */
  reject(uuid: string): Promise<PayloadRecord>
}

/** Gives a user of the control API its wallet answers, on `network` unless a payload forces one. */
export function testUser(
  user: RefCreatedUser,
  control: ControlCall,
  network: NetworkKey,
): TestUser {
  const path = (uuid: string, answer: string) => `/payloads/${encodeURIComponent(uuid)}/${answer}`
  return {
    ...user,
    sign: (uuid, options = {}) =>
      control('POST', path(uuid, 'sign'), { network, ...options, user: user.uuid }),
    reject: (uuid) => control('POST', path(uuid, 'reject'), { user: user.uuid }),
  }
}

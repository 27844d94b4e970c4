import type { NetworkKey } from 'pullsign/wire'
import { invalidRequest } from '../platform/errors'
import type { User, UserAccount } from '../platform/users/users'

/**
 * Picks the account the user signs with: the one asked for, else the user's first account on the
 * network. A forced `signer`/`signers` (docs/protocol.md §3.1) is honoured: when the user holds none of
 * those accounts, signing is refused (602 naming the field) and nothing changes.
 *
 * @example
 * ```ts
 * chooseAccount(user, ['rSigner...'], undefined, 'MAINNET').address // 'rSigner...'
 * ```
 */
export function chooseAccount(
  user: User,
  signers: readonly string[],
  requested: string | undefined,
  network: NetworkKey,
): UserAccount {
  const allowed = (address: string) => signers.length === 0 || signers.includes(address)
  if (requested !== undefined) {
    const account = user.accounts.find((a) => a.address === requested)
    if (!account) throw invalidRequest('account', `${requested} is not an account of this user`)
    if (!allowed(requested)) {
      throw invalidRequest('account', `must be one of the payload's signers: ${signers.join(', ')}`)
    }
    if (!account.networks.includes(network)) {
      throw invalidRequest('network', `account ${requested} is not on ${network}`)
    }
    return account
  }
  const account = user.accounts.find((a) => allowed(a.address) && a.networks.includes(network))
  if (account) return account
  if (signers.length > 0) {
    throw invalidRequest(
      'options.signers',
      `lists only accounts the user does not hold on ${network}: ${signers.join(', ')}`,
    )
  }
  throw invalidRequest('user', `has no account on ${network}`)
}

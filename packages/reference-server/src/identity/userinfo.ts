import type { OAuthUserinfo } from 'pullsign/wire'
import { accountInfo } from '../platform/users/account-info'
import type { OAuthIdentity } from './oauth-provider'

/**
 * GET `{oauth}/userinfo` (docs/protocol.md §7.1) for a verified access token: the account it was issued
 * for and what the platform knows about its holder, with the token's network. `picture` is the
 * account's avatar as `account-meta` (§2) reports it.
 *
 * @example
 * ```ts
 * const me = userinfo(await provider.verify(token), lookups.accountMeta(account).avatar)
 * ```
 */
export function userinfo(identity: OAuthIdentity, picture: string): OAuthUserinfo {
  const { claims, user, account } = identity
  return {
    sub: account,
    email: String(claims.email ?? ''),
    picture,
    ...accountInfo(user, account),
    networkType: String(claims.network_type ?? ''),
    networkEndpoint: String(claims.network_endpoint ?? ''),
    networkId: Number(claims.network_id ?? 0),
  }
}

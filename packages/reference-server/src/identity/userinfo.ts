import type { OAuthUserinfo } from 'pullsign/wire'
import { accountInfo } from '../platform/users/account-info'
import type { OAuthIdentity } from './oauth-provider'

/**
 * GET `{oauth}/userinfo` (docs/protocol.md §7.1) for a verified access token: the account it was issued
 * for and what the platform knows about its holder, with the token's network; `name`, `domain` and
 * `source` are strings and `force_dtag` a boolean, as production answers. `picture` is the
 * account's avatar as `account-meta` (§2) reports it.
 *
 * @example
 * ```ts
 * const me = userinfo(await provider.verify(token), lookups.accountMeta(account).avatar)
 * ```
 */
export function userinfo(identity: OAuthIdentity, picture: string): OAuthUserinfo {
  const { claims, user, account } = identity
  const info = accountInfo(user, account)
  return {
    sub: account,
    email: String(claims.email ?? ''),
    picture,
    ...info,
    // §7.1: strings, `""` when unknown (the field's Python SDK requires each).
    name: info.name ?? '',
    domain: info.domain ?? '',
    source: info.source,
    // The simulated ledger has no RequireDest flag: no account requires a destination tag.
    force_dtag: false,
    networkType: String(claims.network_type ?? ''),
    networkEndpoint: String(claims.network_endpoint ?? ''),
    networkId: Number(claims.network_id ?? 0),
  }
}

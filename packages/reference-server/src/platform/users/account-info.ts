import type { AccountInfo } from 'pullsign/wire'
import type { User } from './users'

/**
 * What the platform tells about a user's account, the same in the xApp context's
 * `account_info` (docs/protocol.md §7.2) and the OAuth userinfo (§7.1): unset fields are null.
 *
 * @example
 * ```ts
 * accountInfo(alice, alice.accounts[0].address).kycApproved // true when her KYC succeeded
 * ```
 */
export function accountInfo(user: User, account: string): AccountInfo {
  return {
    account,
    name: user.name,
    domain: null,
    blocked: false,
    source: 'xumm',
    kycApproved: user.kyc === 'SUCCESSFUL',
    proSubscription: false,
    profile: null,
  }
}

/**
 * What the platform tells about a user's account, shared by the xApp context (`account_info`,
 * §7.2) and the OAuth userinfo (§7.1).
 *
 * @example
 * ```ts
 * const info: AccountInfo = context.account_info
 * if (info.kycApproved) console.log(info.name ?? info.account)
 * ```
 */
export interface AccountInfo {
  account: string
  name: string | null
  domain: string | null
  blocked: boolean
  source: string
  kycApproved: boolean
  proSubscription: boolean
  profile: Record<string, unknown> | null
}

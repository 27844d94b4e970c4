import type { XappContext } from '../../wire/xapp'
import type { SignInUser } from '../oauth/sign-in-props'

const FROM_CONTEXT = { account: 'account', networkType: 'nodetype', networkEndpoint: 'nodewss' }

/**
 * A field of `PullSign#user` in an xApp, from the launch context (docs/protocol.md §7.2): the
 * account and network from the context, the rest from its `account_info`; `picture` is the empty
 * string (the context has none).
 *
 * @example
 * ```ts
 * const name = xappUserField(await client.whenReady(), 'name')
 * ```
 */
export function xappUserField(context: XappContext, field: keyof SignInUser): unknown {
  if (field === 'picture') return ''
  return field in FROM_CONTEXT
    ? context[FROM_CONTEXT[field as keyof typeof FROM_CONTEXT] as keyof XappContext]
    : context.account_info[field as keyof XappContext['account_info']]
}

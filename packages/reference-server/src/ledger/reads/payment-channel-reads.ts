import { encodeAccountPublic } from 'ripple-address-codec'
import type { LedgerObject } from '../state/ledger-object'

/**
 * One channel as the node's `account_channels` lists it (rippled rpc/handlers/AccountChannels.cpp
 * `addChannel`): amounts in drops, the claim key in base58 and hex, times and tags when set.
 *
 * @example
 * ```ts
 * const entry: AccountChannel = { channel_id, account, destination_account, amount: '1000000', balance: '0', settle_delay: 60, public_key: 'aB…', public_key_hex: 'ED…' }
 * ```
 */
export interface AccountChannel {
  channel_id: string
  account: string
  destination_account: string
  amount: string
  balance: string
  public_key?: string
  public_key_hex?: string
  settle_delay: number
  expiration?: number
  cancel_after?: number
  source_tag?: number
  destination_tag?: number
}

const optional = (name: string, value: unknown) =>
  typeof value === 'number' ? { [name]: value } : {}

/**
 * The `account_channels` entry of a ledger object when it is a channel `account` owns (to
 * `destination`, when given), else null: the filter and shape of rippled's `doAccountChannels`
 * over the owner directory, which also holds the channels the account receives. The node pages
 * the directory (`accountObjectsPage` with `types: ['PayChannel']`) and maps each object here.
 *
 * @example
 * ```ts
 * page.objects.flatMap((object) => accountChannel(object, account, destination) ?? [])
 * ```
 */
export function accountChannel(
  object: Readonly<LedgerObject>,
  account: string,
  destination?: string,
): AccountChannel | null {
  if (object.LedgerEntryType !== 'PayChannel' || object.Account !== account) return null
  if (destination !== undefined && object.Destination !== destination) return null
  const key = typeof object.PublicKey === 'string' ? object.PublicKey : ''
  return {
    channel_id: object.index,
    account,
    destination_account: String(object.Destination),
    amount: String(object.Amount),
    balance: String(object.Balance),
    ...(key
      ? { public_key: encodeAccountPublic(Buffer.from(key, 'hex')), public_key_hex: key }
      : {}),
    settle_delay: Number(object.SettleDelay),
    ...optional('expiration', object.Expiration),
    ...optional('cancel_after', object.CancelAfter),
    ...optional('source_tag', object.SourceTag),
    ...optional('destination_tag', object.DestinationTag),
  }
}

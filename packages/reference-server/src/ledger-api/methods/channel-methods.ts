import { accountChannel, channelVerify } from '../../ledger'
import {
  accountParam,
  ledgerFields,
  ledgerSelector,
  limitParam,
  markerAt,
  markerParam,
  type NodeMethod,
  ownedObjects,
  selectLedger,
} from '../node-request'
import { missingField, RpcError } from '../rpc-errors'
import { accountAt, accountRootIndex } from './account-methods'

/**
 * `account_channels` (xrpl.org; rippled AccountChannels.cpp): the channels `account` owns, to
 * `destination_account` when given, `limit` 10 to 400 (200 when left out, rippled Tuning.h).
 */
const accountChannels: NodeMethod = (call) => {
  const { params } = call
  const account = accountParam(params)
  const destination =
    params.destination_account === undefined
      ? undefined
      : accountParam(params, 'destination_account')
  const selected = selectLedger(call, 'current')
  accountAt(call, account, selected)
  const limit = limitParam(params, 200, 400, 10)
  const start = markerParam(params) ?? 0
  // The owner directory holds the channels the account receives too: accountChannel keeps its own.
  const channels = [...ownedObjects(call, selected, account, 'PayChannel')].flatMap(
    (object) => accountChannel(object, account, destination) ?? [],
  )
  const next = start + limit
  return {
    account,
    channels: channels.slice(start, next),
    ...ledgerFields(selected),
    ...(params.limit === undefined ? {} : { limit }),
    ...(next < channels.length ? { marker: markerAt(accountRootIndex(account), next) } : {}),
  }
}

/** `channel_verify` (xrpl.org; rippled PayChanClaim.cpp): whether a claim's signature is good. */
const channelVerifyMethod: NodeMethod = ({ params }) => {
  for (const name of ['public_key', 'channel_id', 'amount', 'signature']) {
    if (params[name] === undefined) throw missingField(name)
  }
  const answer = channelVerify({
    public_key: params.public_key,
    channel_id: params.channel_id,
    amount: params.amount,
    signature: params.signature,
  })
  if ('error' in answer) throw new RpcError(answer.error)
  return answer
}

/**
 * `deposit_authorized` (xrpl.org; rippled DepositAuthorized.cpp): whether `source_account` may pay
 * `destination_account`, with the `credentials` it would present (echoed); either missing from
 * the ledger → srcActNotFound / dstActNotFound; a bad credential → badCredentials.
 */
const depositAuthorized: NodeMethod = (call) => {
  const source = accountParam(call.params, 'source_account')
  const destination = accountParam(call.params, 'destination_account')
  const credentials = credentialsParam(call.params.credentials)
  const selected = selectLedger(call, 'current')
  const answer = call.ledger.depositAuthorized(
    call.network.key,
    source,
    destination,
    ledgerSelector(selected),
    credentials,
  )
  if (typeof answer === 'string') throw new RpcError(answer)
  if (typeof answer === 'object') throw new RpcError('badCredentials', answer.badCredentials)
  return {
    source_account: source,
    destination_account: destination,
    ...(credentials ? { credentials } : {}),
    deposit_authorized: answer,
    ...ledgerFields(selected),
  }
}

// DepositAuthorized.cpp's `credentials`: a non-empty array of at most 8 Credential ids.
function credentialsParam(value: unknown): string[] | undefined {
  if (value === undefined) return undefined
  const expected = (what: string) =>
    new RpcError('invalidParams', `Invalid field 'credentials', ${what}.`)
  if (!Array.isArray(value) || value.length === 0) {
    throw expected('is non-empty array of CredentialID(hash256)')
  }
  if (value.length > 8) throw expected('array too long')
  if (!value.every((id) => typeof id === 'string' && /^[0-9A-Fa-f]{64}$/.test(id))) {
    throw expected('an array of CredentialID(hash256)')
  }
  return value as string[]
}

/** The channel and deposit methods of docs/protocol.md §8.6. */
export const channelMethods: Record<string, NodeMethod> = {
  account_channels: accountChannels,
  channel_verify: channelVerifyMethod,
  deposit_authorized: depositAuthorized,
}

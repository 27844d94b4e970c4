import { parseDrops } from '../../amounts/native-amount'
import type { JsonObject } from '../../codec/json-object'
import { balanceOf, credit, peekAccount, readAccount } from '../../state/account-root'
import { payChannelIndex } from '../../state/keylets'
import { type AccountRoot, type LedgerObject, LSF } from '../../state/ledger-object'
import type { ApplyView, ReadView } from '../../state/read-view'
import { addOwnedObject, removeOwnedObject, reserveRefusal } from '../../view/owned-objects'
import type { Verdict } from '../../view/refusal'
import { credentialIdsPreclaim, credentialIdsPreflight } from '../common/credential-ids'
import { depositRefusal, incomingRefusal } from '../common/deposit-authorization'
import { copyFields, sequenceUsed } from '../common/transaction-fields'
import { isPositiveNative, isPublicKey } from '../preflight-fields'
import type { TransactionRules } from '../transaction-rules'
import { verifiesClaim } from './channel-claim-signature'

// Payment channel rules, rippled's src/xrpld/app/tx/detail/PayChan.cpp (docs/protocol.md §8.7).

/** PaymentChannelClaim flags (rippled TxFlags.h): give up the expiration, or close. */
export const TF_RENEW = 0x00010000
export const TF_CLOSE = 0x00020000

/**
 * PaymentChannelCreate's preflight (`PayChanCreate::preflight`): a positive native `Amount`
 * (`temBAD_AMOUNT`), another account as `Destination` (`temDST_IS_SRC`), a `PublicKey` of a known
 * type (`temMALFORMED`).
 *
 * @example
 * ```ts
 * channelCreatePreflight({ Account: alice, Destination: alice, Amount: '1', SettleDelay: 60, PublicKey }) // 'temDST_IS_SRC'
 * ```
 */
export function channelCreatePreflight(tx: JsonObject): string | null {
  if (!isPositiveNative(tx.Amount)) return 'temBAD_AMOUNT'
  if (tx.Account === tx.Destination) return 'temDST_IS_SRC'
  if (!isPublicKey(tx.PublicKey)) return 'temMALFORMED'
  return null
}

/**
 * PaymentChannelFund's preflight (`PayChanFund::preflight`): a positive native `Amount`
 * (`temBAD_AMOUNT`).
 *
 * @example
 * ```ts
 * channelFundPreflight({ Channel, Amount: '0' }) // 'temBAD_AMOUNT'
 * ```
 */
export function channelFundPreflight(tx: JsonObject): string | null {
  if (!isPositiveNative(tx.Amount)) return 'temBAD_AMOUNT'
  return null
}

/**
 * PaymentChannelClaim's preflight (`PayChanClaim::preflight`), in rippled's order: positive
 * native `Balance` and `Amount`, the balance at most the amount (`temBAD_AMOUNT`); only
 * `tfRenew` and `tfClose` (`temINVALID_FLAG`), not both (`temMALFORMED`); a `Signature` comes with
 * a `PublicKey` and a `Balance` (`temMALFORMED`) and signs the claim of `Amount` (or `Balance`)
 * on `Channel` (`temBAD_SIGNATURE`); then the `CredentialIDs` (CredentialHelpers.cpp
 * `checkFields`).
 *
 * @example
 * ```ts
 * channelClaimPreflight({ Channel, Balance: '2', Amount: '1' }) // 'temBAD_AMOUNT'
 * ```
 */
export function channelClaimPreflight(tx: JsonObject): Verdict | null {
  return claimFieldsRefusal(tx) ?? credentialIdsPreflight(tx)
}

function claimFieldsRefusal(tx: JsonObject): string | null {
  if (tx.Balance !== undefined && !isPositiveNative(tx.Balance)) return 'temBAD_AMOUNT'
  if (tx.Amount !== undefined && !isPositiveNative(tx.Amount)) return 'temBAD_AMOUNT'
  const balance = parseDrops(tx.Balance)
  const amount = parseDrops(tx.Amount)
  if (balance !== null && amount !== null && balance > amount) return 'temBAD_AMOUNT'
  const flags = typeof tx.Flags === 'number' ? tx.Flags : 0
  if (flags & TF_CLOSE && flags & TF_RENEW) return 'temMALFORMED'
  if (tx.Signature === undefined) return null
  if (tx.PublicKey === undefined || balance === null) return 'temMALFORMED'
  if (!isPublicKey(tx.PublicKey)) return 'temMALFORMED'
  const signed = {
    channel: String(tx.Channel),
    drops: amount ?? balance,
    signature: String(tx.Signature),
    publicKey: String(tx.PublicKey),
  }
  return verifiesClaim(signed) ? null : 'temBAD_SIGNATURE'
}

// Closes a channel (rippled `closeChannel`): out of both directories, what is left of its Amount
// back to the owner, one owned object less; always a success.
function closeChannel(view: ApplyView, channel: LedgerObject): string {
  const owner = String(channel.Account)
  removeOwnedObject(view, channel, {
    owner,
    destination: String(channel.Destination),
    keepRoot: true,
  })
  const root = peekAccount(view, owner) as AccountRoot
  credit(view, root, BigInt(String(channel.Amount)) - BigInt(String(channel.Balance)))
  return 'tesSUCCESS'
}

// Whether a channel is past its CancelAfter or Expiration: any transaction touching it closes it.
function isExpired(view: ReadView, channel: Readonly<LedgerObject>): boolean {
  const now = view.info.parentCloseTime
  const at = (field: string) =>
    typeof channel[field] === 'number' && now >= (channel[field] as number)
  return at('CancelAfter') || at('Expiration')
}

const peekChannel = (view: ApplyView, id: unknown) => {
  const channel = typeof id === 'string' ? view.peek(id) : undefined
  return channel?.LedgerEntryType === 'PayChannel' ? channel : undefined
}

export const channelCreateRules: TransactionRules = {
  source: 'PayChan.cpp',
  amendment: 'PayChan',
  flags: 0,
  required: ['Amount', 'Destination', 'SettleDelay', 'PublicKey'],
  preflight: channelCreatePreflight,
  preclaim(view, tx, context) {
    const root = readAccount(view, String(tx.Account))
    if (!root) return 'terNO_ACCOUNT'
    // The balance before the fee (PayChanCreate::preclaim reads the ledger as it stands).
    const owned = root.OwnerCount + 1
    const amount = BigInt(String(tx.Amount))
    const short =
      reserveRefusal(view, balanceOf(root), owned, 'PayChan.cpp') ??
      reserveRefusal(view, balanceOf(root) - amount, owned, 'PayChan.cpp', 'tecUNFUNDED')
    if (short) return short
    const target = readAccount(view, String(tx.Destination))
    if (!target) return 'tecNO_DST'
    return incomingRefusal(target, tx, context, LSF.AccountRoot.DisallowIncomingPayChan)
  },
  doApply(context) {
    const { view, tx, account } = context
    if (
      context.enabled('fixPayChanCancelAfter') &&
      typeof tx.CancelAfter === 'number' &&
      view.info.parentCloseTime > tx.CancelAfter
    ) {
      return 'tecEXPIRED'
    }
    const owner = account.Account
    const destination = String(tx.Destination)
    const index = payChannelIndex(owner, destination, sequenceUsed(tx))
    const channel: LedgerObject = {
      LedgerEntryType: 'PayChannel',
      Flags: 0,
      Account: owner,
      Destination: destination,
      Amount: String(tx.Amount),
      Balance: '0',
      SettleDelay: Number(tx.SettleDelay),
      PublicKey: String(tx.PublicKey),
      index,
    }
    copyFields(tx, channel, ['CancelAfter', 'SourceTag', 'DestinationTag'])
    // fixPayChanRecipientOwnerDir: the channel is in the destination's directory too.
    const added = addOwnedObject(view, channel, { owner: account, destination })
    if (added !== 'tesSUCCESS') return added
    credit(view, account, -BigInt(String(tx.Amount)))
    return 'tesSUCCESS'
  },
}

export const channelFundRules: TransactionRules = {
  source: 'PayChan.cpp',
  amendment: 'PayChan',
  flags: 0,
  required: ['Channel', 'Amount'],
  preflight: channelFundPreflight,
  doApply({ view, tx, account }) {
    const channel = peekChannel(view, tx.Channel)
    if (!channel) return 'tecNO_ENTRY'
    if (isExpired(view, channel)) return closeChannel(view, channel)
    if (channel.Account !== account.Account) return 'tecNO_PERMISSION'
    if (typeof tx.Expiration === 'number') {
      let least = view.info.parentCloseTime + Number(channel.SettleDelay)
      if (typeof channel.Expiration === 'number' && channel.Expiration < least)
        least = channel.Expiration
      if (tx.Expiration < least) return 'temBAD_EXPIRATION'
      channel.Expiration = tx.Expiration
      view.update(channel)
    }
    const amount = BigInt(String(tx.Amount))
    const owned = account.OwnerCount
    const short =
      reserveRefusal(view, balanceOf(account), owned, 'PayChan.cpp') ??
      reserveRefusal(view, balanceOf(account) - amount, owned, 'PayChan.cpp', 'tecUNFUNDED')
    if (short) return short
    if (!readAccount(view, String(channel.Destination))) return 'tecNO_DST'
    channel.Amount = (BigInt(String(channel.Amount)) + amount).toString()
    view.update(channel)
    credit(view, account, -amount)
    return 'tesSUCCESS'
  },
}

export const channelClaimRules: TransactionRules = {
  source: 'PayChan.cpp',
  amendment: 'PayChan',
  flags: TF_RENEW | TF_CLOSE,
  required: ['Channel'],
  preflight: channelClaimPreflight,
  // PayChanClaim::preclaim: the credentials, when given (CredentialHelpers.cpp `valid`).
  preclaim: (view, tx) => credentialIdsPreclaim(view, tx),
  doApply(context) {
    const { view, tx, account } = context
    const channel = peekChannel(view, tx.Channel)
    if (!channel) return 'tecNO_TARGET'
    if (isExpired(view, channel)) return closeChannel(view, channel)
    const owner = String(channel.Account)
    const destination = String(channel.Destination)
    const sender = account.Account
    if (sender !== owner && sender !== destination) return 'tecNO_PERMISSION'
    if (tx.Balance !== undefined) {
      if (sender === destination && tx.Signature === undefined) return 'temBAD_SIGNATURE'
      if (
        tx.Signature !== undefined &&
        String(tx.PublicKey).toUpperCase() !== String(channel.PublicKey).toUpperCase()
      ) {
        return 'temBAD_SIGNER'
      }
      const requested = BigInt(String(tx.Balance))
      const paid = BigInt(String(channel.Balance))
      if (requested > BigInt(String(channel.Amount))) return 'tecUNFUNDED_PAYMENT'
      if (requested <= paid) return 'tecUNFUNDED_PAYMENT'
      const target = peekAccount(view, destination)
      if (!target) return 'tecNO_DST'
      const refusal = depositRefusal(context, sender, target)
      if (refusal) return refusal
      channel.Balance = requested.toString()
      view.update(channel)
      credit(view, target, requested - paid)
    }
    const flags = typeof tx.Flags === 'number' ? tx.Flags : 0
    if (flags & TF_RENEW) {
      if (sender !== owner) return 'tecNO_PERMISSION'
      delete channel.Expiration
      view.update(channel)
    }
    if (flags & TF_CLOSE) {
      // The destination closes at once, and so does a dry channel.
      if (sender === destination || channel.Balance === channel.Amount)
        return closeChannel(view, channel)
      const settle = view.info.parentCloseTime + Number(channel.SettleDelay)
      if (typeof channel.Expiration !== 'number' || channel.Expiration > settle) {
        channel.Expiration = settle
        view.update(channel)
      }
    }
    return 'tesSUCCESS'
  },
}

import type { LedgerAmount } from '../../amounts/ledger-amount'
import { multiplyRate } from '../../amounts/transfer-rate'
import type { JsonObject } from '../../codec/json-object'
import {
  adjustOwnerCount,
  balanceOf,
  newAccountRoot,
  peekAccount,
  reserveFor,
} from '../../state/account-root'
import { describeOwnerDir, dirInsert, uint64Json } from '../../state/directory'
import {
  accountRootIndex as accountRootIndexOf,
  depositPreauthIndex,
  ownerDirIndex,
  rippleStateIndex,
  uriTokenIndex,
} from '../../state/keylets'
import { type AccountRoot, LSF } from '../../state/ledger-object'
import type { Sandbox } from '../../state/sandbox'
import { accountFunds } from '../../view/account-holds'
import { transferRate } from '../../view/issuer-transfer-rate'
import { refuse, type Verdict } from '../../view/refusal'
import { accountSend } from '../../view/ripple-credit'
import type { ApplyContext, TransactionRules } from '../transaction-rules'
import { trustTransferRefusal } from '../uritoken/trust-transfer'
import { LSF_URITOKEN_ISSUER, moveUriToken, type URIToken } from '../uritoken/uritoken-entry'
import { legalAmount } from '../uritoken/uritoken-preflight'
import { remitAmounts, remitPreflight } from './remit-preflight'

const SOURCE = 'Remit.cpp'
// LedgerFormats.h: lsfDisallowIncomingRemit (asfDisallowIncomingRemit in AccountSet).
const LSF_DISALLOW_INCOMING_REMIT = 0x80000000

// Who may receive (Remit.cpp doApply, in its order): not an account that refuses remits, one
// with DepositAuth only from a preauthorized sender, one that requires a tag only with one.
function destinationRefusal(context: ApplyContext, destination: AccountRoot | undefined) {
  const { view, tx, account } = context
  const flags = destination?.Flags ?? 0
  if (context.enabled('DisallowIncoming') && (flags & LSF_DISALLOW_INCOMING_REMIT) !== 0) {
    return refuse('tecNO_PERMISSION', 'incoming-remit', `${tx.Destination} refuses remits`, SOURCE)
  }
  if (destination && (flags & LSF.AccountRoot.DepositAuth) !== 0) {
    if (!view.read(depositPreauthIndex(destination.Account, account.Account))) {
      const detail = `${destination.Account} requires deposit authorization, and ${account.Account} has none`
      return refuse('tecNO_PERMISSION', 'deposit-auth', detail, SOURCE)
    }
  }
  if ((flags & LSF.AccountRoot.RequireDestTag) !== 0 && tx.DestinationTag === undefined) {
    return refuse('tecDST_TAG_NEEDED', 'tag-needed', `${tx.Destination} requires a tag`, SOURCE)
  }
  return null
}

// The minted token, owned by the destination and issued by the sender (its reserve is sent).
function mintFor(
  view: Sandbox,
  tx: JsonObject,
  source: AccountRoot,
  destination: AccountRoot,
): Verdict {
  const mint = tx.MintURIToken as JsonObject
  const uri = String(mint.URI)
  const index = uriTokenIndex(source.Account, uri)
  if (view.read(index)) {
    return refuse('tecDUPLICATE', 'token-exists', `${source.Account} already minted ${uri}`, SOURCE)
  }
  const page = dirInsert(
    view,
    ownerDirIndex(destination.Account),
    index,
    describeOwnerDir(destination.Account),
  )
  if (page === null) return 'tecDIR_FULL'
  const token: URIToken = {
    LedgerEntryType: 'URIToken',
    Flags: Number(mint.Flags ?? 0),
    Owner: destination.Account,
    Issuer: source.Account,
    URI: uri,
    OwnerNode: uint64Json(page),
    index,
  }
  if (mint.Digest !== undefined) token.Digest = String(mint.Digest)
  view.insert(token)
  source.Flags = (source.Flags | LSF_URITOKEN_ISSUER) >>> 0
  view.update(source)
  adjustOwnerCount(view, destination, 1)
  return 'tesSUCCESS'
}

// Each listed token the sender owns goes to the destination, its sell offer cleared.
function handOver(
  view: Sandbox,
  ids: unknown,
  source: AccountRoot,
  destination: AccountRoot,
): Verdict {
  for (const id of Array.isArray(ids) ? ids : []) {
    const entry = view.peek(String(id))
    if (entry?.LedgerEntryType !== 'URIToken') {
      return refuse('tecNO_ENTRY', 'token-missing', `no URIToken ${id}`, SOURCE)
    }
    const token = entry as URIToken
    if (token.Owner !== source.Account) {
      const detail = `${source.Account} does not own ${token.index} (${token.Owner} does)`
      return refuse('tecNO_PERMISSION', 'not-owner', detail, SOURCE)
    }
    const moved = moveUriToken(view, token, source, destination)
    if (moved !== 'tesSUCCESS') return moved
  }
  return 'tesSUCCESS'
}

// The issued amounts: each sent in full (the sender pays any transfer fee), the reserve of a
// line the destination lacks added to what the sender remits in the native asset.
function sendIssued(view: Sandbox, tx: JsonObject, source: string, destination: string) {
  let reserves = 0n
  for (const json of remitAmounts(tx)) {
    const amount = legalAmount(json) as LedgerAmount
    if (amount.native) continue
    const issuer = amount.asset.issuer as string
    const direct = issuer === source || issuer === destination
    if (!direct) {
      const barred = trustTransferRefusal(view, [source, destination], amount.asset, SOURCE)
      if (barred) return barred
    }
    const needed = direct ? amount : multiplyRate(amount, transferRate(view, issuer))
    const funds = accountFunds(view, source, needed, 'zeroIfFrozen')
    if (funds.lt(needed)) {
      const detail = `${source} holds ${funds.text()} ${amount.asset.currency}, not the ${needed.text()} to send`
      return refuse('tecUNFUNDED_PAYMENT', 'unfunded', detail, SOURCE)
    }
    if (!view.read(rippleStateIndex(destination, issuer, amount.asset.currency))) {
      reserves += view.fees.increment
    }
    const sent = accountSend(view, source, destination, amount)
    if (sent !== 'tesSUCCESS') return sent
  }
  return reserves
}

/**
 * Remit (xahaud `Remit.cpp`): in one transaction the sender pays the destination native and
 * issued amounts (the destination receives each in full, the sender paying transfer fees), mints
 * a URIToken the destination owns (`MintURIToken`), and hands over URITokens it owns
 * (`URITokenIDs`). A destination that does not exist is created. The sender pays every reserve
 * it causes, in the native asset on top of what it remits: the account reserve of a created
 * destination, one object reserve per minted or handed token and per trust line the destination
 * lacks. `Blob` (at most 128 KiB) costs a drop a byte more fee; `Inform` names an account that
 * must exist (`tecNO_TARGET`) and is told (a hook would run there; this node runs none).
 * Results: `tecNO_PERMISSION` (incoming remits refused, deposit authorization, a token another
 * owns), `tecDST_TAG_NEEDED`, `tecDUPLICATE`, `tecNO_ENTRY`, `tecUNFUNDED_PAYMENT` (issued or
 * native short), `tecINSUFFICIENT_RESERVE` (the sender below its reserve after).
 *
 * @example
 * ```ts
 * remitRules.preflight({ TransactionType: 'Remit', Account: a, Destination: b, Flags: 1 }, context) // temINVALID_FLAG
 * ```
 */
export const remitRules: TransactionRules = {
  source: SOURCE,
  amendment: 'Remit',
  flags: 0,
  fee: (tx, _fees, standard) =>
    standard + (typeof tx.Blob === 'string' ? BigInt(tx.Blob.length / 2) : 0n),
  preflight: (tx) => remitPreflight(tx),
  doApply(context) {
    const { view, tx, account } = context
    const sourceBalance = balanceOf(account)
    if (typeof tx.Inform === 'string' && !view.read(accountRootIndexOf(tx.Inform))) {
      return refuse('tecNO_TARGET', 'inform-missing', `no account ${tx.Inform} to inform`, SOURCE)
    }
    const destinationAddress = String(tx.Destination)
    let destination = peekAccount(view, destinationAddress)
    const refused = destinationRefusal(context, destination)
    if (refused) return refused
    let native = 0n
    if (!destination) {
      native += view.fees.reserve
      // XahauGenesis (on every Xahau network) numbers a new account from the parent close time.
      destination = newAccountRoot(destinationAddress, view.info.parentCloseTime, 0n)
      view.insert(destination)
    }
    if (tx.MintURIToken !== undefined) {
      native += view.fees.increment
      const minted = mintFor(view, tx, account, destination)
      if (minted !== 'tesSUCCESS') return minted
    }
    if (Array.isArray(tx.URITokenIDs)) {
      native += view.fees.increment * BigInt(tx.URITokenIDs.length)
      const handed = handOver(view, tx.URITokenIDs, account, destination)
      if (handed !== 'tesSUCCESS') return handed
    }
    for (const json of remitAmounts(tx)) {
      const amount = legalAmount(json) as LedgerAmount
      if (amount.native) native += amount.mantissa
    }
    const lines = sendIssued(view, tx, account.Account, destination.Account)
    if (typeof lines !== 'bigint') return lines
    native += lines
    if (sourceBalance < native) {
      const detail = `the sender's ${sourceBalance} drops cannot remit ${native} drops (amounts and reserves)`
      return refuse('tecUNFUNDED_PAYMENT', 'unfunded', detail, SOURCE)
    }
    if (native > 0n) {
      account.Balance = (sourceBalance - native).toString()
      view.update(account)
      destination.Balance = (balanceOf(destination) + native).toString()
      view.update(destination)
    }
    const reserve = reserveFor(view.fees, account.OwnerCount)
    if (balanceOf(account) < reserve) {
      const detail = `the sender's ${account.Balance} drops are below its reserve of ${reserve} drops`
      return refuse('tecINSUFFICIENT_RESERVE', 'reserve', detail, SOURCE)
    }
    return 'tesSUCCESS'
  },
}

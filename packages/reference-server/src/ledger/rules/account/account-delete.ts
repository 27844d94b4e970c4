import type { JsonObject } from '../../codec/json-object'
import { isXahau } from '../../networks'
import { balanceOf, credit, peekAccount, readAccount } from '../../state/account-root'
import { directoryEntries } from '../../state/directory'
import {
  depositPreauthIndex,
  nftokenPageMaxIndex,
  nftokenPageMinIndex,
  ownerDirIndex,
} from '../../state/keylets'
import { type DeletableEntryType, isDeletableEntry } from '../../state/ledger-entry-types'
import type { AccountRoot, LedgerObject } from '../../state/ledger-object'
import { LSF as LEDGER_FLAGS } from '../../state/ledger-object'
import type { ApplyView, ReadView } from '../../state/read-view'
import { type Credential, deleteCredential } from '../../view/credentials'
import { deleteOffer as deleteBookOffer, type Offer } from '../../view/order-book'
import { removeOwnedObject } from '../../view/owned-objects'
import type { Refusal, Verdict } from '../../view/refusal'
import { deleteTicket } from '../../view/tickets'
import { credentialIdsPreclaim, credentialIdsPreflight } from '../common/credential-ids'
import { depositAuthorized, depositRefusal, tagRefusal } from '../common/deposit-authorization'
import { deleteDid } from '../did/did'
import { deleteOffer, type NFTokenOffer } from '../nft/nft-offers'
import { deleteOracle } from '../oracle/oracle-delete'
import type { TransactionRules } from '../transaction-rules'
import { LSF_URITOKEN_ISSUER } from '../uritoken/uritoken-entry'
import { removeDepositPreauth } from './deposit-preauth'
import { removeSignerList } from './key-settings'

const LSF = LEDGER_FLAGS.AccountRoot

/**
 * AccountDelete's preflight (rippled `DeleteAccount.cpp`): no flags of its own, and an account
 * cannot be deleted into itself (`temDST_IS_SRC`), then the `CredentialIDs`
 * (CredentialHelpers.cpp `checkFields`). The amendment table answers `temDISABLED` before
 * (DeletableAccounts, and Credentials for `CredentialIDs`).
 *
 * @example
 * ```ts
 * accountDeletePreflight({ Account: a, Destination: a }) // 'temDST_IS_SRC'
 * ```
 */
export function accountDeletePreflight(tx: JsonObject): Verdict | null {
  if (tx.Account === tx.Destination) return 'temDST_IS_SRC'
  return credentialIdsPreflight(tx)
}

/** Removes one owned object of an account being deleted; a result other than tesSUCCESS stops it. */
type Deleter = (view: ApplyView, object: Readonly<LedgerObject>, owner: AccountRoot) => string

/**
 * How an AccountDelete removes each owned object it takes with the account (rippled
 * `nonObligationDeleter`): one per type the ledger-entry table marks `deletable`
 * (state/ledger-entry-types.ts), the compiler holding the two together. Any other object in the
 * owner directory (trust lines, escrows, channels, checks, permissioned domains…) is an
 * obligation (`tecHAS_OBLIGATIONS`).
 *
 * @example
 * ```ts
 * ACCOUNT_DELETERS.Ticket(view, ticket, owner) // 'tesSUCCESS'
 * ```
 */
export const ACCOUNT_DELETERS: Readonly<Record<DeletableEntryType, Deleter>> = Object.freeze({
  Ticket: (view, ticket, owner) =>
    deleteTicket(view, owner, Number(ticket.TicketSequence)) ? 'tesSUCCESS' : 'tefBAD_LEDGER',
  SignerList: (view, _list, owner) => {
    removeSignerList(view, owner)
    return 'tesSUCCESS'
  },
  DepositPreauth: (view, entry, owner) => removeDepositPreauth(view, entry.index, owner),
  NFTokenOffer: (view, offer) => {
    deleteOffer(view, view.peek(offer.index) as NFTokenOffer)
    return 'tesSUCCESS'
  },
  // rippled DeleteAccount.cpp `removeDIDFromLedger`.
  DID: (view, did, owner) => deleteDid(view, view.peek(did.index) ?? did, owner.Account),
  // rippled DeleteAccount.cpp `removeOracleFromLedger`.
  Oracle: (view, oracle, owner) =>
    deleteOracle(view, view.peek(oracle.index) ?? oracle, owner.Account),
  // Credentials (issue 42 §2): DeleteAccount.cpp `removeCredentialFromLedger`.
  Credential: (view, credential) => {
    deleteCredential(view, view.peek(credential.index) as Credential)
    return 'tesSUCCESS'
  },
  // DeleteAccount.cpp `offerDelete`.
  Offer: (view, offer) => {
    deleteBookOffer(view, view.peek(offer.index) as Offer)
    return 'tesSUCCESS'
  },
  // xahaud DeleteAccount.cpp `removeGeneric`: out of the owner directory, one owned object less.
  URIToken: (view, token, owner) => {
    removeOwnedObject(view, view.peek(token.index) ?? token, {
      owner: owner.Account,
      keepRoot: false,
    })
    return 'tesSUCCESS'
  },
})

// rippled `maxDeletableDirEntries` (Protocol.h): more deletable objects than this → tefTOO_BIG.
const MAX_DELETABLE_ENTRIES = 1000
// rippled: "We don't allow an account to be deleted if its sequence number is within 256 of the
// current ledger" — computed as Sequence + 255 > current ledger index.
const SEQUENCE_DELTA = 255

/** What AccountDelete's preclaim reads of the ledger (rippled `DeleteAccount::preclaim`). */
export interface AccountDeleteFacts {
  /** The destination's AccountRoot `Flags`, or null when it does not exist. */
  destinationFlags: number | null
  /** The destination holds a DepositPreauth for the deleted account. */
  preauthorized: boolean
  /** The deleted account's `Sequence`. */
  sequence: number
  /** The index of the open ledger the transaction applies to. */
  currentIndex: number
  /** The `LedgerEntryType` of every object in the account's owner directory. */
  ownedTypes: readonly string[]
  /**
   * It issued NFTs still in the ledger, or owns an NFTokenPage (rippled, NonFungibleTokensV1); on
   * xahaud also an account that ever minted a URIToken (`lsfURITokenIssuer`).
   */
  holdsNFTs: boolean
  /**
   * The transaction's `CredentialIDs` against the ledger (`credentials::valid`): null when they
   * hold or none are given. Given, the deposit check waits for doApply (for their expiry).
   */
  credentials?: { given: boolean; refusal: Refusal | null }
}

/**
 * AccountDelete's preclaim (rippled `DeleteAccount::preclaim`, in its order): `tecNO_DST`,
 * `tecDST_TAG_NEEDED`, `tecBAD_CREDENTIALS` (CredentialIDs), `tecNO_PERMISSION` (deposit
 * authorization without a preauthorization; with CredentialIDs, asked in doApply instead),
 * `tecHAS_OBLIGATIONS` (NFTs), `tecTOO_SOON` while Sequence + 255 > the current ledger index
 * (xrpl.org says "256 ledgers"; this is the code), then `tecHAS_OBLIGATIONS` for any owned object
 * that is no deletion blocker's exception and `tefTOO_BIG` past 1,000 deletable ones.
 *
 * @example
 * ```ts
 * accountDeletePreclaim(tx, { ...facts, sequence: 100, currentIndex: 300 }) // 'tecTOO_SOON'
 * ```
 */
export function accountDeletePreclaim(tx: JsonObject, facts: AccountDeleteFacts): Verdict | null {
  if (facts.destinationFlags === null) return 'tecNO_DST'
  const untagged = tagRefusal(facts.destinationFlags, tx)
  if (untagged) return untagged
  if (facts.credentials?.refusal) return facts.credentials.refusal
  const allowed =
    facts.credentials?.given ||
    depositAuthorized({
      destinationFlags: facts.destinationFlags,
      preauthorized: facts.preauthorized,
      sameAccount: false,
    })
  if (!allowed) return 'tecNO_PERMISSION'
  if (facts.holdsNFTs) return 'tecHAS_OBLIGATIONS'
  if (facts.sequence + SEQUENCE_DELTA > facts.currentIndex) return 'tecTOO_SOON'
  if (facts.ownedTypes.some((type) => !isDeletableEntry(type))) {
    return 'tecHAS_OBLIGATIONS'
  }
  return facts.ownedTypes.length > MAX_DELETABLE_ENTRIES ? 'tefTOO_BIG' : null
}

// The LedgerEntryType of every object in an owner directory, in directory order.
const ownedObjects = (view: ReadView, address: string) =>
  [...directoryEntries(view, ownerDirIndex(address))].flatMap(({ index }) => {
    const object = view.read(index)
    return object ? [object] : []
  })

// rippled (NonFungibleTokensV1): NFTs it issued still in the ledger, or an NFTokenPage it owns.
function holdsNFTs(view: ReadView, root: Readonly<AccountRoot>): boolean {
  if (Number(root.MintedNFTokens ?? 0) !== Number(root.BurnedNFTokens ?? 0)) return true
  const first = view.succ(nftokenPageMinIndex(root.Account), nftokenPageMaxIndex(root.Account))
  return first !== undefined || view.read(nftokenPageMaxIndex(root.Account)) !== undefined
}

// xahaud DeleteAccount.cpp: "accounts that have issued URITokens are not allowed to be deleted"
// (before its NFT checks, the same tecHAS_OBLIGATIONS).
const issuedURITokens = (root: Readonly<AccountRoot>): boolean =>
  (root.Flags & LSF_URITOKEN_ISSUER) !== 0

/**
 * AccountDelete (docs/protocol.md §8.7, rippled `DeleteAccount.cpp`): its fee is one owner
 * reserve; preclaim as `accountDeletePreclaim`; doApply removes the deletable owned objects, sends
 * the rest of the balance to the destination (`meta.DeliveredAmount`), removes the owner
 * directory and the AccountRoot.
 *
 * @example
 * ```ts
 * accountDeleteRules.preflight({ Account: a, Destination: a }, context) // 'temDST_IS_SRC'
 * ```
 */
export const accountDeleteRules: TransactionRules = {
  source: 'DeleteAccount.cpp',
  amendment: 'DeletableAccounts',
  flags: 0,
  preflight: accountDeletePreflight,
  fee: (_tx, fees) => fees.increment,
  preclaim(view, tx, context) {
    const root = readAccount(view, String(tx.Account))
    if (!root) return 'terNO_ACCOUNT'
    const destination = readAccount(view, String(tx.Destination))
    return accountDeletePreclaim(tx, {
      destinationFlags: destination ? destination.Flags : null,
      preauthorized:
        view.read(depositPreauthIndex(String(tx.Destination), root.Account)) !== undefined,
      sequence: root.Sequence,
      currentIndex: view.info.seq,
      ownedTypes: ownedObjects(view, root.Account).map((object) => object.LedgerEntryType),
      holdsNFTs: holdsNFTs(view, root) || (isXahau(context.network) && issuedURITokens(root)),
      credentials: {
        given: tx.CredentialIDs !== undefined,
        refusal: credentialIdsPreclaim(view, tx),
      },
    })
  },
  doApply(context) {
    const { view, tx, account } = context
    // DeleteAccount::doApply: with CredentialIDs, deposit authorization is judged here.
    if (tx.CredentialIDs !== undefined) {
      const refused = depositRefusal(
        context,
        account.Account,
        readAccount(view, String(tx.Destination)),
      )
      if (refused) return refused
    }
    for (const object of ownedObjects(view, account.Account)) {
      const type = object.LedgerEntryType
      const result = isDeletableEntry(type)
        ? ACCOUNT_DELETERS[type](view, object, account)
        : 'tecHAS_OBLIGATIONS'
      if (result !== 'tesSUCCESS') return result
    }
    const destination = peekAccount(view, String(tx.Destination))
    if (!destination) return 'tefBAD_LEDGER'
    const remaining = balanceOf(account)
    credit(view, account, -remaining)
    credit(view, destination, remaining)
    context.deliver(remaining.toString())
    const directory = view.peek(ownerDirIndex(account.Account))
    if (directory) {
      if ((directory.Indexes as readonly string[] | undefined)?.length) return 'tecHAS_OBLIGATIONS'
      view.erase(directory)
    }
    // Re-arms the free SetRegularKey of a destination that received something (rippled).
    if (remaining > 0n && (destination.Flags & LSF.PasswordSpent) !== 0) {
      destination.Flags &= ~LSF.PasswordSpent
      view.update(destination)
    }
    view.erase(account)
    return 'tesSUCCESS'
  },
}

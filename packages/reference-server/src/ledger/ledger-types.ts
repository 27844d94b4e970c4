import type { Amount, NetworkKey, XrplTxResponse } from 'pullsign/wire'
import type {
  AmendmentProfile,
  AmendmentSwitches,
  AmendmentTable,
} from './amendments/amendment-table'
import type { LedgerHeader } from './closing/ledger-header'
import type { JsonObject } from './codec/json-object'
import type { MultisignedRefusal } from './codec/multisigned-blob'
import type { LedgerClosed, TransactionApplied } from './ledger-events'
import type { LedgerState } from './ledger-state'
import type { Explained } from './network-ledger'
import type { PathElement } from './paths/strand-builder'
import type { AccountOffer, BookOffersPage, BookOffersRequest } from './reads/book-offers'
import type { ObjectsPage, OwnerObjectsRequest } from './reads/ledger-reads'
import type { AccountNfts, HeldNFToken, NftOffers, PageMiss, PageRequest } from './reads/nft-reads'
import type { LedgerObject } from './state/ledger-object'
import type { ReadView } from './state/read-view'
import type { StoredTransaction } from './state/stored-transaction'
import type { LineView } from './state/trust-line'
import type { PreflightRefusal, UnsignedPreflightOptions } from './unsigned-preflight'
import type { Refusal } from './view/refusal'

/**
 * The state of one account on one network, as the wallet and the lookups see it.
 *
 * @example
 * ```ts
 * const account = server.platform.ledger.account('TESTNET', address)
 * console.log(account?.balance, account?.sequence) // '1000000000' 5000001
 * ```
 */
export interface AccountView {
  /** Native balance in drops. */
  balance: string
  /** The next Sequence the account must use. */
  sequence: number
  /** Number of owned objects (each adds the owner reserve, docs/protocol.md §8.1). */
  ownerCount: number
  /** The regular key, when one is set with SetRegularKey. */
  regularKey: string | null
  /** The accounts on its SignerList (empty when it has none). */
  signers: string[]
  /** Its trust lines as it sees them (docs/protocol.md §10). */
  lines: LineView[]
  /** Ticket sequences it owns and has not used, ascending (docs/protocol.md §8.5). */
  tickets: number[]
  /** Whether it set `DefaultRipple` (its assets ripple between holders, §8.5). */
  defaultRipple: boolean
  /** Its AccountRoot `Flags` (`lsfDefaultRipple` …). */
  flags: number
  /**
   * Its SignerList entry as the ledger keeps it, every field and its `index` (what rippled's
   * `account_info` lists: `STLedgerEntry::getJson`), or null.
   */
  signerList: Readonly<LedgerObject> | null
}

/**
 * Which state a read sees: the open ledger (`'current'`, the default: every applied transaction)
 * or the latest closed one (`'validated'`: what a node answers for `ledger_index: "validated"`).
 * Accounts funded through the control API show in both at once.
 *
 * @example
 * ```ts
 * ledger.entry('TESTNET', accountRootIndex(address), 'validated')
 * ```
 */
export type LedgerSelector = 'current' | 'validated'

/**
 * What `submit` reports, like a node's submit answer.
 *
 * @example
 * ```ts
 * const { txid, engine_result } = server.platform.ledger.submit('TESTNET', signedBlob)
 * if (engine_result !== 'tesSUCCESS') console.log('refused or failed:', engine_result)
 * ```
 */
export interface SubmitResult {
  /** The transaction id: SHA-512Half(`54584E00` + blob), upper-case hex (docs/protocol.md §8.2). */
  txid: string
  /** The engine result, e.g. `tesSUCCESS`, `tecUNFUNDED_PAYMENT`, `tefPAST_SEQ`. */
  engine_result: string
  /** Whether the transaction made it into the open ledger (tes and tec results). */
  applied: boolean
  network: NetworkKey
  /** The node URI the transaction was submitted to (the network's production node). */
  node: string
  /**
   * Why the result is not `tesSUCCESS`: the rule that decided, the values it compared and the
   * rippled source it follows (absent on success).
   */
  refusal?: Refusal
}

/**
 * The `xrpl-tx` response of docs/protocol.md §2, plus where the transaction sits: `ledger_index` (the open
 * ledger's index until it closes), and once validated `ctid` (§9.2) and `date` (close time, seconds
 * since the Ripple epoch). `meta.delivered_amount` is set on Payments that succeeded (§8.3).
 *
 * @example
 * ```ts
 * const tx = server.platform.ledger.transaction(record.response.txid!)
 * if (tx?.transaction.validated) console.log(tx.transaction.meta.delivered_amount)
 * ```
 */
export type TransactionLookup = XrplTxResponse & {
  transaction: { hash: string; ledger_index: number; ctid?: string; date?: number }
}

/**
 * The simulated multi-network ledger: one in-memory ledger per network of docs/protocol.md §8.1.
 *
 * @example
 * ```ts
 * const ledger = createLedger({ clock, closeMs: 4000 })
 * ledger.fund('rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', 100_000_000n)
 * const { txid, engine_result } = ledger.submit('TESTNET', signedBlob)
 * ledger.close('TESTNET')
 * ledger.transaction(txid)?.transaction.validated // true
 * ```
 */
export interface Ledger {
  /**
   * Credits drops to an address (creating the account); on every network unless listed. An address
   * that is no classic address, drops that are no amount or an unknown network throw a RangeError
   * (every method that takes a network does the same for an unknown one).
   */
  fund(address: string, drops: bigint | string, networks?: readonly NetworkKey[]): void
  /**
   * The account on a network, or null when it does not exist there: in the open ledger, or in the
   * latest closed one with `ledger` 'validated'.
   */
  account(network: NetworkKey, address: string, ledger?: LedgerSelector): AccountView | null
  /**
   * A page of an order book on a network's open ledger, or its latest closed one with `ledger`
   * 'validated' (`book_offers`, docs/protocol.md §8.7).
   */
  bookOffers(
    network: NetworkKey,
    request: BookOffersRequest,
    ledger?: LedgerSelector,
  ): BookOffersPage
  /**
   * An account's offers on a network's open ledger, or its latest closed one with `ledger`
   * 'validated' (`account_offers`, docs/protocol.md §8.7).
   */
  accountOffers(
    network: NetworkKey,
    address: string,
    page?: { limit?: number; marker?: string },
    ledger?: LedgerSelector,
  ): { offers: AccountOffer[]; marker?: string }
  /** The network fee in drops, e.g. "12". */
  fee(network: NetworkKey): string
  /**
   * The least fee in drops the ledger's transactor asks of `tx` on the open ledger (the network
   * fee, per multisigner, and each type's own: Batch, EscrowFinish fulfillment, AccountDelete);
   * `signers` counts the multisigners of a transaction not yet signed (docs/protocol.md §8.7).
   */
  minimumFee(network: NetworkKey, tx: JsonObject, options?: { signers?: number }): string
  /**
   * The ledger's preflight of a transaction not signed yet, on a network (unsigned-preflight.ts):
   * null when it passes, else the result a submission would get and the field to blame
   * (docs/protocol.md §3.1 "Before the ledger says so").
   *
   * @example
   * ```ts
   * ledger.preflight('MAINNET', { TransactionType: 'NFTokenMint', Account, Fee: '12', Sequence: 1 })
   * // { result: 'temMALFORMED', field: 'NFTokenTaxon' }
   * ```
   */
  preflight(
    network: NetworkKey,
    tx: JsonObject,
    options?: UnsignedPreflightOptions,
  ): PreflightRefusal | null
  /** Index of the latest closed ledger. */
  latestClosedIndex(network: NetworkKey): number
  /**
   * Decodes, verifies the signature(s) and applies a signed transaction blob; what it makes of the
   * blob is an engine result, never an exception. With `closeMs: 'auto'` an applied transaction's
   * ledger closes before this returns: it is validated, and its close heard, already.
   */
  submit(network: NetworkKey, blob: string): SubmitResult
  /**
   * Applies an unsigned transaction blob as its `Account`, without that account's key: every
   * check of `submit` but the signature and the signing key (the control API's impersonation,
   * docs/protocol.md §10); the transaction is kept marked `impersonated`. Automine closes its
   * ledger as for any submission.
   *
   * @example
   * ```ts
   * ledger.impersonate('TESTNET', codec.encode({ ...tx, SigningPubKey: '' })).engine_result
   * ```
   */
  impersonate(network: NetworkKey, blob: string): SubmitResult
  /**
   * Sets an account's native balance on a network, creating the account when missing, then closes
   * the network's open ledger (as automine does), so the latest closed ledger shows it. A direct
   * write, as `fund`'s credits: no transaction, and `total_coins` does not move. The base reserve
   * is the caller's to check (platform/ledger-balance.ts); an address or drops out of range throw
   * a RangeError naming it.
   *
   * @example
   * ```ts
   * ledger.setBalance('TESTNET', address, 5_000_000n)
   * ```
   */
  setBalance(network: NetworkKey, address: string, drops: bigint | string): void
  /**
   * What decided a transaction's result on a network, by the hash `submit` answered: a kept
   * transaction's verdict (tes or tec, with its ledger), or a refusal that never reached a ledger
   * (tem, tef, tel, ter: the latest 1,000 per network, `REFUSAL_HISTORY`, forgotten by a reset or a
   * restore); null when the network knows neither.
   *
   * @example
   * ```ts
   * ledger.explain('TESTNET', txid)?.verdict // 'tesSUCCESS' or { result, rule, detail, source }
   * ```
   */
  explain(network: NetworkKey, hash: string): Explained | null
  /**
   * Applies an unsigned transaction blob to a throw-away copy of the open ledger, as `submit`
   * would apply it but verifying no signature (rippled Simulate.cpp, tapDRY_RUN): its result,
   * and when it would apply (tes or tec) the transaction with its metadata as `transaction()`
   * shows it. Nothing is kept: no ledger, no stream, no listener hears of it.
   *
   * @example
   * ```ts
   * const { engine_result, lookup } = ledger.simulate('TESTNET', encode(unsignedPayment))
   * lookup?.transaction.meta.delivered_amount // what it would deliver
   * ```
   */
  simulate(
    network: NetworkKey,
    blob: string,
  ): { engine_result: string; ledger_index: number; lookup: TransactionLookup | null }
  /**
   * The path search of `ripple_path_find`, `path_find` and the wallet's pay-with on a network's
   * open ledger (reads/path-find.ts, rippled Pathfinder.cpp): for each asset `source` could pay
   * with (`sendMax`'s alone when given; `sourceCurrencies` narrows them, an issuer left out
   * meaning any line), the paths that deliver `amount` to `destination` (all of it, or as much as
   * they can when `partial`) and what they cost. Reads only.
   *
   * @example
   * ```ts
   * const [best] = ledger.findPaths('TESTNET', { source, destination, amount: usd10 })
   * // { paths: [[{ currency: 'XRP' }]], source_amount: { currency: 'EUR', issuer, value: '9.4' }, destination_amount }
   * ```
   */
  findPaths(
    network: NetworkKey,
    request: {
      source: string
      destination: string
      amount: Amount
      partial?: boolean
      sendMax?: Amount
      sourceCurrencies?: readonly { currency: string; issuer?: string }[]
    },
  ): { paths: PathElement[][]; source_amount: Amount; destination_amount: Amount }[]
  /**
   * Closes the open ledger now (all networks when omitted): the node's `ledger_accept`, the
   * control API's `/__ref/ledger/close`, the `ledgerCloseMs` timer and automine's close are this
   * one operation. `notBefore` (seconds since the Ripple epoch) gives the close the first close
   * time rippled could give at or after it, even ahead of the clock (time travel,
   * `/__ref/ledger/travel`): never short of it, at most a resolution step past it.
   */
  close(network?: NetworkKey, options?: { notBefore?: number }): void
  /** The header of a kept closed ledger (the latest when `index` is omitted), or null. */
  header(network: NetworkKey, index?: number): LedgerHeader | null
  /** The closed ledgers whose headers the network keeps, as rippled's `complete_ledgers`. */
  completeLedgers(network: NetworkKey): string
  /** Listens to every close of every network; returns the removal. */
  onClose(listener: (closed: LedgerClosed) => void): () => void
  /** Listens to every transaction `submit` applies to an open ledger; returns the removal. */
  onTransaction(listener: (applied: TransactionApplied) => void): () => void
  /** The `xrpl-tx` response of a transaction on any network (or only `network`), or null. */
  transaction(hash: string, network?: NetworkKey): TransactionLookup | null
  /** The validated transaction a CTID points at (docs/protocol.md §9.2), or null. */
  transactionByCtid(ctid: string): TransactionLookup | null
  /**
   * The ledger object at a ledger index (64 hex digits, either case) in the network's open
   * ledger (or the latest closed one, `'validated'`), as rippled's JSON with its `index`
   * (`ledger_entry` by index), or null. Indexes come
   * from ledger/state/keylets.ts (`accountRootIndex`, `rippleStateIndex`, `ticketIndex`…).
   * Read-only: objects change only through transactions.
   *
   * @example
   * ```ts
   * ledger.entry('TESTNET', accountRootIndex(address))?.Balance // '99999988'
   * ```
   */
  entry(network: NetworkKey, index: string, ledger?: LedgerSelector): Readonly<LedgerObject> | null
  /**
   * The network's amendment table (docs/protocol.md §8.10): every amendment its server knows, with
   * `id`, `name`, `enabled`, `supported`, for the node's `feature` and the dashboard.
   *
   * @example
   * ```ts
   * ledger.amendments('TESTNET').find('MultiSign')?.enabled // true
   * ```
   */
  amendments(network: NetworkKey): AmendmentTable
  /**
   * Changes a network's amendment table (docs/protocol.md §8.10, §10): `profile` first (the
   * network's table as that profile starts it), then each name of `enable`, then of `disable`;
   * without `profile`, on top of the current table. The next transaction follows it. An unknown
   * network, profile or amendment name throws a RangeError naming it, and nothing changes.
   *
   * @example
   * ```ts
   * ledger.setAmendments('TESTNET', { disable: ['BatchV1_1'] }).enabled('BatchV1_1') // false
   * ```
   */
  setAmendments(
    network: NetworkKey,
    change: { profile?: AmendmentProfile } & AmendmentSwitches,
  ): AmendmentTable
  /**
   * Whether `source` may deposit to `destination` in the open ledger, or the latest closed one
   * with `ledger` 'validated' (xrpl.org
   * "deposit_authorized", docs/protocol.md §8.7): always, unless the destination set
   * `asfDepositAuth`; then only itself, the accounts it preauthorized, and a source whose
   * `credentials` (Credential ids, docs/protocol.md §8.16) are exactly a set it preauthorized. A
   * missing account is rippled's `srcActNotFound` / `dstActNotFound`; a credential that is
   * missing, not accepted, expired, not the source's or twice the same pair is `badCredentials`
   * with rippled's message; an address that is no classic address throws a RangeError naming it.
   *
   * @example
   * ```ts
   * ledger.depositAuthorized('TESTNET', alice, shop) // true, false or 'dstActNotFound'
   * ledger.depositAuthorized('TESTNET', alice, shop, 'current', [kycId]) // true with KYC preauthorized
   * ```
   */
  depositAuthorized(
    network: NetworkKey,
    source: string,
    destination: string,
    ledger?: LedgerSelector,
    credentials?: readonly string[],
  ): boolean | 'srcActNotFound' | 'dstActNotFound' | { badCredentials: string }
  /**
   * Submits a multi-signed `tx_json` as rippled's `submit_multisigned` does: encoded, then checked
   * and applied like any blob (docs/protocol.md §8.7); `tx_blob` is what was submitted. A
   * `tx_json` that is no multi-signed transaction is refused (`invalidParams` naming the field)
   * and changes nothing.
   *
   * @example
   * ```ts
   * const answer = ledger.submitMultisigned('TESTNET', decode(multisign([blobA, blobB])))
   * if ('engine_result' in answer) console.log(answer.engine_result, answer.tx_blob)
   * ```
   */
  submitMultisigned(
    network: NetworkKey,
    txJson: unknown,
  ): (SubmitResult & { tx_blob: string }) | MultisignedRefusal
  /**
   * A page of an account's objects in the open ledger, as rippled's `account_objects` pages
   * them (NFTokenPages, then the owner directory page by page; `types` keeps some
   * `LedgerEntryType`s; every entry walked counts towards `limit`; pass the returned `marker` for
   * the next page). Null when the marker points at nothing (rippled's `invalidParams`). An
   * account without objects, or none at all, gets an empty page: check `account()` first.
   *
   * @example
   * ```ts
   * const page = ledger.accountObjects('TESTNET', address, { types: ['Ticket'], limit: 200 })
   * ```
   */
  accountObjects(
    network: NetworkKey,
    address: string,
    request: OwnerObjectsRequest & { ledger?: LedgerSelector },
  ): ObjectsPage | null
  /**
   * A page of every object of the open ledger in index order, as rippled's `ledger_data` pages
   * them (the marker is the index before the next object; `type` keeps one `LedgerEntryType`,
   * the others still count towards `limit`). Null when the marker is no ledger index.
   *
   * @example
   * ```ts
   * let page = ledger.ledgerData('TESTNET', { limit: 256 })
   * while (page?.marker) page = ledger.ledgerData('TESTNET', { limit: 256, marker: page.marker })
   * ```
   */
  ledgerData(
    network: NetworkKey,
    request: { limit: number; marker?: string; type?: string; ledger?: LedgerSelector },
  ): ObjectsPage | null
  /**
   * A kept transaction of one network with its metadata as rippled stores it (`meta`:
   * `AffectedNodes`, `TransactionIndex`, `TransactionResult`, `DeliveredAmount`; the network's
   * codec's `encode(meta)` is its binary form; `delivered_amount` is for the adapter to add, see
   * transaction-lookup.ts), or null when unknown or forgotten (docs/protocol.md §8.6, §8.11).
   *
   * @example
   * ```ts
   * ledger.storedTransaction('TESTNET', txid)?.meta.TransactionResult // 'tesSUCCESS'
   * ```
   */
  storedTransaction(network: NetworkKey, hash: string): Readonly<StoredTransaction> | null
  /**
   * The transactions of a closed ledger, in their order (`TransactionIndex`); empty for a ledger
   * that held none or is forgotten (past the history).
   *
   * @example
   * ```ts
   * ledger.ledgerTransactions('TESTNET', ledger.latestClosedIndex('TESTNET')).map((t) => t.txid)
   * ```
   */
  ledgerTransactions(
    network: NetworkKey,
    ledgerIndex: number,
  ): readonly Readonly<StoredTransaction>[]
  /** Forgets every account and transaction; ledger indexes start again. */
  reset(): void
  /** Counts funds, submissions, closes and resets: a snapshot writes the ledger again only when it moved. */
  readonly changes: number
  /** Every network's accounts, lines and transactions, for a snapshot (src/state/snapshot.ts). */
  saveState(): LedgerState
  /** Replaces every network's ledger with a checked snapshot part (a network left out starts empty). */
  loadState(state: LedgerState): void
  /** Stops the close timer. */
  dispose(): void
  /** The open ledger's objects of a network, read-only (the reads of ledger/reads/ take it). */
  view(network: NetworkKey): ReadView
  /**
   * An account's tokens as `account_nfts` lists them (reads/nft-reads.ts), paged as rippled pages
   * them, in the open ledger or the latest closed one (`ledger` 'validated').
   *
   * @example
   * ```ts
   * const page = ledger.accountNfts('TESTNET', address, { limit: 100 })
   * if (page !== 'badMarker') page.account_nfts
   * ```
   */
  accountNfts(
    network: NetworkKey,
    address: string,
    request?: PageRequest,
    ledger?: LedgerSelector,
  ): AccountNfts | 'badMarker'
  /** A token's sell offers (ledger/reads/nft-reads.ts), open ledger or latest closed. */
  nftSellOffers(
    network: NetworkKey,
    tokenId: string,
    request?: PageRequest,
    ledger?: LedgerSelector,
  ): NftOffers | PageMiss
  /** A token's buy offers (ledger/reads/nft-reads.ts), open ledger or latest closed. */
  nftBuyOffers(
    network: NetworkKey,
    tokenId: string,
    request?: PageRequest,
    ledger?: LedgerSelector,
  ): NftOffers | PageMiss
  /** A token minted on a simulated network: where it is, who holds it, its URI; or null. */
  nftoken(tokenId: string): HeldNFToken | null
}

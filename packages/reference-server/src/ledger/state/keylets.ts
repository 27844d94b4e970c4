import { createHash } from 'node:crypto'
import { createSharedCache } from '../../bounded-cache'
import { accountIdOf } from '../codec/account-ids'
import { Currency } from '../codec/core-types'

/**
 * Where each ledger object lives: its ledger index, SHA-512Half of a two-byte name space and the
 * object's own parameters, 64 upper-case hex digits (rippled `src/libxrpl/protocol/Indexes.cpp`,
 * `LedgerNameSpace`; xrpl.js `hashes.*` agree where it has one; docs/protocol.md §8.6).
 */

// rippled's LedgerNameSpace characters, each written as a big-endian uint16.
const SPACE = {
  account: 'a',
  dirNode: 'd',
  trustLine: 'r',
  offer: 'o',
  ownerDir: 'O',
  bookDir: 'B',
  escrow: 'u',
  ticket: 'T',
  signerList: 'S',
  payChannel: 'x',
  check: 'C',
  depositPreauth: 'p',
  nftokenOffer: 'q',
  nftokenBuyOffers: 'h',
  nftokenSellOffers: 'i',
  // xahaud's own (src/ripple/protocol/Indexes.h `LedgerNameSpace`).
  uriToken: 'U',
  // The AMM (XLS-30).
  amm: 'A',
  // DID, Price Oracle, Permissioned Domains (rippled Indexes.cpp `DID`, `ORACLE`,
  // `PERMISSIONED_DOMAIN`).
  did: 'I',
  oracle: 'R',
  permissionedDomain: 'm',
  // Credentials (issue 42 §2).
  credential: 'D',
  depositPreauthCredentials: 'P',
  // Multi-Purpose Tokens (MPTokensV1).
  mptIssuance: '~',
  mptoken: 't',
} as const

const HASH = /^[0-9A-F]{64}$/

const uint32 = (value: number) => (value >>> 0).toString(16).toUpperCase().padStart(8, '0')
const uint64 = (value: bigint) => value.toString(16).toUpperCase().padStart(16, '0')

// SHA-512Half of the name space and the hex parts, upper-case hex.
function indexHash(space: keyof typeof SPACE, ...parts: string[]): string {
  const hash = createHash('sha512')
  hash.update(`00${SPACE[space].charCodeAt(0).toString(16)}${parts.join('')}`, 'hex')
  return hash.digest('hex').slice(0, 64).toUpperCase()
}

// The indexes every transaction looks up (accounts, their directories, trust lines) are pure
// functions of a few strings: remembered, bounded, instead of a hash per lookup. A key is two
// addresses and a currency code at most (35 + 35 + 40 and two separators).
const remembered = createSharedCache<string>({ maxKeyLength: 112, maxEntries: 8192 })
function rememberedIndex(key: string, compute: () => string): string {
  const known = remembered.get(key)
  if (known !== undefined) return known
  const index = compute()
  remembered.set(key, index)
  return index
}

/**
 * The 160 bits of a currency code as the ledger hashes it: 20 zero bytes for the native asset,
 * the ISO code's three letters at bytes 12..14, or a 40-hex code as written.
 *
 * @example
 * ```ts
 * currencyHex('USD') // '0000000000000000000000005553440000000000'
 * ```
 */
export function currencyHex(currency: string): string {
  const known = currencyHexes.get(currency)
  if (known !== undefined) return known
  const hex = Currency.from(currency).toHex().toUpperCase()
  currencyHexes.set(currency, hex)
  return hex
}
// Every book, pool and trust-line index reads its currencies' bits: the codec's Currency made
// them anew each time (a sixth of a path search over 50 books and 20 pools). A code is 3
// characters or 40 hex digits.
const currencyHexes = createSharedCache<string>({ maxKeyLength: 40, maxEntries: 1024 })

/**
 * A ledger index: 64 upper-case hex digits.
 *
 * @example
 * ```ts
 * isLedgerIndex(accountRootIndex(address)) // true
 * ```
 */
export const isLedgerIndex = (value: unknown): value is string =>
  typeof value === 'string' && HASH.test(value)

/**
 * AccountRoot of an account (xrpl.js `hashes.hashAccountRoot`).
 *
 * @example
 * ```ts
 * accountRootIndex('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh')
 * // '2B6AC232AA4C4BE41BF49D2459FA4A0347E1B543A4C92FCEE0821C0201E2E9A8'
 * ```
 */
export const accountRootIndex = (address: string): string =>
  rememberedIndex(`a ${address}`, () => indexHash('account', accountIdOf(address)))

/**
 * The root page of an account's owner directory (`keylet::ownerDir`).
 *
 * @example
 * ```ts
 * const root = ownerDirIndex(address)
 * ```
 */
export const ownerDirIndex = (address: string): string =>
  rememberedIndex(`O ${address}`, () => indexHash('ownerDir', accountIdOf(address)))

/**
 * Page `page` of the directory whose root is `root` (`keylet::page`): the root itself for page 0.
 *
 * @example
 * ```ts
 * directoryPageIndex(ownerDirIndex(address), 1n)
 * ```
 */
export function directoryPageIndex(root: string, page: bigint): string {
  return page === 0n ? root : indexHash('dirNode', root, uint64(page))
}

/**
 * The RippleState between two accounts in a currency, the same whichever side asks
 * (`keylet::rippleState`, xrpl.js `hashes.hashTrustline`).
 *
 * @example
 * ```ts
 * rippleStateIndex(holder, issuer, 'USD') === rippleStateIndex(issuer, holder, 'USD') // true
 * ```
 */
export function rippleStateIndex(a: string, b: string, currency: string): string {
  const [first, second] = a < b ? [a, b] : [b, a]
  return rememberedIndex(`${first} ${second} ${currency}`, () => {
    const idA = accountIdOf(a)
    const idB = accountIdOf(b)
    const [low, high] = idA < idB ? [idA, idB] : [idB, idA]
    return indexHash('trustLine', low, high, currencyHex(currency))
  })
}

/**
 * A Ticket of an account (`keylet::ticket`).
 *
 * @example
 * ```ts
 * ticketIndex(address, 5_000_002)
 * ```
 */
export const ticketIndex = (address: string, ticketSequence: number): string =>
  indexHash('ticket', accountIdOf(address), uint32(ticketSequence))

/**
 * The SignerList of an account (`keylet::signers`, page 0; xrpl.js `hashes.hashSignerListId`).
 *
 * @example
 * ```ts
 * signerListIndex(address)
 * ```
 */
export const signerListIndex = (address: string): string =>
  indexHash('signerList', accountIdOf(address), uint32(0))

/**
 * An Escrow created by `owner` with a Sequence (or ticket) number (xrpl.js `hashes.hashEscrow`).
 *
 * @example
 * ```ts
 * escrowIndex(owner, 5_000_003)
 * ```
 */
export const escrowIndex = (owner: string, sequence: number): string =>
  indexHash('escrow', accountIdOf(owner), uint32(sequence))

/**
 * A URIToken: SHA-512Half of the name space `U`, its issuer's AccountID and the URI's bytes
 * (xahaud `keylet::uritoken` in Indexes.cpp), so one issuer mints one token per URI.
 *
 * @example
 * ```ts
 * uriTokenIndex(issuer, '697066733A2F2F') // the token of 'ipfs://' minted by issuer
 * ```
 */
export const uriTokenIndex = (issuer: string, uriHex: string): string =>
  indexHash('uriToken', accountIdOf(issuer), uriHex)

/**
 * A Check created by `owner` with a Sequence (or ticket) number (`keylet::check`).
 *
 * @example
 * ```ts
 * checkIndex(owner, 5_000_003)
 * ```
 */
export const checkIndex = (owner: string, sequence: number): string =>
  indexHash('check', accountIdOf(owner), uint32(sequence))

/**
 * A PayChannel from `source` to `destination` created with a Sequence (or ticket) number
 * (xrpl.js `hashes.hashPaymentChannel`).
 *
 * @example
 * ```ts
 * payChannelIndex(source, destination, 5_000_003)
 * ```
 */
export const payChannelIndex = (source: string, destination: string, sequence: number): string =>
  indexHash('payChannel', accountIdOf(source), accountIdOf(destination), uint32(sequence))

/**
 * An Offer placed by `owner` with a Sequence (or ticket) number (xrpl.js `hashes.hashOfferId`).
 *
 * @example
 * ```ts
 * offerIndex(owner, 5_000_003)
 * ```
 */
export const offerIndex = (owner: string, sequence: number): string =>
  indexHash('offer', accountIdOf(owner), uint32(sequence))

/**
 * A DepositPreauth of `owner` for `authorized` (`keylet::depositPreauth`).
 *
 * @example
 * ```ts
 * depositPreauthIndex(owner, authorized)
 * ```
 */
export const depositPreauthIndex = (owner: string, authorized: string): string =>
  indexHash('depositPreauth', accountIdOf(owner), accountIdOf(authorized))

/**
 * An NFTokenOffer made by `owner` with a Sequence (or ticket) number (`keylet::nftoffer`).
 *
 * @example
 * ```ts
 * nftokenOfferIndex(owner, 5_000_003)
 * ```
 */
export const nftokenOfferIndex = (owner: string, sequence: number): string =>
  indexHash('nftokenOffer', accountIdOf(owner), uint32(sequence))

/**
 * The directory of buy offers for an NFToken (`keylet::nft_buys`).
 *
 * @example
 * ```ts
 * nftokenBuyOffersIndex(tokenId)
 * ```
 */
export const nftokenBuyOffersIndex = (tokenId: string): string =>
  indexHash('nftokenBuyOffers', tokenId.toUpperCase())

/**
 * The directory of sell offers for an NFToken (`keylet::nft_sells`).
 *
 * @example
 * ```ts
 * nftokenSellOffersIndex(tokenId)
 * ```
 */
export const nftokenSellOffersIndex = (tokenId: string): string =>
  indexHash('nftokenSellOffers', tokenId.toUpperCase())

// The low 96 bits of an NFToken page index (`nft::pageMask`): the rest is the owner's AccountID.
const PAGE_BITS = 24

/**
 * The lowest NFTokenPage index of an owner: its AccountID, then 12 zero bytes (`nftpage_min`).
 *
 * @example
 * ```ts
 * nftokenPageMinIndex(owner)
 * ```
 */
export const nftokenPageMinIndex = (owner: string): string =>
  accountIdOf(owner) + '0'.repeat(PAGE_BITS)

/**
 * The highest NFTokenPage index of an owner: its AccountID, then 12 bytes of 0xFF (`nftpage_max`):
 * the page that holds an owner's highest tokens always has this index.
 *
 * @example
 * ```ts
 * nftokenPageMaxIndex(owner)
 * ```
 */
export const nftokenPageMaxIndex = (owner: string): string =>
  accountIdOf(owner) + 'F'.repeat(PAGE_BITS)

/**
 * The NFTokenPage index an owner's token sorts at: the owner's AccountID, then the token's low 96
 * bits (`keylet::nftpage`); the page holding it is the first page at or above this index.
 *
 * @example
 * ```ts
 * nftokenPageIndex(owner, tokenId)
 * ```
 */
export const nftokenPageIndex = (owner: string, tokenId: string): string =>
  accountIdOf(owner) + tokenId.toUpperCase().slice(64 - PAGE_BITS)

/**
 * Describes an order book: what the taker pays and gets (currency and issuer; the native asset
 * has no issuer).
 *
 * @example
 * ```ts
 * const book: BookSide = { pays: { currency: 'XRP' }, gets: { currency: 'USD', issuer } }
 * ```
 */
export interface BookSide {
  pays: { currency: string; issuer?: string }
  gets: { currency: string; issuer?: string }
}

/**
 * The 160 bits of an asset's issuer as the ledger writes them: its AccountID, or zeros for the
 * native asset (no issuer).
 *
 * @example
 * ```ts
 * issuerHex(undefined) // '0000000000000000000000000000000000000000'
 * ```
 */
export const issuerHex = (issuer: string | undefined): string =>
  issuer === undefined ? '0'.repeat(40) : accountIdOf(issuer)

/**
 * The base of an order book's directories (`getBookBase`): the hash of both assets with its last
 * 8 bytes (the quality) zeroed. Each quality's directory is {@link bookDirIndex}.
 *
 * @example
 * ```ts
 * bookBaseIndex({ pays: { currency: 'XRP' }, gets: { currency: 'USD', issuer } })
 * ```
 */
export function bookBaseIndex({ pays, gets }: BookSide): string {
  const hash = indexHash(
    'bookDir',
    currencyHex(pays.currency),
    currencyHex(gets.currency),
    issuerHex(pays.issuer),
    issuerHex(gets.issuer),
  )
  return bookDirIndex(hash, 0n)
}

/**
 * A book directory at a quality (`keylet::quality`): the base with its last 8 bytes replaced by
 * the quality, big-endian, so directories of one book sort by quality.
 *
 * @example
 * ```ts
 * bookDirIndex(bookBaseIndex(book), 0x55038d7ea4c68000n)
 * ```
 */
export function bookDirIndex(base: string, quality: bigint): string {
  return base.slice(0, 48) + uint64(quality)
}

/**
 * The quality written in a book directory's index: its last 8 bytes (`getQuality`).
 *
 * @example
 * ```ts
 * qualityOfIndex(bookDirIndex(base, 5n)) // 5n
 * ```
 */
export const qualityOfIndex = (index: string): bigint => BigInt(`0x${index.slice(48)}`)

/**
 * An asset as the AMM's keylet and LP currency order it (rippled `Issue`'s `operator<=>`): its
 * currency's 160 bits, then its issuer's (zeros for the native asset).
 *
 * @example
 * ```ts
 * const side: AmmSide = { currency: 'XRP' }
 * ```
 */
export interface AmmSide {
  currency: string
  issuer?: string
}

/**
 * The two assets of a pool in rippled's order (`std::minmax` of the two `Issue`s): by currency,
 * then by issuer, as hex.
 *
 * @example
 * ```ts
 * const [min, max] = ammOrder(usd, { currency: 'XRP' }) // XRP first
 * ```
 */
export function ammOrder(a: AmmSide, b: AmmSide): [AmmSide, AmmSide] {
  const key = (side: AmmSide) => currencyHex(side.currency) + issuerHex(side.issuer)
  return key(b) < key(a) ? [b, a] : [a, b]
}

/**
 * An AMM's ledger index (rippled Indexes.cpp `keylet::amm`): the hash of the smaller asset's
 * issuer and currency, then the larger one's.
 *
 * @example
 * ```ts
 * ammIndex({ currency: 'XRP' }, { currency: 'NEX', issuer: 'rQGiPFWhaTDdue1xHX7cVpxGqPQK54zng1' })
 * // 'F490627BACE2D0AA744514A640B4999D50E495DD1677550D8B10E2D20FBB15C3'
 * ```
 */
export function ammIndex(a: AmmSide, b: AmmSide): string {
  const [min, max] = ammOrder(a, b)
  return indexHash(
    'amm',
    issuerHex(min.issuer),
    currencyHex(min.currency),
    issuerHex(max.issuer),
    currencyHex(max.currency),
  )
}
// DID, Price Oracle and Permissioned Domains (rippled Indexes.cpp `keylet::did`, `keylet::oracle`,
// `keylet::permissionedDomain`).

/**
 * The DID of an account (`keylet::did`): one per account.
 *
 * @example
 * ```ts
 * ledger.entry('TESTNET', didIndex(address))?.URI
 * ```
 */
export const didIndex = (address: string): string => indexHash('did', accountIdOf(address))

/**
 * A price oracle of an owner by its `OracleDocumentID` (`keylet::oracle`).
 *
 * @example
 * ```ts
 * oracleIndex(address, 1)
 * ```
 */
export const oracleIndex = (owner: string, documentId: number): string =>
  indexHash('oracle', accountIdOf(owner), uint32(documentId))

/**
 * A permissioned domain by its owner and the `Sequence` of the PermissionedDomainSet that made it
 * (`keylet::permissionedDomain`).
 *
 * @example
 * ```ts
 * permissionedDomainIndex(address, 5_000_002)
 * ```
 */
export const permissionedDomainIndex = (owner: string, sequence: number): string =>
  indexHash('permissionedDomain', accountIdOf(owner), uint32(sequence))
// Credentials (issue 42 §2): the Credential entry and the credential form of DepositPreauth.

/**
 * A Credential (`keylet::credential`): SHA-512Half of 'D', the subject's and the issuer's
 * AccountIDs and the `CredentialType` bytes (hex, as the transaction carries it).
 *
 * @example
 * ```ts
 * credentialIndex(subject, issuer, '4B5943') // the "KYC" credential issuer gave subject
 * ```
 */
export const credentialIndex = (subject: string, issuer: string, credentialType: string): string =>
  indexHash('credential', accountIdOf(subject), accountIdOf(issuer), credentialType.toUpperCase())

/** One accepted credential a DepositPreauth names: its issuer and its type (hex). */
export interface CredentialPair {
  issuer: string
  credentialType: string
}

/**
 * Credential pairs in rippled's order (a `std::set<std::pair<AccountID, Slice>>`,
 * CredentialHelpers.cpp `makeSorted`): by the issuer's AccountID bytes, then the type's bytes.
 *
 * @example
 * ```ts
 * sortedCredentials([{ issuer: b, credentialType: '02' }, { issuer: a, credentialType: '01' }])
 * ```
 */
export function sortedCredentials(pairs: readonly CredentialPair[]): CredentialPair[] {
  const key = (pair: CredentialPair) => [
    accountIdOf(pair.issuer),
    pair.credentialType.toUpperCase(),
  ]
  return [...pairs].sort((a, b) => {
    const [issuerA, typeA] = key(a) as [string, string]
    const [issuerB, typeB] = key(b) as [string, string]
    if (issuerA !== issuerB) return issuerA < issuerB ? -1 : 1
    return typeA < typeB ? -1 : typeA > typeB ? 1 : 0
  })
}

/**
 * The DepositPreauth of an owner that accepts a set of credentials (`keylet::depositPreauth`
 * with credentials, Indexes.cpp): SHA-512Half of 'P', the owner's AccountID, then, as beast's
 * `hash_append` writes a `std::vector<uint256>`, each pair's SHA-512Half(issuer AccountID ‖ type
 * bytes) in {@link sortedCredentials} order followed by their count as 8 big-endian bytes.
 *
 * @example
 * ```ts
 * depositPreauthCredentialsIndex(owner, [{ issuer, credentialType: '4B5943' }])
 * ```
 */
export function depositPreauthCredentialsIndex(
  owner: string,
  pairs: readonly CredentialPair[],
): string {
  const hashes = sortedCredentials(pairs).map((pair) =>
    createHash('sha512')
      .update(`${accountIdOf(pair.issuer)}${pair.credentialType}`, 'hex')
      .digest('hex')
      .slice(0, 64),
  )
  return indexHash(
    'depositPreauthCredentials',
    accountIdOf(owner),
    ...hashes,
    uint64(BigInt(hashes.length)),
  )
}

/**
 * The 192-bit id of an MPT issuance (`makeMptID`, Indexes.cpp): the creating transaction's
 * Sequence (or TicketSequence) as a big-endian UInt32, then the issuer's AccountID; 48 upper-case
 * hex digits, what `mpt_issuance_id` names.
 *
 * @example
 * ```ts
 * mptIssuanceId(5, issuer) // '00000005' + issuer's AccountID in hex
 * ```
 */
export const mptIssuanceId = (sequence: number, issuer: string): string =>
  uint32(sequence) + accountIdOf(issuer)

/**
 * The MPTokenIssuance of an issuance id (`keylet::mptIssuance`, Indexes.cpp): SHA-512Half of the
 * name space and the 24-byte id.
 *
 * @example
 * ```ts
 * mptIssuanceIndex(mptIssuanceId(5, issuer))
 * ```
 */
export const mptIssuanceIndex = (mptId: string): string =>
  rememberedIndex(`~ ${mptId}`, () => indexHash('mptIssuance', mptId.toUpperCase()))

/**
 * A holder's MPToken (`keylet::mptoken`, Indexes.cpp): SHA-512Half of the name space, the
 * issuance's 32-byte ledger index (not its 24-byte id) and the holder's AccountID.
 *
 * @example
 * ```ts
 * mptokenIndex(mptId, holder)
 * ```
 */
export const mptokenIndex = (mptId: string, holder: string): string =>
  rememberedIndex(`t ${mptId} ${holder}`, () =>
    indexHash('mptoken', mptIssuanceIndex(mptId), accountIdOf(holder)),
  )

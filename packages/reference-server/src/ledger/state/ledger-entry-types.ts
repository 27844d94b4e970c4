/**
 * What the ledger knows of one kind of object, as rippled's `ledger_entries.macro` declares it
 * (`include/xrpl/protocol/detail/ledger_entries.macro`, `LEDGER_ENTRY(tag, code, name, rpcName,
 * fields)`; xahaud's `LedgerFormats.h` for its own). The RPC reads and AccountDelete take their
 * lists from {@link LEDGER_ENTRY_TYPES}.
 *
 * @example
 * ```ts
 * const did: LedgerEntryTypeInfo = { code: 0x0049, rpcName: 'did', locator: 'did', deletable: true }
 * ```
 */
export interface LedgerEntryTypeInfo {
  /** The type's code, the `LedgerEntryType` field's binary value (`ltDID` = 0x0049). */
  readonly code: number
  /**
   * The `type` filter of `account_objects` and `ledger_data` (the macro's `rpcName`, rippled
   * `RPC::chooseLedgerEntryType`).
   */
  readonly rpcName: string
  /** The `ledger_entry` field that finds one (rippled LedgerEntry.cpp's table over the macro). */
  readonly locator: string
  /**
   * An AccountDelete removes it with the account (rippled DeleteAccount.cpp
   * `nonObligationDeleter`); any other type in the owner directory is an obligation
   * (`tecHAS_OBLIGATIONS`).
   */
  readonly deletable?: true
}

/**
 * Every ledger entry type the node reads, by `LedgerEntryType`, in code order as the macro lists
 * them: a new type is one line here (and its AccountDelete deleter when `deletable`, which the
 * compiler asks for, or its locator parser in ledger-api/methods/ledger-entry.ts when it takes
 * more than an index). A type of one server only (xahaud's `URIToken`) is never written on the
 * other's networks, so the table serves both. The singletons `Amendments`, `FeeSettings` and
 * `LedgerHashes` are never written here (the network's settings stand for them): their filter and
 * locator find nothing.
 *
 * @example
 * ```ts
 * LEDGER_ENTRY_TYPES.RippleState.rpcName // 'state'
 * LEDGER_ENTRY_TYPES.RippleState.locator // 'ripple_state'
 * ```
 */
export const LEDGER_ENTRY_TYPES = Object.freeze({
  NFTokenOffer: { code: 0x0037, rpcName: 'nft_offer', locator: 'nft_offer', deletable: true },
  Check: { code: 0x0043, rpcName: 'check', locator: 'check' },
  DID: { code: 0x0049, rpcName: 'did', locator: 'did', deletable: true },
  NFTokenPage: { code: 0x0050, rpcName: 'nft_page', locator: 'nft_page' },
  SignerList: { code: 0x0053, rpcName: 'signer_list', locator: 'signer_list', deletable: true },
  Ticket: { code: 0x0054, rpcName: 'ticket', locator: 'ticket', deletable: true },
  // xahaud's (LedgerFormats.h `ltURI_TOKEN`; DeleteAccount.cpp `removeGeneric`).
  URIToken: { code: 0x0055, rpcName: 'uri_token', locator: 'uri_token', deletable: true },
  AccountRoot: { code: 0x0061, rpcName: 'account', locator: 'account_root' },
  DirectoryNode: { code: 0x0064, rpcName: 'directory', locator: 'directory' },
  Amendments: { code: 0x0066, rpcName: 'amendments', locator: 'amendments' },
  LedgerHashes: { code: 0x0068, rpcName: 'hashes', locator: 'hashes' },
  Offer: { code: 0x006f, rpcName: 'offer', locator: 'offer', deletable: true },
  DepositPreauth: {
    code: 0x0070,
    rpcName: 'deposit_preauth',
    locator: 'deposit_preauth',
    deletable: true,
  },
  RippleState: { code: 0x0072, rpcName: 'state', locator: 'ripple_state' },
  FeeSettings: { code: 0x0073, rpcName: 'fee', locator: 'fee' },
  Escrow: { code: 0x0075, rpcName: 'escrow', locator: 'escrow' },
  PayChannel: { code: 0x0078, rpcName: 'payment_channel', locator: 'payment_channel' },
  AMM: { code: 0x0079, rpcName: 'amm', locator: 'amm' },
  MPTokenIssuance: { code: 0x007e, rpcName: 'mpt_issuance', locator: 'mpt_issuance' },
  MPToken: { code: 0x007f, rpcName: 'mptoken', locator: 'mptoken' },
  Oracle: { code: 0x0080, rpcName: 'oracle', locator: 'oracle', deletable: true },
  Credential: { code: 0x0081, rpcName: 'credential', locator: 'credential', deletable: true },
  PermissionedDomain: {
    code: 0x0082,
    rpcName: 'permissioned_domain',
    locator: 'permissioned_domain',
  },
} as const satisfies Record<string, LedgerEntryTypeInfo>)

/**
 * A `LedgerEntryType` of {@link LEDGER_ENTRY_TYPES}.
 *
 * @example
 * ```ts
 * const type: LedgerEntryTypeName = 'DID'
 * ```
 */
export type LedgerEntryTypeName = keyof typeof LEDGER_ENTRY_TYPES

/**
 * The types an AccountDelete removes with the account (`deletable` in the table).
 *
 * @example
 * ```ts
 * const type: DeletableEntryType = 'Ticket'
 * ```
 */
export type DeletableEntryType = {
  [Name in LedgerEntryTypeName]: (typeof LEDGER_ENTRY_TYPES)[Name] extends { deletable: true }
    ? Name
    : never
}[LedgerEntryTypeName]

const ENTRIES = Object.entries(LEDGER_ENTRY_TYPES) as [LedgerEntryTypeName, LedgerEntryTypeInfo][]

const BY_RPC_NAME: ReadonlyMap<string, LedgerEntryTypeName> = new Map(
  ENTRIES.map(([name, info]) => [info.rpcName, name]),
)

/**
 * The `LedgerEntryType` an `account_objects` / `ledger_data` `type` filter names (any case), or
 * undefined for a name the table does not have.
 *
 * @example
 * ```ts
 * entryTypeOfRpcName('State') // 'RippleState'
 * ```
 */
export const entryTypeOfRpcName = (name: string): LedgerEntryTypeName | undefined =>
  BY_RPC_NAME.get(name.toLowerCase())

/**
 * Each type's `ledger_entry` locator field, in the table's order.
 *
 * @example
 * ```ts
 * entryLocators().find(([, type]) => type === 'AccountRoot') // ['account_root', 'AccountRoot']
 * ```
 */
export const entryLocators = (): [string, LedgerEntryTypeName][] =>
  ENTRIES.map(([name, info]) => [info.locator, name])

/**
 * Whether an AccountDelete removes an object of this type with the account, rather than being
 * blocked by it (`tecHAS_OBLIGATIONS`).
 *
 * @example
 * ```ts
 * isDeletableEntry('Ticket') // true
 * isDeletableEntry('RippleState') // false
 * ```
 */
export const isDeletableEntry = (type: string): type is DeletableEntryType =>
  Object.hasOwn(LEDGER_ENTRY_TYPES, type) &&
  (LEDGER_ENTRY_TYPES[type as LedgerEntryTypeName] as LedgerEntryTypeInfo).deletable === true

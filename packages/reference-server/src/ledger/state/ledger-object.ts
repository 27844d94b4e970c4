/**
 * A field value of a ledger object in rippled's JSON: numbers for UInt8/16/32, strings for
 * drops, hashes, accounts, blobs and UInt64 (hex), `{currency, issuer, value}` for issued
 * amounts, arrays of wrapped inner objects (`SignerEntries`, `NFTokens`) or of hashes (`Indexes`).
 *
 * @example
 * ```ts
 * const balance: LedgerValue = { currency: 'USD', issuer: 'rrrrrrrrrrrrrrrrrrrrBZbvji', value: '10' }
 * ```
 */
export type LedgerValue =
  | string
  | number
  | readonly LedgerValue[]
  | { [field: string]: LedgerValue }

/**
 * One ledger object as rippled writes it in JSON (`ledger_entry`, `account_objects`,
 * metadata): `LedgerEntryType`, `Flags` and the type's fields under rippled's names, plus its
 * `index` (its ledger index, 64 upper-case hex digits, state/keylets.ts). `index` is not a field
 * of the object on the ledger: metadata leaves it out.
 *
 * @example
 * ```ts
 * const ticket: LedgerObject = {
 *   LedgerEntryType: 'Ticket', Flags: 0, Account: address, OwnerNode: '0', TicketSequence: 5,
 *   PreviousTxnID: txid, PreviousTxnLgrSeq: 5_000_001, index: ticketIndex(address, 5),
 * }
 * ```
 */
export interface LedgerObject {
  LedgerEntryType: string
  Flags: number
  index: string
  [field: string]: LedgerValue | undefined
}

/**
 * An AccountRoot: an account's native balance (drops as a string), next Sequence, owner count
 * and settings.
 *
 * @example
 * ```ts
 * const root = view.read(accountRootIndex(address)) as AccountRoot | undefined
 * BigInt(root?.Balance ?? 0)
 * ```
 */
export interface AccountRoot extends LedgerObject {
  LedgerEntryType: 'AccountRoot'
  Account: string
  Balance: string
  Sequence: number
  OwnerCount: number
  PreviousTxnID: string
  PreviousTxnLgrSeq: number
  RegularKey?: string
  TicketCount?: number
}

/**
 * An amount of an issued asset, as the ledger writes it.
 *
 * @example
 * ```ts
 * const limit: IssuedJson = { currency: 'USD', issuer, value: '100' }
 * ```
 */
export interface IssuedJson {
  [field: string]: string
  currency: string
  issuer: string
  value: string
}

/**
 * A RippleState (a trust line): `Balance` is what the low account holds of the high account's
 * asset (negative: what the high one holds), with the issuer `rrrrrrrrrrrrrrrrrrrrBZbvji`;
 * `LowLimit`/`HighLimit` name each side; `LowNode`/`HighNode` are the owner-directory pages it
 * sits in.
 *
 * @example
 * ```ts
 * const line = view.read(rippleStateIndex(holder, issuer, 'USD')) as RippleState | undefined
 * ```
 */
export interface RippleState extends LedgerObject {
  LedgerEntryType: 'RippleState'
  Balance: IssuedJson
  LowLimit: IssuedJson
  HighLimit: IssuedJson
  LowNode: string
  HighNode: string
  /** Set when a transaction creates or changes it (threading, state/transaction-meta.ts). */
  PreviousTxnID?: string
  PreviousTxnLgrSeq?: number
}

/**
 * A DirectoryNode page: an owner directory (`Owner`) or a book directory (`TakerPaysCurrency`
 * … `ExchangeRate`), `Indexes` of up to 32 objects, pages linked by `IndexNext`/`IndexPrevious`
 * (UInt64 hex) under `RootIndex`.
 *
 * @example
 * ```ts
 * const page = view.read(ownerDirIndex(address)) as DirectoryNode | undefined
 * page?.Indexes.length
 * ```
 */
export interface DirectoryNode extends LedgerObject {
  LedgerEntryType: 'DirectoryNode'
  RootIndex: string
  Indexes: string[]
  IndexNext?: string
  IndexPrevious?: string
  Owner?: string
}

/**
 * Flags of ledger objects (rippled `LedgerFormats.h`, xrpl.org "Ledger Entry Types").
 *
 * @example
 * ```ts
 * const ripples = (root.Flags & LSF.AccountRoot.DefaultRipple) !== 0
 * ```
 */
export const LSF = {
  AccountRoot: {
    PasswordSpent: 0x00010000,
    RequireDestTag: 0x00020000,
    RequireAuth: 0x00040000,
    DisallowXRP: 0x00080000,
    DisableMaster: 0x00100000,
    NoFreeze: 0x00200000,
    GlobalFreeze: 0x00400000,
    DefaultRipple: 0x00800000,
    DepositAuth: 0x01000000,
    DisallowIncomingNFTokenOffer: 0x04000000,
    DisallowIncomingCheck: 0x08000000,
    DisallowIncomingPayChan: 0x10000000,
    DisallowIncomingTrustline: 0x20000000,
    AllowTrustLineLocking: 0x40000000,
    AllowTrustLineClawback: 0x80000000,
  },
  RippleState: {
    LowReserve: 0x00010000,
    HighReserve: 0x00020000,
    LowAuth: 0x00040000,
    HighAuth: 0x00080000,
    LowNoRipple: 0x00100000,
    HighNoRipple: 0x00200000,
    LowFreeze: 0x00400000,
    HighFreeze: 0x00800000,
    LowDeepFreeze: 0x02000000,
    HighDeepFreeze: 0x04000000,
  },
  SignerList: { OneOwnerCount: 0x00010000 },
  Offer: { Passive: 0x00010000, Sell: 0x00020000 },
  NFTokenOffer: { SellNFToken: 0x00000001 },
  Credential: { Accepted: 0x00010000 },
  // Multi-Purpose Tokens (LedgerFormats.h; rules/mpt/).
  MPTokenIssuance: {
    Locked: 0x01,
    CanLock: 0x02,
    RequireAuth: 0x04,
    CanEscrow: 0x08,
    CanTrade: 0x10,
    CanTransfer: 0x20,
    CanClawback: 0x40,
  },
  MPToken: { Locked: 0x01, Authorized: 0x02 },
} as const

/**
 * A hash of 32 zero bytes: the `PreviousTxnID` of an object no transaction has touched yet (an
 * account funded by the reference server's control API), which metadata never threads.
 *
 * @example
 * ```ts
 * root.PreviousTxnID === ZERO_HASH // funded, never touched by a transaction
 * ```
 */
export const ZERO_HASH = '0'.repeat(64)

// Copies the nested values too: a view hands out copies, never the ledger's own objects.
function cloneValue(value: LedgerValue): LedgerValue {
  if (typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map(cloneValue)
  const copy: { [field: string]: LedgerValue } = {}
  for (const key in value)
    copy[key] = cloneValue((value as { [field: string]: LedgerValue })[key] as LedgerValue)
  return copy
}

/**
 * A deep copy of a ledger object (plain JSON values, so a field-by-field copy).
 *
 * @example
 * ```ts
 * const copy = cloneObject(original)
 * copy.Balance = '0' // original unchanged
 * ```
 */
export function cloneObject<T extends LedgerObject>(object: T): T {
  const copy = {} as Record<string, LedgerValue | undefined>
  for (const key in object) {
    const value = object[key]
    if (value !== undefined) copy[key] = cloneValue(value as LedgerValue)
  }
  return copy as T
}

/**
 * Whether two field values are equal (deep, JSON-like).
 *
 * @example
 * ```ts
 * sameValue({ currency: 'USD', issuer, value: '1' }, { currency: 'USD', issuer, value: '1' }) // true
 * ```
 */
export function sameValue(a: LedgerValue | undefined, b: LedgerValue | undefined): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object') return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    return a.every((item, i) => sameValue(item, b[i]))
  }
  if (Array.isArray(b)) return false
  const left = a as { [field: string]: LedgerValue }
  const right = b as { [field: string]: LedgerValue }
  const keys = Object.keys(left)
  if (keys.length !== Object.keys(right).length) return false
  return keys.every((key) => sameValue(left[key], right[key]))
}

import { ammIdOf } from '../../ledger/amm/amm-identifiers'
import { assetOf } from '../../ledger/amm/amm-pool'
import {
  accountRootIndex,
  type CredentialPair,
  credentialIndex,
  depositPreauthCredentialsIndex,
  depositPreauthIndex,
  didIndex,
  directoryPageIndex,
  escrowIndex,
  mptIssuanceIndex,
  mptokenIndex,
  offerIndex,
  oracleIndex,
  ownerDirIndex,
  permissionedDomainIndex,
  rippleStateIndex,
  ticketIndex,
  uriTokenIndex,
} from '../../ledger/state/keylets'
import { entryLocators, type LedgerEntryTypeName } from '../../ledger/state/ledger-entry-types'
import {
  isAccount,
  isCurrencyCode,
  ledgerFields,
  ledgerSelector,
  type NodeMethod,
  selectLedger,
} from '../node-request'
import { malformedLocator, RpcError } from '../rpc-errors'

type Params = Record<string, unknown>
type Locate = (value: unknown, field: string) => string

const HASH = /^[0-9A-Fa-f]{64}$/

const isObject = (value: unknown): value is Params =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

// rippled's `parseIndex`: a 64-hex-digit ledger index.
const byIndex: Locate = (value, field) => {
  if (typeof value !== 'string' || !HASH.test(value)) {
    throw malformedLocator('malformedRequest', `Invalid field '${field}', not hex string.`)
  }
  return value.toUpperCase()
}

const present = (params: Params, field: string) => {
  if (params[field] === undefined || params[field] === null) {
    throw malformedLocator('malformedRequest', `Missing field '${field}'.`)
  }
  return params[field]
}

// rippled's `requiredAccountID` / `requiredUInt32`: missing, else `error` naming the field.
const account = (params: Params, field: string, error: string, type = 'AccountID'): string => {
  const value = present(params, field)
  if (!isAccount(value)) throw malformedLocator(error, `Invalid field '${field}', not ${type}.`)
  return value
}
const uint32 = (params: Params, field: string, error: string): number => {
  const value = present(params, field)
  const number = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value
  if (
    typeof number !== 'number' ||
    !Number.isInteger(number) ||
    number < 0 ||
    number > 0xffff_ffff
  ) {
    throw malformedLocator(error, `Invalid field '${field}', not number.`)
  }
  return number
}

// An account's address, the object's one parameter (rippled `parseAccountRoot`, `parseDID`).
const byAccount =
  (index: (address: string) => string): Locate =>
  (value, field) => {
    if (!isAccount(value)) {
      throw malformedLocator('malformedAddress', `Invalid field '${field}', not AccountID.`)
    }
    return index(value)
  }

// An object locator, or a plain index (each of rippled's parsers but account_root's).
const objectOr =
  (locate: (value: Params) => string): Locate =>
  (value, field) =>
    isObject(value) ? locate(value) : byIndex(value, field)

const depositPreauth = objectOr((value) => {
  if ((value.authorized === undefined) === (value.authorized_credentials === undefined)) {
    throw malformedLocator(
      'malformedRequest',
      'Must have exactly one of `authorized` and `authorized_credentials`.',
    )
  }
  const owner = account(value, 'owner', 'malformedOwner')
  if (value.authorized === undefined) {
    return depositPreauthCredentialsIndex(
      owner,
      authorizedCredentials(value.authorized_credentials),
    )
  }
  if (!isAccount(value.authorized)) {
    throw malformedLocator('malformedAuthorized', "Invalid field 'authorized', not Account.")
  }
  return depositPreauthIndex(owner, value.authorized)
})

// Credentials (issue 42 §2): rippled LedgerEntry.cpp `parseCredential`,
// `parseAuthorizeCredentials`, and its `requiredHexBlob` for a CredentialType (1 to 64 bytes).
const credentialType = (params: Params, error: string): string => {
  const value = params.credential_type
  if (value === undefined || value === null) {
    throw malformedLocator(error, "Missing field 'credential_type'.")
  }
  if (typeof value !== 'string' || !/^([0-9A-Fa-f]{2}){1,64}$/.test(value)) {
    throw malformedLocator(error, "Invalid field 'credential_type', not hex string.")
  }
  return value.toUpperCase()
}

const credential = objectOr((value) =>
  credentialIndex(
    account(value, 'subject', 'malformedRequest'),
    account(value, 'issuer', 'malformedRequest'),
    credentialType(value, 'malformedRequest'),
  ),
)

function authorizedCredentials(list: unknown): CredentialPair[] {
  const error = 'malformedAuthorizedCredentials'
  const notArray = () =>
    malformedLocator(error, "Invalid field 'authorized_credentials', not array.")
  if (!Array.isArray(list)) throw notArray()
  const pairs = list.map((item: unknown) => {
    if (!isObject(item)) throw notArray()
    if (item.issuer === undefined) throw malformedLocator(error, "Missing field 'issuer'.")
    return {
      issuer: account(item, 'issuer', error),
      credentialType: credentialType(item, error),
    }
  })
  const distinct = new Set(pairs.map((pair) => `${pair.issuer} ${pair.credentialType}`)).size
  // rippled: empty, more than 8 (maxCredentialsArraySize) or a pair twice (makeSorted empty).
  if (pairs.length === 0 || pairs.length > 8 || distinct !== pairs.length) {
    throw malformedLocator(error, "Invalid field 'authorized_credentials', not Array.")
  }
  return pairs
}

const directory = objectOr((value) => {
  const sub = value.sub_index ?? 0
  if (typeof sub !== 'number' || !Number.isInteger(sub) || sub < 0) {
    throw malformedLocator('malformedRequest', "Invalid field 'sub_index', not integer.")
  }
  if ((value.owner === undefined) === (value.dir_root === undefined)) {
    throw malformedLocator('malformedRequest', 'Cannot have both `owner` and `dir_root` fields.')
  }
  let root: string
  if (value.dir_root !== undefined) {
    if (typeof value.dir_root !== 'string' || !HASH.test(value.dir_root)) {
      throw malformedLocator('malformedDirRoot', "Invalid field 'dir_root', not hash.")
    }
    root = value.dir_root.toUpperCase()
  } else {
    if (!isAccount(value.owner)) {
      throw malformedLocator('malformedAddress', "Invalid field 'owner', not Account.")
    }
    root = ownerDirIndex(value.owner)
  }
  return directoryPageIndex(root, BigInt(sub))
})

const rippleState = objectOr((value) => {
  present(value, 'currency')
  const accounts = present(value, 'accounts')
  if (!Array.isArray(accounts) || accounts.length !== 2) {
    throw malformedLocator(
      'malformedRequest',
      "Invalid field 'accounts', not length-2 array of Accounts.",
    )
  }
  const [first, second] = accounts
  if (!isAccount(first) || !isAccount(second)) {
    throw malformedLocator('malformedAddress', "Invalid field 'accounts', not array of Accounts.")
  }
  if (first === second) {
    throw malformedLocator('malformedRequest', 'Cannot have a trustline to self.')
  }
  const { currency } = value
  if (!isCurrencyCode(currency)) {
    throw malformedLocator('malformedCurrency', "Invalid field 'currency', not Currency.")
  }
  return rippleStateIndex(first, second, currency)
})

// xahaud's `uri_token` (LedgerEntry.cpp): an index, or `{account, uri}` with the URI as text,
// its UTF-8 bytes hashed (keylet::uritoken); a URI longer than a token's 256 bytes finds none.
const uriToken = objectOr((value) => {
  const issuer = value.account
  const uri = value.uri
  if (issuer === undefined || uri === undefined) {
    throw malformedLocator('malformedRequest', 'malformedRequest')
  }
  if (typeof uri !== 'string' || uri.length > 1024) {
    throw malformedLocator('malformedRequest', "Invalid field 'uri', not string.")
  }
  if (!isAccount(issuer)) throw malformedLocator('malformedAddress', 'malformedAddress')
  return uriTokenIndex(issuer, Buffer.from(uri, 'utf8').toString('hex').toUpperCase())
})

// rippled's `parseAMM`: `{asset, asset2}` (each `{currency: "XRP"}` or `{currency, issuer}`), or
// an index.
const amm = objectOr((value) => {
  present(value, 'asset')
  present(value, 'asset2')
  const asset = assetOf(value.asset)
  const asset2 = assetOf(value.asset2)
  if (!asset || !asset2) throw malformedLocator('malformedRequest', '')
  return ammIdOf(asset, asset2)
})

const MPT_ID = /^[0-9A-Fa-f]{48}$/

// rippled's `parseMPTokenIssuance`: the 48-hex-digit issuance id (a Hash192).
const mptIssuance: Locate = (value, field) => {
  if (typeof value !== 'string' || !MPT_ID.test(value)) {
    throw malformedLocator('malformedRequest', `Invalid field '${field}', not Hash192.`)
  }
  return mptIssuanceIndex(value.toUpperCase())
}

// rippled's `parseMPToken`: an index, or `{mpt_issuance_id, account}`.
const mptoken = objectOr((value) => {
  const id = present(value, 'mpt_issuance_id')
  if (typeof id !== 'string' || !MPT_ID.test(id)) {
    throw malformedLocator(
      'malformedMPTokenIssuance',
      "Invalid field 'mpt_issuance_id', not Hash192.",
    )
  }
  return mptokenIndex(id.toUpperCase(), account(value, 'account', 'malformedAccount'))
})

// How each type's locator finds the index (rippled LedgerEntry.cpp's `parse<Name>` over
// ledger_entries.macro); a type not here takes only an index.
const PARSERS: Partial<Record<LedgerEntryTypeName, Locate>> = {
  AccountRoot: byAccount(accountRootIndex),
  AMM: amm,
  Credential: credential,
  DepositPreauth: depositPreauth,
  DirectoryNode: directory,
  Escrow: objectOr((value) =>
    escrowIndex(account(value, 'owner', 'malformedOwner'), uint32(value, 'seq', 'malformedSeq')),
  ),
  MPTokenIssuance: mptIssuance,
  MPToken: mptoken,
  Offer: objectOr((value) =>
    offerIndex(
      account(value, 'account', 'malformedAddress'),
      uint32(value, 'seq', 'malformedRequest'),
    ),
  ),
  RippleState: rippleState,
  // DID, Price Oracle, Permissioned Domains (rippled LedgerEntry.cpp `parseDID`, `parseOracle`,
  // `parsePermissionedDomain`).
  DID: byAccount(didIndex),
  Oracle: objectOr((value) =>
    oracleIndex(
      account(value, 'account', 'malformedAccount'),
      uint32(value, 'oracle_document_id', 'malformedDocumentID'),
    ),
  ),
  PermissionedDomain: (value, field) => {
    if (typeof value === 'string') return byIndex(value, field)
    if (!isObject(value)) {
      throw malformedLocator(
        'malformedRequest',
        `Invalid field '${field}', not hex string or object.`,
      )
    }
    return permissionedDomainIndex(
      account(value, 'account', 'malformedAddress'),
      uint32(value, 'seq', 'malformedRequest'),
    )
  },
  Ticket: objectOr((value) =>
    ticketIndex(
      account(value, 'account', 'malformedAddress'),
      uint32(value, 'ticket_seq', 'malformedRequest'),
    ),
  ),
  // xahaud's.
  URIToken: uriToken,
}

// Each locator field, how it finds the index, and the LedgerEntryType the object must have
// (null: any): `index`, then one per type of the ledger-entry table (state/ledger-entry-types.ts).
const LOCATORS: Record<string, [Locate, string | null]> = Object.fromEntries([
  ['index', [byIndex, null]],
  ...entryLocators().map(([field, type]) => [field, [PARSERS[type] ?? byIndex, type]]),
])

/**
 * `ledger_entry` (xrpl.org; rippled LedgerEntry.cpp): one object by `index` or by one typed
 * locator; two locators → "Too many fields provided."; none → `unknownOption` (v1) or
 * invalidParams (v2); not there → `entryNotFound` 98; another type than the locator's →
 * `unexpectedLedgerType` 99.
 */
export const ledgerEntry: NodeMethod = (call) => {
  const { params } = call
  const given = Object.keys(LOCATORS).filter((field) => params[field] !== undefined)
  if (given.length > 1) throw new RpcError('invalidParams', 'Too many fields provided.')
  const selected = selectLedger(call, 'current')
  const field = given[0]
  if (field === undefined) {
    if (call.apiVersion === 1) throw malformedLocator('unknownOption', 'unknownOption')
    throw new RpcError('invalidParams', 'No ledger_entry params provided.')
  }
  const [locate, type] = LOCATORS[field] as [Locate, string | null]
  const index = locate(params[field], field)
  const node = call.ledger.entry(call.network.key, index, ledgerSelector(selected))
  if (!node) throw new RpcError('entryNotFound')
  if (type !== null && node.LedgerEntryType !== type) throw new RpcError('unexpectedLedgerType')
  return { index, node, ...ledgerFields(selected) }
}

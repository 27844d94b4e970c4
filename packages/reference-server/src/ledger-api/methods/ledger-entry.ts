import {
  accountRootIndex,
  depositPreauthIndex,
  directoryPageIndex,
  escrowIndex,
  mptIssuanceIndex,
  mptokenIndex,
  offerIndex,
  ownerDirIndex,
  rippleStateIndex,
  ticketIndex,
} from '../../ledger/state/keylets'
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
  // Credential preauthorizations need the Credentials amendment, which no network here has.
  if (value.authorized === undefined) throw new RpcError('entryNotFound')
  if (!isAccount(value.authorized)) {
    throw malformedLocator('malformedAuthorized', "Invalid field 'authorized', not Account.")
  }
  return depositPreauthIndex(owner, value.authorized)
})

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

// rippled's table (LedgerEntry.cpp over ledger_entries.macro): each locator field, how it
// finds the index, and the LedgerEntryType the object must have (null: any).
const LOCATORS: Record<string, [Locate, string | null]> = {
  index: [byIndex, null],
  account_root: [
    (value, field) => {
      if (!isAccount(value)) {
        throw malformedLocator('malformedAddress', `Invalid field '${field}', not AccountID.`)
      }
      return accountRootIndex(value)
    },
    'AccountRoot',
  ],
  amendments: [byIndex, 'Amendments'],
  check: [byIndex, 'Check'],
  deposit_preauth: [depositPreauth, 'DepositPreauth'],
  directory: [directory, 'DirectoryNode'],
  escrow: [
    objectOr((value) =>
      escrowIndex(account(value, 'owner', 'malformedOwner'), uint32(value, 'seq', 'malformedSeq')),
    ),
    'Escrow',
  ],
  fee: [byIndex, 'FeeSettings'],
  hashes: [byIndex, 'LedgerHashes'],
  mpt_issuance: [mptIssuance, 'MPTokenIssuance'],
  mptoken: [mptoken, 'MPToken'],
  nft_offer: [byIndex, 'NFTokenOffer'],
  nft_page: [byIndex, 'NFTokenPage'],
  offer: [
    objectOr((value) =>
      offerIndex(
        account(value, 'account', 'malformedAddress'),
        uint32(value, 'seq', 'malformedRequest'),
      ),
    ),
    'Offer',
  ],
  payment_channel: [byIndex, 'PayChannel'],
  ripple_state: [rippleState, 'RippleState'],
  signer_list: [byIndex, 'SignerList'],
  ticket: [
    objectOr((value) =>
      ticketIndex(
        account(value, 'account', 'malformedAddress'),
        uint32(value, 'ticket_seq', 'malformedRequest'),
      ),
    ),
    'Ticket',
  ],
}

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

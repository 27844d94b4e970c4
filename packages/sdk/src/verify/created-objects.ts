import { bytesToHex } from '@noble/hashes/utils.js'
import { decodeAccountID } from 'ripple-address-codec'
import { isObject } from '../core/input'
import { malformed } from './ledger-node-error'

/**
 * What a transaction created on the ledger, by kind: the IDs a later transaction names. Read from
 * its metadata's `CreatedNode` entries and the JSON fields rippled adds to `meta` (`nftoken_id`,
 * `offer_id`, `mpt_issuance_id`). Each list is empty when the transaction created none.
 *
 * @example
 * ```ts
 * const created: CreatedObjects = verdict.created
 * await pullsign.payload.create({ TransactionType: 'CheckCash', CheckID: created.checks[0], Amount: '5000000' })
 * ```
 */
export interface CreatedObjects {
  /** NFTokenIDs a mint created (`meta.nftoken_id`, rippled NFTokenMint; what NFTokenCreateOffer names). */
  nftokens: string[]
  /** NFTokenOffer IDs (NFTokenCreateOffer, or NFTokenMint with `Amount`; what NFTokenAcceptOffer names). */
  nftokenOffers: string[]
  /** DEX Offer IDs (an OfferCreate that did not fully cross). */
  offers: string[]
  /** Escrow IDs (finished or cancelled by `Owner` + `OfferSequence`, the creating sequence). */
  escrows: string[]
  /** Check IDs (what CheckCash and CheckCancel name as `CheckID`). */
  checks: string[]
  /** Payment channel IDs (what PaymentChannelClaim and PaymentChannelFund name as `Channel`). */
  paymentChannels: string[]
  /** AMM IDs (the AMM object's; its account's `AMMID`). */
  amms: string[]
  /** MPTokenIssuanceIDs (48 hex: the issuer's sequence and account, rippled `makeMptID`). */
  mptIssuances: string[]
  /** The `TicketSequence` of each ticket a TicketCreate made, ascending (what a later transaction names). */
  tickets: number[]
  /** Every object the transaction created, in metadata order: its `LedgerEntryType` and ID. */
  objects: Array<{ type: string; index: string }>
}

const LISTS = {
  NFTokenOffer: 'nftokenOffers',
  Offer: 'offers',
  Escrow: 'escrows',
  Check: 'checks',
  PayChannel: 'paymentChannels',
  AMM: 'amms',
} as const

const HEX_ID = (digits: number) => new RegExp(`^[0-9A-Fa-f]{${digits}}$`)
const ID_256 = HEX_ID(64)
const ID_192 = HEX_ID(48)

// rippled Indexes.cpp `makeMptID`: the sequence big-endian, then the issuer's 20-byte account ID.
function mptIssuanceId(fields: Record<string, unknown>, at: string): string {
  const { Sequence: sequence, Issuer: issuer } = fields
  if (
    !Number.isSafeInteger(sequence) ||
    (sequence as number) < 0 ||
    (sequence as number) > 0xffffffff
  ) {
    throw malformed(`${at}.NewFields.Sequence`, 'a 32-bit sequence', sequence)
  }
  let account: Uint8Array
  try {
    account = decodeAccountID(String(issuer))
  } catch {
    throw malformed(`${at}.NewFields.Issuer`, 'an address', issuer)
  }
  return `${(sequence as number).toString(16).padStart(8, '0')}${bytesToHex(account)}`.toUpperCase()
}

// A JSON meta field rippled adds, when there: an ID of the given length.
function metaId(meta: Record<string, unknown>, field: string, pattern: RegExp): string | null {
  const value = meta[field]
  if (value === undefined) return null
  if (typeof value !== 'string' || !pattern.test(value)) {
    throw malformed(`result.meta.${field}`, 'an ID in hex', value)
  }
  return value.toUpperCase()
}

const addOnce = (list: string[], id: string | null) => {
  if (id !== null && !list.includes(id)) list.push(id)
}

/**
 * The objects a transaction's metadata says it created. Generic over `CreatedNode`, so types the
 * SDK has no code for (an AMM, an MPT issuance, a DID…) are read as rippled writes them:
 * `{CreatedNode: {LedgerEntryType, LedgerIndex, NewFields}}` (rippled ApplyStateTable.cpp). A
 * metadata node that is not rippled's throws a {@link LedgerNodeError} naming it.
 *
 * @example
 * ```ts
 * createdObjects(answer.transaction.meta, 'CheckCreate').checks // ['49647F0D…']
 * ```
 */
export function createdObjects(
  meta: Record<string, unknown>,
  transactionType: string,
): CreatedObjects {
  const created: CreatedObjects = {
    nftokens: [],
    nftokenOffers: [],
    offers: [],
    escrows: [],
    checks: [],
    paymentChannels: [],
    amms: [],
    mptIssuances: [],
    tickets: [],
    objects: [],
  }
  const nodes = meta.AffectedNodes
  if (!Array.isArray(nodes)) throw malformed('result.meta.AffectedNodes', 'an array', nodes)
  nodes.forEach((node: unknown, i) => {
    if (!isObject(node) || !isObject(node.CreatedNode)) return
    const at = `result.meta.AffectedNodes[${i}].CreatedNode`
    const { LedgerEntryType: type, LedgerIndex: index, NewFields } = node.CreatedNode
    if (typeof type !== 'string') throw malformed(`${at}.LedgerEntryType`, 'a string', type)
    if (typeof index !== 'string' || !ID_256.test(index)) {
      throw malformed(`${at}.LedgerIndex`, '64 hex characters', index)
    }
    const id = index.toUpperCase()
    const fields = isObject(NewFields) ? NewFields : {}
    created.objects.push({ type, index: id })
    if (type in LISTS) created[LISTS[type as keyof typeof LISTS]].push(id)
    if (type === 'MPTokenIssuance') addOnce(created.mptIssuances, mptIssuanceId(fields, at))
    if (type === 'Ticket') {
      const sequence = fields.TicketSequence
      if (!Number.isSafeInteger(sequence)) {
        throw malformed(`${at}.NewFields.TicketSequence`, 'an integer', sequence)
      }
      created.tickets.push(sequence as number)
    }
  })
  // A token lives in an NFTokenPage, no object of its own: rippled names a mint's in `nftoken_id`
  // (libxrpl NFTokenID.cpp `insertNFTokenID`; on an accepted offer it names a token moved, not made).
  if (transactionType === 'NFTokenMint')
    addOnce(created.nftokens, metaId(meta, 'nftoken_id', ID_256))
  addOnce(created.nftokenOffers, metaId(meta, 'offer_id', ID_256))
  created.tickets.sort((a, b) => a - b)
  addOnce(created.mptIssuances, metaId(meta, 'mpt_issuance_id', ID_192))
  return created
}

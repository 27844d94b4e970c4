import type { JsonObject } from '../../codec/json-object'
import { peekAccount, readAccount } from '../../state/account-root'
import type { AccountRoot } from '../../state/ledger-object'
import { expiredRefusal } from '../../view/expiration'
import { reserveRefusal } from '../../view/owned-objects'
import type { PreflightContext, TransactionRules } from '../transaction-rules'
import {
  flagsOf,
  hasOtherFlags,
  isOfferAmount,
  type OfferSpec,
  offerPreclaim,
  offerPreflight,
  placeOffer,
} from './nft-offers'
import { insertToken, type NFTokenEntry } from './nft-pages'
import { MAX_NFT_TRANSFER_FEE, NFT_FLAG, nftokenId } from './nftoken-id'

/** The longest `URI`, in bytes (rippled `maxTokenURILength`). */
const MAX_URI_BYTES = 256

/**
 * Whether a token `URI` given to NFTokenMint or NFTokenModify is malformed (`temMALFORMED`): empty
 * or longer than 256 bytes.
 *
 * @example
 * ```ts
 * badTokenUri('') // true
 * ```
 */
export const badTokenUri = (uri: unknown): boolean =>
  typeof uri !== 'string' || uri.length === 0 || uri.length / 2 > MAX_URI_BYTES
const MAX_UINT32 = 0xffffffff

// The mint flags a network accepts (rippled `tfNFTokenMintMask` and its variants): tfTrustLine
// only before fixRemoveNFTokenAutoTrustLine, tfMutable only with DynamicNFT.
// Every flag NFTokenMint may define (its rules' `flags`); which of them a network takes depends
// on its amendments (mintFlags, rippled NFTokenMint::getFlagsMask).
const MINT_FLAGS =
  NFT_FLAG.Burnable |
  NFT_FLAG.OnlyXRP |
  NFT_FLAG.Transferable |
  NFT_FLAG.TrustLine |
  NFT_FLAG.Mutable

function mintFlags(context: PreflightContext): number {
  let allowed = NFT_FLAG.Burnable | NFT_FLAG.OnlyXRP | NFT_FLAG.Transferable
  if (!context.enabled('fixRemoveNFTokenAutoTrustLine')) allowed |= NFT_FLAG.TrustLine
  if (context.enabled('DynamicNFT')) allowed |= NFT_FLAG.Mutable
  return allowed
}

const hasOfferFields = (tx: JsonObject) =>
  tx.Amount !== undefined || tx.Destination !== undefined || tx.Expiration !== undefined

// The sell offer a mint with `Amount` places (NFTokenMintOffer): always a sell offer.
const mintOffer = (tx: JsonObject): OfferSpec => ({
  account: String(tx.Account),
  amount: tx.Amount as OfferSpec['amount'],
  sell: true,
  nftFlags: flagsOf(tx) & 0xffff,
  destination: typeof tx.Destination === 'string' ? tx.Destination : undefined,
  expiration: typeof tx.Expiration === 'number' ? tx.Expiration : undefined,
})

const issuerOf = (tx: JsonObject) => String(tx.Issuer ?? tx.Account)

// The token's serial (fixNFTokenRemint): the issuer's FirstNFTokenSequence, set at its first mint
// from its Sequence (before this transaction consumed it, unless a ticket or a minter was used),
// plus MintedNFTokens; null when the serial would overflow (`tecMAX_SEQUENCE_REACHED`).
function nextSerial(root: AccountRoot, tx: JsonObject): number | null {
  if (root.FirstNFTokenSequence === undefined) {
    const untouched = tx.Issuer !== undefined || tx.TicketSequence !== undefined
    root.FirstNFTokenSequence = untouched ? root.Sequence : root.Sequence - 1
  }
  const minted = Number(root.MintedNFTokens ?? 0)
  const first = Number(root.FirstNFTokenSequence)
  if (minted + 1 > MAX_UINT32 || first + minted + 1 > MAX_UINT32) return null
  root.MintedNFTokens = minted + 1
  return first + minted
}

/**
 * NFTokenMint (rippled `NFTokenMint.cpp`, xrpl.org "NFTokenMint"): mints an NFToken into the
 * sender's NFTokenPages with the id rippled builds (nftoken-id.ts) from the low 16 bits of
 * `Flags` (`tfBurnable`, `tfOnlyXRP`, `tfTransferable`), `TransferFee` (0 to 50,000, only with
 * `tfTransferable`), the issuer (`Issuer`, when the sender is its `NFTokenMinter`), the ciphered
 * `NFTokenTaxon` and the issuer's next serial; `URI` of 1 to 256 bytes. With `Amount` (and
 * `Destination`, `Expiration`) it also places a sell offer. A new page or offer the balance
 * before the fee cannot carry is `tecINSUFFICIENT_RESERVE`.
 *
 * @example
 * ```ts
 * nftokenMintRules.preflight({ ...tx, TransferFee: 50_001, Flags: 8 }, context) // 'temBAD_NFTOKEN_TRANSFER_FEE'
 * ```
 */
export const nftokenMintRules: TransactionRules = {
  source: 'NFTokenMint.cpp',
  amendment: 'NonFungibleTokensV1_1',
  flags: MINT_FLAGS,
  preflight(tx, context) {
    const withOffer = hasOfferFields(tx)
    if (withOffer && !context.enabled('NFTokenMintOffer')) return 'temDISABLED'
    if (hasOtherFlags(tx, mintFlags(context))) return 'temINVALID_FLAG'
    if (typeof tx.NFTokenTaxon !== 'number') return 'temMALFORMED'
    const fee = tx.TransferFee
    if (fee !== undefined) {
      if (typeof fee !== 'number' || fee > MAX_NFT_TRANSFER_FEE)
        return 'temBAD_NFTOKEN_TRANSFER_FEE'
      if (fee > 0 && (flagsOf(tx) & NFT_FLAG.Transferable) === 0) return 'temMALFORMED'
    }
    if (tx.Issuer !== undefined && tx.Issuer === tx.Account) return 'temMALFORMED'
    if (tx.URI !== undefined && badTokenUri(tx.URI)) return 'temMALFORMED'
    if (!withOffer) return null
    if (!isOfferAmount(tx.Amount)) return 'temMALFORMED'
    return offerPreflight(mintOffer(tx))
  },
  preclaim(view, tx, context) {
    if (tx.Issuer !== undefined) {
      const issuer = readAccount(view, String(tx.Issuer))
      if (!issuer) return 'tecNO_ISSUER'
      if (issuer.NFTokenMinter !== tx.Account) return 'tecNO_PERMISSION'
    }
    if (tx.Amount === undefined) return null
    const expired = expiredRefusal(view, tx.Expiration, "the offer's", 'NFTokenMint.cpp')
    if (expired) return expired
    const token = { issuer: issuerOf(tx), transferFee: Number(tx.TransferFee ?? 0) }
    return offerPreclaim(view, mintOffer(tx), token, context)
  },
  doApply({ view, tx, account, priorBalance }) {
    const issuer = peekAccount(view, issuerOf(tx)) as AccountRoot
    const serial = nextSerial(issuer, tx)
    if (serial === null) return 'tecMAX_SEQUENCE_REACHED'
    view.update(issuer)
    const before = account.OwnerCount
    const tokenId = nftokenId({
      flags: flagsOf(tx) & 0xffff,
      transferFee: Number(tx.TransferFee ?? 0),
      issuer: issuerOf(tx),
      taxon: Number(tx.NFTokenTaxon),
      serial,
    })
    const token: NFTokenEntry = { NFToken: { NFTokenID: tokenId } }
    if (typeof tx.URI === 'string') token.NFToken.URI = tx.URI
    const inserted = insertToken(view, String(tx.Account), token)
    if (inserted !== 'tesSUCCESS') return inserted
    if (tx.Amount !== undefined) {
      const sequence = Number(tx.TicketSequence ?? tx.Sequence)
      const placed = placeOffer(view, mintOffer(tx), { tokenId, sequence, priorBalance })
      if (placed !== 'tesSUCCESS') return placed
    }
    // Only a new page or offer asks for reserve: more tokens on a page are free.
    const after = account.OwnerCount
    if (after <= before) return 'tesSUCCESS'
    return reserveRefusal(view, priorBalance, after, 'NFTokenMint.cpp') ?? 'tesSUCCESS'
  },
}

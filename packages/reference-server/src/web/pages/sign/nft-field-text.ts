import { encodeAccountID } from 'ripple-address-codec'
import { hexText } from './hex-text'

// What a person reads for the fields of NFT transactions (xrpl.org "NFTokenMint" …
// "NFTokenAcceptOffer"; docs/protocol.md §8.7): the token's parts decoded from its id, the
// transfer fee in percent, mint and offer flags by name, the URI as text. Server-rendered rows.

const TOKEN_ID = /^[0-9A-Fa-f]{64}$/

const MINT_FLAGS: readonly [number, string][] = [
  [0x0001, 'burnable by its issuer (tfBurnable)'],
  [0x0002, 'sold only for the native asset (tfOnlyXRP)'],
  [0x0004, 'trust lines created for fees (tfTrustLine)'],
  [0x0008, 'transferable (tfTransferable)'],
  [0x0010, 'URI can change (tfMutable)'],
]

/**
 * Labels of the NFT fields, e.g. `NFTokenTaxon` → `Taxon`.
 *
 * @example
 * ```ts
 * NFT_FIELD_LABELS.NFTokenBrokerFee // 'Broker fee'
 * ```
 */
export const NFT_FIELD_LABELS: Readonly<Record<string, string>> = Object.freeze({
  NFTokenID: 'Token',
  NFTokenTaxon: 'Taxon',
  TransferFee: 'Transfer fee',
  URI: 'URI',
  Issuer: 'Issuer',
  Owner: 'Owner',
  NFTokenSellOffer: 'Sell offer',
  NFTokenBuyOffer: 'Buy offer',
  NFTokenBrokerFee: 'Broker fee',
  NFTokenOffers: 'Offers to cancel',
})

// TransferFee is in 1/100,000 (0 to 50,000 = 50 %).
const percent = (fee: number) =>
  `${(fee / 1000).toLocaleString('en-US', { maximumFractionDigits: 3 })} %`

const flagNames = (flags: number) =>
  MINT_FLAGS.filter(([bit]) => (flags & bit) !== 0).map(([, name]) => name)

// The parts of an NFTokenID (rippled `NFTokenMint::createNFTokenID`): flags, fee, issuer, serial.
function tokenText(id: string): string {
  const flags = Number.parseInt(id.slice(0, 4), 16)
  const fee = Number.parseInt(id.slice(4, 8), 16)
  const issuer = encodeAccountID(Buffer.from(id.slice(8, 48), 'hex'))
  const serial = Number.parseInt(id.slice(56, 64), 16)
  const names = flagNames(flags)
  return [
    id.toUpperCase(),
    `issued by ${issuer}`,
    `transfer fee ${percent(fee)}`,
    `serial ${serial}`,
    names.length > 0 ? names.join(', ') : 'not transferable, not burnable',
  ].join(' · ')
}

/**
 * The readable text of an NFT field of `tx`, or null when the field is none of them (its row
 * shows the raw value). Mint and offer `Flags` read by name.
 *
 * @example
 * ```ts
 * nftFieldText('TransferFee', 500, tx) // '0.5 %'
 * ```
 */
export function nftFieldText(
  field: string,
  value: unknown,
  tx: { TransactionType?: unknown },
): string | null {
  if (field === 'NFTokenID' && typeof value === 'string' && TOKEN_ID.test(value)) {
    return tokenText(value)
  }
  if (field === 'TransferFee' && typeof value === 'number') return percent(value)
  if (field === 'URI') return hexText(value)
  if (field === 'NFTokenOffers' && Array.isArray(value)) return value.join(', ')
  if (field !== 'Flags' || typeof value !== 'number') return null
  if (tx.TransactionType === 'NFTokenMint') {
    const names = flagNames(value & 0xffff)
    return names.length > 0 ? names.join(', ') : 'not transferable, not burnable'
  }
  if (tx.TransactionType === 'NFTokenCreateOffer') {
    return (value & 1) !== 0 ? 'an offer to sell (tfSellNFToken)' : 'an offer to buy'
  }
  return null
}

import { accountIdOf, addressOfAccountId } from '../../codec/account-ids'

/**
 * The flags an NFToken carries in its id (rippled `nft::flag*`, `NFTokenUtils.h`): the low 16
 * bits of the `NFTokenMint` that made it.
 *
 * @example
 * ```ts
 * (nftokenFlagsOf(id) & NFT_FLAG.Transferable) !== 0
 * ```
 */
export const NFT_FLAG = {
  Burnable: 0x0001,
  OnlyXRP: 0x0002,
  /** tfTrustLine: refused at mint since fixRemoveNFTokenAutoTrustLine. */
  TrustLine: 0x0004,
  Transferable: 0x0008,
  /** tfMutable: the issuer or its minter may change the URI (DynamicNFT, NFTokenModify). */
  Mutable: 0x0010,
} as const

/** The most a `TransferFee` may be: 50,000 = 50 % (rippled `maxTransferFee`). */
export const MAX_NFT_TRANSFER_FEE = 50_000

// rippled's LCG that disperses one taxon over pages (`nft::cipheredTaxon`): the serial seeds
// m·seq + c modulo 2^32, XOR'd with the taxon; its own inverse.
const LCG_M = 384_160_001
const LCG_C = 2_459

/**
 * The taxon as the id stores it: `taxon XOR (384160001 × serial + 2459) mod 2^32`; applying it
 * again gives the taxon back (rippled `nft::cipheredTaxon`).
 *
 * @example
 * ```ts
 * cipheredTaxon(7, cipheredTaxon(7, 42)) // 42
 * ```
 */
export function cipheredTaxon(serial: number, taxon: number): number {
  return ((Math.imul(LCG_M, serial) + LCG_C) ^ taxon) >>> 0
}

const hex = (value: number, digits: number) =>
  (value >>> 0).toString(16).toUpperCase().padStart(digits, '0')

/**
 * What an NFTokenID is made of (rippled `NFTokenMint::createNFTokenID`).
 *
 * @example
 * ```ts
 * const parts: NFTokenIdParts = { flags: 8, transferFee: 500, issuer, taxon: 0, serial: 5_000_001 }
 * ```
 */
export interface NFTokenIdParts {
  flags: number
  transferFee: number
  issuer: string
  /** The taxon as minted (not ciphered). */
  taxon: number
  /** The token's sequence: the issuer's `FirstNFTokenSequence` + `MintedNFTokens` before the mint. */
  serial: number
}

/**
 * An NFTokenID, 64 upper-case hex digits: flags (2 bytes), transfer fee (2), the issuer's
 * AccountID (20), the ciphered taxon (4) and the serial (4), big-endian (rippled
 * `NFTokenMint::createNFTokenID`; xrpl.js `parseNFTokenID` reads it back).
 *
 * @example
 * ```ts
 * nftokenId({ flags: 8, transferFee: 0, issuer, taxon: 0, serial: 5_000_001 })
 * ```
 */
export function nftokenId(parts: NFTokenIdParts): string {
  return (
    hex(parts.flags & 0xffff, 4) +
    hex(parts.transferFee & 0xffff, 4) +
    accountIdOf(parts.issuer) +
    hex(cipheredTaxon(parts.serial, parts.taxon), 8) +
    hex(parts.serial, 8)
  )
}

/**
 * The flags of an NFTokenID (its first 2 bytes).
 *
 * @example
 * ```ts
 * nftokenFlagsOf(id) & NFT_FLAG.Burnable
 * ```
 */
export const nftokenFlagsOf = (id: string): number => Number.parseInt(id.slice(0, 4), 16)

/**
 * The transfer fee of an NFTokenID, in 1/100,000 (bytes 2..4).
 *
 * @example
 * ```ts
 * nftokenTransferFeeOf(id) // 500 = 0.5 %
 * ```
 */
export const nftokenTransferFeeOf = (id: string): number => Number.parseInt(id.slice(4, 8), 16)

/**
 * The issuer of an NFTokenID (bytes 4..24), as a classic address.
 *
 * @example
 * ```ts
 * nftokenIssuerOf(id) // 'r…'
 * ```
 */
export const nftokenIssuerOf = (id: string): string =>
  addressOfAccountId(Buffer.from(id.slice(8, 48), 'hex'))

/**
 * The serial of an NFTokenID (its last 4 bytes).
 *
 * @example
 * ```ts
 * nftokenSerialOf(id) // 5_000_001
 * ```
 */
export const nftokenSerialOf = (id: string): number => Number.parseInt(id.slice(56, 64), 16)

/**
 * The taxon an NFTokenID was minted with (bytes 24..28, deciphered with its serial).
 *
 * @example
 * ```ts
 * nftokenTaxonOf(nftokenId({ ...parts, taxon: 42 })) // 42
 * ```
 */
export const nftokenTaxonOf = (id: string): number =>
  cipheredTaxon(nftokenSerialOf(id), Number.parseInt(id.slice(48, 56), 16))

import { adjustOwnerCount } from '../../state/account-root'
import { describeOwnerDir, dirInsert, uint64Json } from '../../state/directory'
import { isLedgerIndex, ownerDirIndex } from '../../state/keylets'
import type { AccountRoot, LedgerObject } from '../../state/ledger-object'
import type { ApplyView, ReadView } from '../../state/read-view'
import { unlinkOwned } from '../../view/owned-objects'

/**
 * The `URIToken` entry of xahaud (LedgerFormats.cpp `ltURI_TOKEN`): `Owner`, `Issuer`, `URI`
 * (hex), an optional `Digest`, and the sell offer it carries (`Amount`, `Destination`).
 *
 * @example
 * ```ts
 * const token = view.read(String(tx.URITokenID)) as URIToken | undefined
 * ```
 */
export interface URIToken extends LedgerObject {
  LedgerEntryType: 'URIToken'
  Owner: string
  Issuer: string
  URI: string
  OwnerNode: string
}

// xahaud TxFlags.h: tfUniversal is tfFullyCanonicalSig alone (xahaud has no Batch), tfBurnable
// the one flag a mint takes; LedgerFormats.h `lsfBurnable` is the same bit on the entry.
export const XAHAU_TF_UNIVERSAL = 0x80000000
export const TF_BURNABLE = 0x00000001
export const LSF_BURNABLE = 0x00000001
// LedgerFormats.h: lsfURITokenIssuer, set on an account that has minted (a deletion blocker).
export const LSF_URITOKEN_ISSUER = 0x40000000

/**
 * Whether `Flags` holds only `allowed` beside tfUniversal (URIToken.cpp's masks
 * `tfURITokenMintMask`, `tfURITokenNonMintMask`).
 *
 * @example
 * ```ts
 * hasXahauFlagsBeyond({ Flags: 2 }, TF_BURNABLE) // true: temINVALID_FLAG
 * ```
 */
export const hasXahauFlagsBeyond = (tx: { Flags?: unknown }, allowed: number): boolean =>
  (Number(tx.Flags ?? 0) & ~(XAHAU_TF_UNIVERSAL | allowed)) >>> 0 !== 0

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * What is wrong with a `URI` (URIToken.cpp preflight, Remit.cpp's MintURIToken): 1 to 256
 * bytes of valid UTF-8, else a sentence; null when it is fine.
 *
 * @example
 * ```ts
 * uriProblem('697066733A2F2F') // null ('ipfs://')
 * uriProblem('FF') // 'the URI is not valid UTF-8'
 * ```
 */
export function uriProblem(uri: unknown): string | null {
  if (typeof uri !== 'string' || !/^(?:[0-9A-Fa-f]{2})*$/.test(uri)) return 'the URI is missing'
  const bytes = uri.length / 2
  if (bytes < 1 || bytes > 256) return `the URI has ${bytes} bytes, not 1 to 256`
  try {
    utf8.decode(Buffer.from(uri, 'hex'))
    return null
  } catch {
    return 'the URI is not valid UTF-8'
  }
}

/**
 * The URIToken at `id`, or undefined when there is none (or another entry type is there).
 *
 * @example
 * ```ts
 * const token = readUriToken(view, String(tx.URITokenID))
 * ```
 */
export function readUriToken(view: ReadView, id: unknown): Readonly<URIToken> | undefined {
  if (!isLedgerIndex(id)) return undefined
  const entry = view.read(id)
  return entry?.LedgerEntryType === 'URIToken' ? (entry as Readonly<URIToken>) : undefined
}

/**
 * Hands a peeked token to `to`: out of its owner's directory into the new owner's, the owner
 * counts moved, its sell offer cleared (URIToken.cpp's buy, Remit.cpp's URITokenIDs).
 * `tecDIR_FULL` when the new owner's directory is full, else `tesSUCCESS`.
 *
 * @example
 * ```ts
 * const moved = moveUriToken(view, token, seller, buyer)
 * ```
 */
export function moveUriToken(
  view: ApplyView,
  token: URIToken,
  from: AccountRoot,
  to: AccountRoot,
): string {
  const page = dirInsert(view, ownerDirIndex(to.Account), token.index, describeOwnerDir(to.Account))
  if (page === null) return 'tecDIR_FULL'
  unlinkOwned(view, from.Account, token.OwnerNode, token.index, true)
  adjustOwnerCount(view, from, -1)
  adjustOwnerCount(view, to, 1)
  delete token.Amount
  delete token.Destination
  token.Owner = to.Account
  token.OwnerNode = uint64Json(page)
  view.update(token)
  return 'tesSUCCESS'
}

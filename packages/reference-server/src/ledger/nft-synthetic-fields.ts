import type { LedgerValue } from './state/ledger-object'
import type { AffectedNode, NodeFields } from './state/transaction-meta'

/**
 * What rippled adds to the JSON `meta` of an NFT transaction's API answer (`tx`, `account_tx`,
 * transaction streams; never the stored or binary metadata): `nftoken_id`, `nftoken_ids`,
 * `offer_id` (docs/protocol.md §8.7).
 *
 * @example
 * ```ts
 * const extra: NFTokenSyntheticFields = { nftoken_id: '00080000…' }
 * ```
 */
export interface NFTokenSyntheticFields {
  nftoken_id?: string
  nftoken_ids?: string[]
  offer_id?: string
}

type Tokens = readonly { NFToken: { NFTokenID: string } }[]

const entries = (nodes: readonly AffectedNode[]) =>
  nodes.map((node) => {
    const [kind, fields] = Object.entries(node)[0] as [string, NodeFields]
    return { kind, fields }
  })

const tokenIds = (value: LedgerValue | undefined) =>
  ((value ?? []) as unknown as Tokens).map((token) => token.NFToken.NFTokenID)

// The token a mint added: the first id of the pages' final tokens that differs from their
// previous tokens, in node order (rippled `getNFTokenIDFromPage`).
function mintedTokenId(nodes: readonly AffectedNode[]): string | undefined {
  const previous: string[] = []
  const final: string[] = []
  for (const { kind, fields } of entries(nodes)) {
    if (fields.LedgerEntryType !== 'NFTokenPage') continue
    if (kind === 'CreatedNode') final.push(...tokenIds(fields.NewFields?.NFTokens))
    else if (kind === 'ModifiedNode' && fields.PreviousFields?.NFTokens !== undefined) {
      previous.push(...tokenIds(fields.PreviousFields.NFTokens))
      final.push(...tokenIds(fields.FinalFields?.NFTokens))
    }
  }
  if (final.length !== previous.length + 1) return undefined
  return final.find((id, i) => id !== previous[i])
}

// The tokens of the offers a transaction deleted, sorted, once each (`getNFTokenIDFromDeletedOffer`).
function deletedOfferTokenIds(nodes: readonly AffectedNode[]): string[] {
  const ids = entries(nodes)
    .filter(
      ({ kind, fields }) => kind === 'DeletedNode' && fields.LedgerEntryType === 'NFTokenOffer',
    )
    .map(({ fields }) => String(fields.FinalFields?.NFTokenID))
  return [...new Set(ids)].sort()
}

// The offer a transaction created (rippled `getOfferIDFromCreatedOffer`).
const createdOfferId = (nodes: readonly AffectedNode[]) =>
  entries(nodes).find(
    ({ kind, fields }) => kind === 'CreatedNode' && fields.LedgerEntryType === 'NFTokenOffer',
  )?.fields.LedgerIndex

/**
 * The fields rippled adds to an NFT transaction's JSON `meta` (`insertNFTokenID`,
 * `insertNFTokenOfferID` in libxrpl/protocol): `nftoken_id` for a mint (the token its pages
 * gained) and an accepted offer (its token), `nftoken_ids` for a cancel (the tokens of the offers
 * it removed), `offer_id` for a created offer or a mint with `Amount`. Only successful
 * transactions carry them; other types get none.
 *
 * @example
 * ```ts
 * const meta = { ...stored.meta, ...nftokenSyntheticFields(stored.tx, stored.meta) }
 * getNFTokenID(meta) === meta.nftoken_id // true for a mint
 * ```
 */
export function nftokenSyntheticFields(
  tx: { TransactionType?: unknown; Amount?: unknown },
  meta: { TransactionResult: string; AffectedNodes: readonly AffectedNode[] },
): NFTokenSyntheticFields {
  if (meta.TransactionResult !== 'tesSUCCESS') return {}
  const nodes = meta.AffectedNodes
  const fields: NFTokenSyntheticFields = {}
  const type = tx.TransactionType
  if (type === 'NFTokenMint') {
    const id = mintedTokenId(nodes)
    if (id !== undefined) fields.nftoken_id = id
  } else if (type === 'NFTokenAcceptOffer') {
    const [id] = deletedOfferTokenIds(nodes)
    if (id !== undefined) fields.nftoken_id = id
  } else if (type === 'NFTokenCancelOffer') {
    fields.nftoken_ids = deletedOfferTokenIds(nodes)
  }
  if (type === 'NFTokenCreateOffer' || (type === 'NFTokenMint' && tx.Amount !== undefined)) {
    const id = createdOfferId(nodes)
    if (id !== undefined) fields.offer_id = id
  }
  return fields
}

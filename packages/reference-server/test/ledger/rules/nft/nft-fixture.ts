import { ownerObjects } from '../../../../src/ledger/reads/ledger-reads'
import { ownerTokenPages } from '../../../../src/ledger/rules/nft/nft-pages'
import type { ObjectStore } from '../../../../src/ledger/state/object-store'
import { type Funded, type LedgerFixture, ledgerFixture } from '../../ledger-fixture'
import type { TestKey } from '../../test-keys'

/** The ledger fixture with the NFT helpers the NFT tests share. */
export interface NftFixture extends LedgerFixture {
  /** TESTNET's open ledger objects. */
  view(): ObjectStore
  /** Submits and returns the API answer's meta (with rippled's synthetic NFT fields). */
  run(
    key: TestKey,
    fields: Record<string, unknown>,
  ): { result: string; meta: NftMeta; txid: string }
  /** Mints with `fields` and returns the new token's id (the meta's `nftoken_id`). */
  mint(key: TestKey, fields?: Record<string, unknown>): string
  /** Places an offer and returns its index (the meta's `offer_id`). */
  offer(key: TestKey, fields: Record<string, unknown>): string
  /** The ids of the tokens an account holds, in page order. */
  tokens(address: string): string[]
  ownerCount(address: string): number
  /** Every NFTokenPage and owner-directory object of an account. */
  owned(address: string): { pages: number; offers: number; other: number }
}

/** Meta of an API answer, with the NFT fields rippled adds. */
export type NftMeta = Record<string, unknown> & {
  AffectedNodes: Record<string, Record<string, unknown>>[]
  nftoken_id?: string
  nftoken_ids?: string[]
  offer_id?: string
}

/** The ledger fixture with the `funded` accounts and the NFT helpers. */
export function nftFixture(funded?: Funded): NftFixture {
  const base = ledgerFixture(funded)
  const view = () => base.ledger.view('TESTNET') as ObjectStore
  const run: NftFixture['run'] = (key, fields) => {
    const { txid, engine_result } = base.submit(key, fields)
    const meta = (base.ledger.transaction(txid)?.transaction.meta ?? {}) as NftMeta
    return { result: engine_result, meta, txid }
  }
  const expectSuccess = (result: string, what: string) => {
    if (result !== 'tesSUCCESS') throw new Error(`${what}: ${result}`)
  }
  return {
    ...base,
    view,
    run,
    mint(key, fields = {}) {
      const { result, meta } = run(key, {
        TransactionType: 'NFTokenMint',
        NFTokenTaxon: 0,
        ...fields,
      })
      expectSuccess(result, 'mint')
      return String(meta.nftoken_id)
    },
    offer(key, fields) {
      const { result, meta } = run(key, { TransactionType: 'NFTokenCreateOffer', ...fields })
      expectSuccess(result, 'offer')
      return String(meta.offer_id)
    },
    tokens: (address) =>
      [...ownerTokenPages(view(), address)].flatMap((page) =>
        page.NFTokens.map((token) => token.NFToken.NFTokenID),
      ),
    ownerCount: (address) => base.ledger.account('TESTNET', address)?.ownerCount ?? 0,
    owned(address) {
      const pages = [...ownerTokenPages(view(), address)].length
      const objects = ownerObjects(view(), address)
      const offers = objects.filter((o) => o.LedgerEntryType === 'NFTokenOffer').length
      return { pages, offers, other: objects.length - offers }
    },
  }
}

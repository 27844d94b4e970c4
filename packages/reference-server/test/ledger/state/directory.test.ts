import { decodeAccountID } from 'ripple-address-codec'
import { describe, expect, it } from 'vitest'
import {
  DIRECTORY_PAGE_ENTRIES,
  describeBook,
  describeOwnerDir,
  dirAppend,
  directoryEntries,
  dirInsert,
  dirRemove,
} from '../../../src/ledger/state/directory'
import {
  bookBaseIndex,
  bookDirIndex,
  directoryPageIndex,
  ownerDirIndex,
} from '../../../src/ledger/state/keylets'
import type { DirectoryNode } from '../../../src/ledger/state/ledger-object'
import { createObjectStore } from '../../../src/ledger/state/object-store'
import { createSandbox } from '../../../src/ledger/state/sandbox'
import { testKey } from '../test-keys'

const owner = testKey(3).address
const root = ownerDirIndex(owner)
const key = (n: number) => n.toString(16).toUpperCase().padStart(64, '0')
const fees = { base: 12n, reserve: 1_000_000n, increment: 200_000n }

// A store with `count` keys inserted in one sandbox per key (each applied), as transactions do.
function filled(count: number, add = dirInsert) {
  const store = createObjectStore(() => ({ seq: 10, parentCloseTime: 0 }), fees)
  for (let n = count; n >= 1; n--) {
    const sandbox = createSandbox(store)
    expect(add(sandbox, root, key(n), describeOwnerDir(owner))).not.toBeNull()
    sandbox.applyTo(store)
  }
  return store
}
const page = (store: ReturnType<typeof filled>, n: bigint) =>
  store.read(directoryPageIndex(root, n)) as DirectoryNode | undefined

describe('owner directories as rippled DirectoryNode pages (ApplyView::dirInsert/dirRemove)', () => {
  it('fills pages of 32, linked from the root both ways, each page sorted, page 1 without IndexPrevious', () => {
    const store = filled(70)
    const [first, second, third] = [page(store, 0n), page(store, 1n), page(store, 2n)]
    expect(first?.Indexes).toHaveLength(DIRECTORY_PAGE_ENTRIES)
    expect(first).toMatchObject({
      Owner: owner,
      RootIndex: root,
      IndexNext: '1',
      IndexPrevious: '2',
    })
    expect(second).toMatchObject({ Owner: owner, RootIndex: root, IndexNext: '2' })
    expect(second?.IndexPrevious).toBeUndefined()
    expect(third).toMatchObject({
      IndexPrevious: '1',
      Indexes: [key(6), key(5), key(4), key(3), key(2), key(1)].sort(),
    })
    for (const node of [first, second])
      expect(node?.Indexes).toEqual([...(node?.Indexes ?? [])].sort())
    expect([...directoryEntries(store, root)]).toHaveLength(70)
  })

  it('a book directory keeps the order of arrival (dirAppend) and says its book and quality', () => {
    const store = filled(3, dirAppend)
    expect(page(store, 0n)?.Indexes).toEqual([key(3), key(2), key(1)])
    const book = { pays: { currency: 'XRP' }, gets: { currency: 'USD', issuer: owner } }
    const quality = 0x5b03_8d7e_a4c6_8000n
    const index = bookDirIndex(bookBaseIndex(book), quality)
    const sandbox = createSandbox(store)
    dirAppend(sandbox, index, key(1), describeBook(book, quality))
    expect(sandbox.read(index)).toMatchObject({
      RootIndex: index,
      TakerPaysCurrency: '0'.repeat(40),
      TakerPaysIssuer: '0'.repeat(40),
      TakerGetsCurrency: '0000000000000000000000005553440000000000',
      TakerGetsIssuer: Buffer.from(decodeAccountID(owner)).toString('hex').toUpperCase(),
      ExchangeRate: '5b038d7ea4c68000',
      Indexes: [key(1)],
    })
  })

  it('removing every key of a middle page unlinks and erases it; an empty directory is erased', () => {
    const store = filled(70)
    const middle = [...(page(store, 1n)?.Indexes ?? [])]
    for (const index of middle) {
      const sandbox = createSandbox(store)
      expect(dirRemove(sandbox, root, 1n, index, false)).toBe(true)
      sandbox.applyTo(store)
    }
    expect(page(store, 1n)).toBeUndefined()
    expect(page(store, 0n)).toMatchObject({ IndexNext: '2', IndexPrevious: '2' })
    expect(page(store, 2n)).toMatchObject({ IndexPrevious: '0' })
    const rest = [...directoryEntries(store, root)]
    expect(rest).toHaveLength(70 - middle.length)
    for (const { index, page: at } of rest) {
      const sandbox = createSandbox(store)
      expect(dirRemove(sandbox, root, at, index, false)).toBe(true)
      sandbox.applyTo(store)
    }
    expect(store.size).toBe(0)
  })

  it('refuses a key that is not on the page, and keeps an empty root when asked', () => {
    const store = filled(1)
    const sandbox = createSandbox(store)
    expect(dirRemove(sandbox, root, 0n, key(9), false)).toBe(false)
    expect(dirRemove(sandbox, root, 0n, key(1), true)).toBe(true)
    expect(sandbox.read(root)).toMatchObject({ Indexes: [] })
  })
})

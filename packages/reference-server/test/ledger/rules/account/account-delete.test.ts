import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getBalanceChanges, type TransactionMetadata } from 'xrpl'
import { uriTokenIndex } from '../../../../src/ledger/state/keylets'
import { type LedgerFixture, ledgerFixture } from '../../ledger-fixture'
import { type TestKey, testKey } from '../../test-keys'
import { xahauFixture } from '../xahau/xahau-fixture'

let f: LedgerFixture
const alice = testKey(81)
const bob = testKey(82, 'ecdsa-secp256k1')
const carol = testKey(83)
const OWNER_RESERVE = '200000'

beforeEach(() => {
  f = ledgerFixture({ keys: [alice, bob, carol], drops: 100_000_000n })
})
afterEach(() => f.dispose())

const closeLedgers = (n: number) => {
  for (let i = 0; i < n; i++) f.ledger.close('TESTNET')
}
const result = (key: TestKey, fields: Record<string, unknown>) =>
  f.submit(key, fields).engine_result
const deleteInto = (key: TestKey, destination: TestKey, fields: Record<string, unknown> = {}) =>
  f.submit(key, {
    TransactionType: 'AccountDelete',
    Destination: destination.address,
    Fee: OWNER_RESERVE,
    ...fields,
  })
const meta = (txid: string) =>
  f.ledger.transaction(txid)?.transaction.meta as unknown as TransactionMetadata

describe('AccountDelete (rippled DeleteAccount.cpp)', () => {
  it('is tecTOO_SOON while Sequence + 255 > the current ledger index, then deletes', () => {
    const sequence = f.ledger.account('TESTNET', alice.address)?.sequence ?? 0
    // Open ledger index = Sequence + 254: too soon, and the Sequence is used (a tec).
    closeLedgers(254)
    expect(deleteInto(alice, bob).engine_result).toBe('tecTOO_SOON')
    expect(f.ledger.account('TESTNET', alice.address)?.sequence).toBe(sequence + 1)
    // Open ledger index = the new Sequence + 255 exactly: no longer too soon.
    closeLedgers(2)
    expect(deleteInto(alice, bob).engine_result).toBe('tesSUCCESS')
  })

  it('costs one owner reserve, sends the rest to the destination and removes the account', () => {
    closeLedgers(256)
    expect(deleteInto(alice, bob, { Fee: '12' }).engine_result).toBe('telINSUF_FEE_P')
    const balance = f.balance(alice.address)
    const before = f.balance(bob.address)
    const { txid, engine_result } = deleteInto(alice, bob)
    expect(engine_result).toBe('tesSUCCESS')
    expect(f.ledger.account('TESTNET', alice.address)).toBeNull()
    const rest = balance - BigInt(OWNER_RESERVE)
    expect(f.balance(bob.address) - before).toBe(rest)
    const answer = f.ledger.transaction(txid)?.transaction
    expect(answer?.meta.delivered_amount).toBe(rest.toString())
    // xrpl.js reads the same changes from the metadata.
    expect(getBalanceChanges(meta(txid))).toEqual(
      expect.arrayContaining([
        {
          account: bob.address,
          balances: [{ currency: 'XRP', value: String(Number(rest) / 1e6) }],
        },
        {
          account: alice.address,
          balances: [{ currency: 'XRP', value: String(-Number(balance) / 1e6) }],
        },
      ]),
    )
  })

  it('takes tickets, the signer list and preauthorizations with it, not trust lines', () => {
    expect(result(alice, { TransactionType: 'TicketCreate', TicketCount: 2 })).toBe('tesSUCCESS')
    expect(
      result(alice, {
        TransactionType: 'SignerListSet',
        SignerQuorum: 1,
        SignerEntries: [{ SignerEntry: { Account: carol.address, SignerWeight: 1 } }],
      }),
    ).toBe('tesSUCCESS')
    expect(result(alice, { TransactionType: 'DepositPreauth', Authorize: carol.address })).toBe(
      'tesSUCCESS',
    )
    expect(f.ledger.account('TESTNET', alice.address)?.ownerCount).toBe(4)
    closeLedgers(260)
    const { txid, engine_result } = deleteInto(alice, bob)
    expect(engine_result).toBe('tesSUCCESS')
    const deleted = meta(txid)
      .AffectedNodes.flatMap((node) =>
        'DeletedNode' in node ? [node.DeletedNode.LedgerEntryType] : [],
      )
      .sort()
    expect(deleted).toEqual([
      'AccountRoot',
      'DepositPreauth',
      'DirectoryNode',
      'SignerList',
      'Ticket',
      'Ticket',
    ])

    const line = { currency: 'USD', issuer: carol.address, value: '10' }
    expect(result(bob, { TransactionType: 'TrustSet', LimitAmount: line })).toBe('tesSUCCESS')
    closeLedgers(260)
    expect(deleteInto(bob, carol).engine_result).toBe('tecHAS_OBLIGATIONS')
    expect(f.ledger.account('TESTNET', bob.address)).not.toBeNull()
  })

  it.each([
    ['a destination that does not exist', {}, 'tecNO_DST'],
    ['a destination that requires a tag', { tag: true }, 'tecDST_TAG_NEEDED'],
    ['… given one', { tag: true, DestinationTag: 9 }, 'tesSUCCESS'],
    ['a destination with deposit authorization', { auth: true }, 'tecNO_PERMISSION'],
    ['… that preauthorized it', { auth: true, preauth: true }, 'tesSUCCESS'],
  ])('into %s → %s', (_, setup, expected) => {
    const { tag, auth, preauth, ...fields } = setup as Record<string, unknown>
    if (tag) expect(result(bob, { TransactionType: 'AccountSet', SetFlag: 1 })).toBe('tesSUCCESS')
    if (auth) expect(result(bob, { TransactionType: 'AccountSet', SetFlag: 9 })).toBe('tesSUCCESS')
    if (preauth) {
      expect(result(bob, { TransactionType: 'DepositPreauth', Authorize: alice.address })).toBe(
        'tesSUCCESS',
      )
    }
    closeLedgers(256)
    const destination = expected === 'tecNO_DST' ? testKey(89) : bob
    expect(deleteInto(alice, destination, fields).engine_result).toBe(expected)
  })

  it('takes its DEX offers with it, out of their book [rippled DeleteAccount.cpp offerDelete]', () => {
    const usd = { currency: 'USD', issuer: carol.address, value: '1' }
    expect(
      result(alice, { TransactionType: 'OfferCreate', TakerGets: '1000000', TakerPays: usd }),
    ).toBe('tesSUCCESS')
    closeLedgers(260)
    const { txid, engine_result } = deleteInto(alice, bob)
    expect(engine_result).toBe('tesSUCCESS')
    const deleted = meta(txid).AffectedNodes.flatMap((node) =>
      'DeletedNode' in node ? [node.DeletedNode.LedgerEntryType] : [],
    )
    expect(deleted).toContain('Offer')
    expect(f.ledger.account('TESTNET', alice.address)).toBeNull()
  })

  it('on Xahau (DeletableAccounts switched on) takes a URIToken it owns with it, but an account that minted one stays (tecHAS_OBLIGATIONS) [xahaud DeleteAccount.cpp removeGeneric, lsfURITokenIssuer]', () => {
    const x = xahauFixture([alice, bob, carol], 100_000_000n)
    try {
      // Xahau's networks have no DeletableAccounts enabled (amendments/network-profiles.ts).
      x.ledger.setAmendments('XAHAU', { enable: ['DeletableAccounts'] })
      const URI = Buffer.from('ipfs://deleted', 'utf8').toString('hex').toUpperCase()
      const tokenId = uriTokenIndex(alice.address, URI)
      const submit = (key: TestKey, fields: Record<string, unknown>) =>
        x.submit(key, fields).engine_result
      expect(submit(alice, { TransactionType: 'URITokenMint', URI })).toBe('tesSUCCESS')
      const sell = { URITokenID: tokenId, Amount: '1', Destination: bob.address }
      expect(submit(alice, { TransactionType: 'URITokenCreateSellOffer', ...sell })).toBe(
        'tesSUCCESS',
      )
      expect(
        submit(bob, { TransactionType: 'URITokenBuy', URITokenID: tokenId, Amount: '1' }),
      ).toBe('tesSUCCESS')
      for (let i = 0; i < 260; i++) x.ledger.close('XAHAU')
      const remove = (key: TestKey) =>
        submit(key, { TransactionType: 'AccountDelete', Destination: carol.address })
      expect(remove(alice)).toBe('tecHAS_OBLIGATIONS')
      expect(remove(bob)).toBe('tesSUCCESS')
      expect(x.entry(tokenId)).toBeNull()
    } finally {
      x.dispose()
    }
  })

  it('refuses a deletion into itself (temDST_IS_SRC), changing nothing', () => {
    const before = f.ledger.account('TESTNET', alice.address)
    expect(deleteInto(alice, alice).engine_result).toBe('temDST_IS_SRC')
    expect(f.ledger.account('TESTNET', alice.address)).toEqual(before)
  })
})

describe('deposit authorization (rippled DepositPreauth.cpp, Payment.cpp)', () => {
  const pay = (from: TestKey, to: TestKey, Amount: unknown, extra: Record<string, unknown> = {}) =>
    result(from, { TransactionType: 'Payment', Destination: to.address, Amount, ...extra })

  it('lets only preauthorized senders pay an account that set asfDepositAuth', () => {
    expect(result(bob, { TransactionType: 'AccountSet', SetFlag: 9 })).toBe('tesSUCCESS')
    expect(pay(alice, bob, '5000000')).toBe('tecNO_PERMISSION')
    expect(result(bob, { TransactionType: 'DepositPreauth', Authorize: alice.address })).toBe(
      'tesSUCCESS',
    )
    expect(f.ledger.account('TESTNET', bob.address)?.ownerCount).toBe(1)
    expect(pay(alice, bob, '5000000')).toBe('tesSUCCESS')
    expect(pay(carol, bob, '5000000')).toBe('tecNO_PERMISSION')
    expect(result(bob, { TransactionType: 'DepositPreauth', Unauthorize: alice.address })).toBe(
      'tesSUCCESS',
    )
    expect(f.ledger.account('TESTNET', bob.address)?.ownerCount).toBe(0)
    expect(pay(alice, bob, '5000000')).toBe('tecNO_PERMISSION')
    expect(result(bob, { TransactionType: 'AccountSet', ClearFlag: 9 })).toBe('tesSUCCESS')
    expect(pay(alice, bob, '5000000')).toBe('tesSUCCESS')
  })

  it('still lets a drained account receive up to the base reserve (Payment::doApply)', () => {
    const drained = testKey(84)
    f.ledger.fund(drained.address, 1_000_000n, ['TESTNET'])
    expect(result(drained, { TransactionType: 'AccountSet', SetFlag: 9 })).toBe('tesSUCCESS')
    expect(pay(alice, drained, '1000000')).toBe('tesSUCCESS')
    expect(pay(alice, drained, '1000000')).toBe('tecNO_PERMISSION')
  })

  it.each([
    [{ Authorize: testKey(88).address }, 'tecNO_TARGET'],
    [{ Unauthorize: testKey(82, 'ecdsa-secp256k1').address }, 'tecNO_ENTRY'],
    [{ Authorize: 'rrrrrrrrrrrrrrrrrrrrrhoLvTp' }, 'temINVALID_ACCOUNT_ID'],
  ])('DepositPreauth %j → %s', (fields, expected) => {
    expect(result(alice, { TransactionType: 'DepositPreauth', ...fields })).toBe(expected)
  })

  it('refuses a second preauthorization of one account (tecDUPLICATE)', () => {
    expect(result(alice, { TransactionType: 'DepositPreauth', Authorize: bob.address })).toBe(
      'tesSUCCESS',
    )
    expect(result(alice, { TransactionType: 'DepositPreauth', Authorize: bob.address })).toBe(
      'tecDUPLICATE',
    )
  })

  it('refuses a payment without the tag an account requires (tecDST_TAG_NEEDED)', () => {
    expect(result(bob, { TransactionType: 'AccountSet', SetFlag: 1 })).toBe('tesSUCCESS')
    expect(pay(alice, bob, '1000000')).toBe('tecDST_TAG_NEEDED')
    expect(pay(alice, bob, '1000000', { DestinationTag: 42 })).toBe('tesSUCCESS')
    expect(result(bob, { TransactionType: 'AccountSet', Flags: 0x00020000 })).toBe('tesSUCCESS')
    expect(pay(alice, bob, '1000000')).toBe('tesSUCCESS')
  })

  it('applies deposit authorization to issued payments too, without the small-amount rule', () => {
    const usd = { currency: 'USD', issuer: carol.address, value: '100' }
    expect(result(bob, { TransactionType: 'TrustSet', LimitAmount: usd })).toBe('tesSUCCESS')
    expect(result(bob, { TransactionType: 'AccountSet', SetFlag: 9 })).toBe('tesSUCCESS')
    expect(pay(carol, bob, { ...usd, value: '1' })).toBe('tecNO_PERMISSION')
    expect(result(bob, { TransactionType: 'DepositPreauth', Authorize: carol.address })).toBe(
      'tesSUCCESS',
    )
    expect(pay(carol, bob, { ...usd, value: '1' })).toBe('tesSUCCESS')
  })
})

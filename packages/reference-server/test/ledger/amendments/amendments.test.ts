import { TRANSACTION_TYPES } from 'ripple-binary-codec'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { XAHAU_AMENDMENTS, XRPL_AMENDMENTS } from '../../../src/ledger/amendments/amendment-names'
import { amendmentId, amendmentTable } from '../../../src/ledger/amendments/amendment-table'
import {
  amendmentResult,
  TYPE_AMENDMENTS,
} from '../../../src/ledger/amendments/required-amendments'
import { networkDefinition } from '../../../src/ledger/networks'
import { type LedgerFixture, ledgerFixture } from '../ledger-fixture'
import { signTx, testKey } from '../test-keys'

const testnet = amendmentTable(networkDefinition('TESTNET'))
const xahau = amendmentTable(networkDefinition('XAHAU'))

describe('amendment ids', () => {
  // xrpl.org "feature" (admin and public pages) lists these ids with their names.
  it.each([
    ['MultiSign', '4C97EBA926031A7CF7D7B36FDE3ED66DDA5421192D63DE53FFB46E43B9DC8373'],
    ['FeeEscalation', '42426C4D4F1009EE67080A9B7965B44656D7714D104A72F9B4369F97ABF044EE'],
    ['TrustSetAuth', '6781F8368C4771B83E8B821D88F580202BCB4228075297B19E4FDC5233F1EFDC'],
  ])('%s has the id xrpl.org documents', (name, id) => {
    expect(amendmentId(name)).toBe(id)
    expect(testnet.find(name)?.id).toBe(id)
    expect(testnet.find(id.toLowerCase())?.name).toBe(name)
  })

  it('lists every name once per network', () => {
    expect(new Set(XRPL_AMENDMENTS).size).toBe(XRPL_AMENDMENTS.length)
    expect(new Set(XAHAU_AMENDMENTS).size).toBe(XAHAU_AMENDMENTS.length)
    expect(testnet.amendments.map((a) => a.name)).toEqual(XRPL_AMENDMENTS)
  })
})

describe('which amendments a network enables', () => {
  it.each([
    // name, XRP networks, Xahau networks
    ['MultiSign', true, true],
    ['ExpandedSignerList', true, true],
    ['TicketBatch', true, true],
    ['BatchV1_1', true, undefined], // xahaud has no Batch
    ['AMM', false, false], // not modelled (docs/protocol.md §8.7)
    ['Clawback', false, false],
    ['Credentials', false, undefined],
    ['NonFungibleTokensV1_1', true, false], // XLS-20 (rules/nft-*.ts), never on Xahau
    ['Hooks', undefined, false], // Xahau's own, not modelled
  ])('%s: XRP networks %s, Xahau %s', (name, onXrpl, onXahau) => {
    expect(testnet.find(name)?.enabled).toBe(onXrpl)
    expect(xahau.find(name)?.enabled).toBe(onXahau)
    expect(testnet.enabled(name)).toBe(onXrpl === true)
    expect(xahau.enabled(name)).toBe(onXahau === true)
  })

  it('answers supported only for what it enables', () => {
    for (const amendment of [...testnet.amendments, ...xahau.amendments]) {
      expect(amendment.supported).toBe(amendment.enabled)
    }
  })

  it('is the same table on every network of one kind', () => {
    expect(amendmentTable(networkDefinition('MAINNET'))).toBe(testnet)
    expect(amendmentTable(networkDefinition('XAHAUTESTNET'))).toBe(xahau)
  })
})

describe('transactions that need an amendment', () => {
  it('names an amendment the XRP Ledger knows for every type the codec knows', () => {
    const pseudo = new Set(['EnableAmendment', 'SetFee', 'UNLModify', 'Invalid'])
    for (const type of TRANSACTION_TYPES.filter((name) => !pseudo.has(name))) {
      expect(Object.hasOwn(TYPE_AMENDMENTS, type), type).toBe(true)
      const amendment = TYPE_AMENDMENTS[type]
      if (amendment) expect(XRPL_AMENDMENTS, type).toContain(amendment)
    }
  })

  it.each([
    [{ TransactionType: 'Payment' }, null, null],
    [{ TransactionType: 'AccountSet' }, null, null],
    [{ TransactionType: 'SignerListSet' }, null, null],
    [{ TransactionType: 'Batch' }, null, 'temDISABLED'],
    [{ TransactionType: 'AMMCreate' }, 'temDISABLED', 'temDISABLED'],
    [{ TransactionType: 'NFTokenMint' }, null, 'temDISABLED'],
    [{ TransactionType: 'Payment', CredentialIDs: ['00'] }, 'temDISABLED', 'temDISABLED'],
    [{ TransactionType: 'Payment', Delegate: 'r' }, 'temDISABLED', 'temDISABLED'],
    [{ TransactionType: 'Payment', DomainID: '00' }, 'temDISABLED', 'temDISABLED'],
    [{ TransactionType: 'SomethingNew' }, 'temDISABLED', 'temDISABLED'],
  ])('%j: XRP networks %s, Xahau %s', (tx, onXrpl, onXahau) => {
    expect(amendmentResult(tx, testnet)).toBe(onXrpl)
    expect(amendmentResult(tx, xahau)).toBe(onXahau)
  })
})

describe('a disabled amendment on the ledger', () => {
  let f: LedgerFixture
  const alice = testKey(41)
  beforeEach(() => {
    f = ledgerFixture()
    f.ledger.fund(alice.address, 100_000_000n)
  })
  afterEach(() => f.dispose())

  it('ends temDISABLED with nothing applied: no fee, no Sequence (rippled preflight)', () => {
    const before = f.ledger.account('TESTNET', alice.address)
    const result = f.submit(alice, {
      TransactionType: 'AMMCreate',
      Amount: '1000000',
      Amount2: { currency: 'USD', issuer: testKey(42).address, value: '1' },
      TradingFee: 10,
    })
    expect(result.engine_result).toBe('temDISABLED')
    expect(f.ledger.account('TESTNET', alice.address)).toEqual(before)
    expect(f.ledger.transaction(result.txid)).toBeNull()
  })

  it('refuses a Batch on Xahau, whose server has no Batch amendment', () => {
    const tx = {
      TransactionType: 'Batch',
      Account: alice.address,
      Fee: '30',
      Sequence: f.ledger.account('XAHAU', alice.address)?.sequence,
      NetworkID: 21337,
      Flags: 65536,
      RawTransactions: [
        {
          RawTransaction: {
            TransactionType: 'AccountSet',
            Account: alice.address,
            Fee: '0',
            Sequence: 0,
            SigningPubKey: '',
            Flags: 0x40000000,
            NetworkID: 21337,
          },
        },
      ],
    }
    expect(f.ledger.submit('XAHAU', signTx(tx, alice)).engine_result).toBe('temDISABLED')
  })
})

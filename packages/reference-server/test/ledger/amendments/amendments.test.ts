import { TRANSACTION_TYPES } from 'ripple-binary-codec'
import { sign } from 'ripple-keypairs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { XAHAU_AMENDMENTS, XRPL_AMENDMENTS } from '../../../src/ledger/amendments/amendment-names'
import {
  amendmentId,
  amendmentTable,
  switchAmendments,
  unknownAmendments,
} from '../../../src/ledger/amendments/amendment-table'
import {
  amendmentResult,
  TYPE_AMENDMENTS,
} from '../../../src/ledger/amendments/required-amendments'
import { networkCodec } from '../../../src/ledger/codec/network-codec'
import { networkDefinition } from '../../../src/ledger/networks'
import { type LedgerFixture, ledgerFixture } from '../ledger-fixture'
import { signTx, testKey } from '../test-keys'

const testnet = amendmentTable(networkDefinition('TESTNET'))
const xahau = amendmentTable(networkDefinition('XAHAU'))

const mainnetProduction = amendmentTable(networkDefinition('MAINNET'), 'production')

describe('amendment ids', () => {
  // xrpl.org "feature" and known-amendments list these ids; xahau.network's `feature` of
  // 2026-09-30 (research ledger-breadth.md §1.2) the Xahau ones.
  it.each([
    ['MultiSign', '4C97EBA926031A7CF7D7B36FDE3ED66DDA5421192D63DE53FFB46E43B9DC8373'],
    ['FeeEscalation', '42426C4D4F1009EE67080A9B7965B44656D7714D104A72F9B4369F97ABF044EE'],
    ['TrustSetAuth', '6781F8368C4771B83E8B821D88F580202BCB4228075297B19E4FDC5233F1EFDC'],
    ['AMMClawback', '726F944886BCDF7433203787E93DD9AA87FAB74DFE3AF4785BA03BEFC97ADA1F'],
  ])('%s has the id xrpl.org documents [rippled Feature.cpp registerFeature]', (name, id) => {
    expect(amendmentId(name)).toBe(id)
    expect(testnet.find(name)?.id).toBe(id)
    expect(testnet.find(id.toLowerCase())?.name).toBe(name)
  })

  it.each([
    ['URIToken', 'ECF412BE0964EC2E71DCF807EEEA6EA8470D3DB15173D46F28AB6E234860AC32'],
    ['Remit', '0D8BF22FF7570D58598D1EF19EBB6E142AD46E59A223FD3816262FBB69345BEA'],
    ['Hooks', 'ECE6819DBA5DB528F1A241695F5A9811EF99467CDE22510954FD357780BBD078'],
    ['DeletableAccounts', '30CD365592B8EE40489BA01AE2F7555CAC9C983145871DC82A42A31CF5BAE7D9'],
  ])('%s has the id xahau.network answers', (name, id) => {
    expect(xahau.find(id)?.name).toBe(name)
  })

  it('lists every name once per network, as its server lists them', () => {
    expect(new Set(XRPL_AMENDMENTS).size).toBe(XRPL_AMENDMENTS.length)
    expect(new Set(XAHAU_AMENDMENTS).size).toBe(XAHAU_AMENDMENTS.length)
    expect(testnet.amendments.map((a) => a.name)).toEqual(XRPL_AMENDMENTS)
    expect(xahau.amendments.map((a) => a.name)).toEqual(XAHAU_AMENDMENTS)
    // xahau.network's feature lists its amendments in id order.
    const ids = xahau.amendments.map((a) => a.id)
    expect(ids).toEqual([...ids].sort())
  })
})

describe('which amendments a network enables (docs/protocol.md §8.10)', () => {
  it.each([
    // name, TESTNET default, MAINNET production, XAHAU (enabled on the network)
    ['MultiSign', true, true, true],
    ['TicketBatch', true, true, true],
    ['BatchV1_1', true, false, undefined], // mainnet has no Batch; xahaud has none
    ['DeletableAccounts', true, true, false], // not voted in on Xahau
    ['NonFungibleTokensV1_1', true, true, false], // XLS-20, never on Xahau
    ['DynamicNFT', true, true, undefined],
    ['AMM', false, true, undefined], // on mainnet, not modelled here
    ['Credentials', false, true, undefined],
    ['Clawback', true, true, true],
    ['URIToken', undefined, undefined, true], // Xahau's own
    ['Remit', undefined, undefined, true],
    ['Hooks', undefined, undefined, true],
    ['HookOnV2', undefined, undefined, false], // only on xahau-test.net
  ])('%s: TESTNET %s, MAINNET (production) %s, XAHAU %s', (name, onTestnet, onMainnet, onXahau) => {
    expect(testnet.find(name)?.enabled).toBe(onTestnet)
    expect(mainnetProduction.find(name)?.enabled).toBe(onMainnet)
    expect(xahau.find(name)?.enabled).toBe(onXahau)
  })

  it('lets the rules count only on what is enabled and modelled; feature says which is which', () => {
    for (const table of [testnet, mainnetProduction, xahau]) {
      for (const amendment of table.amendments) {
        expect(table.enabled(amendment.name), amendment.name).toBe(
          amendment.enabled && amendment.supported,
        )
      }
    }
    // Enabled on Xahau's mainnet but not modelled yet: refused, never a tesSUCCESS without effects.
    expect(xahau.find('URIToken')).toMatchObject({ enabled: true, supported: false })
    expect(xahau.enabled('URIToken')).toBe(false)
    expect(mainnetProduction.find('AMM')).toMatchObject({ enabled: true, supported: false })
  })

  it('keeps the default on TESTNET, DEVNET and the Xahau networks in the production profile', () => {
    for (const key of ['TESTNET', 'DEVNET', 'XAHAU', 'XAHAUTESTNET'] as const) {
      const network = networkDefinition(key)
      expect(amendmentTable(network, 'production').enabledNames).toEqual(
        amendmentTable(network).enabledNames,
      )
    }
    expect(amendmentTable(networkDefinition('MAINNET')).enabledNames).toEqual(testnet.enabledNames)
  })

  it('switches after the profile, and refuses a name the network does not know', () => {
    const network = networkDefinition('TESTNET')
    const switched = amendmentTable(network, 'default', {
      enable: ['AMM'],
      disable: ['Checks'],
    })
    expect(switched.find('AMM')?.enabled).toBe(true)
    expect(switched.enabled('Checks')).toBe(false)
    expect(switchAmendments(network, switched, { enable: ['Checks'] }).enabled('Checks')).toBe(true)
    expect(() => amendmentTable(network, 'default', { enable: ['URIToken'] })).toThrow(
      /TESTNET has no amendment URIToken/,
    )
    expect(unknownAmendments(networkDefinition('XAHAU'), ['Hooks', 'BatchV1_1'])).toEqual([
      'BatchV1_1',
    ])
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

  it('names an amendment xahaud knows for each of its own types', () => {
    for (const type of [
      'URITokenMint',
      'Remit',
      'ClaimReward',
      'SetRemarks',
      'SetHook',
      'Invoke',
    ]) {
      expect(XAHAU_AMENDMENTS, type).toContain(TYPE_AMENDMENTS[type])
    }
  })

  it.each([
    [{ TransactionType: 'Payment' }, null, null, null],
    [{ TransactionType: 'AccountSet' }, null, null, null],
    [{ TransactionType: 'SignerListSet' }, null, null, null],
    [{ TransactionType: 'Batch' }, null, 'temDISABLED', 'temDISABLED'],
    [{ TransactionType: 'AccountDelete' }, null, null, 'temDISABLED'],
    [{ TransactionType: 'AMMCreate' }, 'temDISABLED', 'temDISABLED', 'temDISABLED'],
    [{ TransactionType: 'NFTokenMint' }, null, null, 'temDISABLED'],
    [{ TransactionType: 'URITokenMint' }, 'temDISABLED', 'temDISABLED', 'temDISABLED'],
    [
      { TransactionType: 'Payment', CredentialIDs: ['00'] },
      'temDISABLED',
      'temDISABLED',
      'temDISABLED',
    ],
    [{ TransactionType: 'Payment', Delegate: 'r' }, 'temDISABLED', 'temDISABLED', 'temDISABLED'],
    [{ TransactionType: 'SomethingNew' }, 'temDISABLED', 'temDISABLED', 'temDISABLED'],
  ])('%j: TESTNET %s, MAINNET (production) %s, XAHAU %s', (tx, onTestnet, onMainnet, onXahau) => {
    expect(amendmentResult(tx, testnet)).toBe(onTestnet)
    expect(amendmentResult(tx, mainnetProduction)).toBe(onMainnet)
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

  it('takes no Batch on Xahau: its definitions have no such type, so the blob is no transaction (temMALFORMED)', () => {
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
    expect(f.ledger.submit('XAHAU', signTx(tx, alice)).engine_result).toBe('temMALFORMED')
  })

  it.each([
    // a type of each family, on a network whose table has it off [rippled Transactor.cpp preflight]
    [
      'TESTNET',
      { disable: ['Checks'] },
      { TransactionType: 'CheckCancel', CheckID: 'AB'.repeat(32) },
    ],
    [
      'TESTNET',
      { disable: ['Escrow'] },
      {
        TransactionType: 'EscrowCancel',
        Owner: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
        OfferSequence: 1,
      },
    ],
    [
      'TESTNET',
      { disable: ['PayChan'] },
      { TransactionType: 'PaymentChannelFund', Channel: 'AB'.repeat(32), Amount: '1' },
    ],
    ['TESTNET', { disable: ['TicketBatch'] }, { TransactionType: 'TicketCreate', TicketCount: 1 }],
    ['TESTNET', { disable: ['MultiSign'] }, { TransactionType: 'SignerListSet', SignerQuorum: 0 }],
    [
      'TESTNET',
      { disable: ['NonFungibleTokensV1_1'] },
      { TransactionType: 'NFTokenMint', NFTokenTaxon: 0 },
    ],
    [
      'TESTNET',
      { disable: ['DepositPreauth'] },
      { TransactionType: 'DepositPreauth', Authorize: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe' },
    ],
    [
      'MAINNET',
      { profile: 'production' as const },
      { TransactionType: 'Batch', Flags: 65536, RawTransactions: [] },
    ],
    [
      'XAHAU',
      {},
      { TransactionType: 'AccountDelete', Destination: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe' },
    ],
    ['XAHAU', {}, { TransactionType: 'NFTokenMint', NFTokenTaxon: 0 }],
  ] as const)('%s %j: %j is temDISABLED, nothing applied', (key, change, fields) => {
    f.ledger.setAmendments(key, change)
    const before = f.ledger.account(key, alice.address)
    const tx = {
      ...fields,
      Account: alice.address,
      Fee: '12',
      Sequence: before?.sequence,
      ...(key === 'XAHAU' ? { NetworkID: 21337 } : {}),
    }
    const codec = networkCodec(networkDefinition(key))
    const prepared = { ...tx, SigningPubKey: alice.publicKey }
    const blob = codec.encode({
      ...prepared,
      TxnSignature: sign(codec.encodeForSigning(prepared), alice.privateKey),
    })
    expect(f.ledger.submit(key, blob).engine_result).toBe('temDISABLED')
    expect(f.ledger.account(key, alice.address)).toEqual(before)
  })

  it('refuses a switch naming an amendment the network does not know, and changes nothing', () => {
    const before = f.ledger.amendments('TESTNET')
    expect(() => f.ledger.setAmendments('TESTNET', { enable: ['URIToken'] })).toThrow(
      /URIToken is not an amendment of TESTNET/,
    )
    expect(f.ledger.amendments('TESTNET')).toBe(before)
  })
})

import { DEFAULT_DEFINITIONS, XrplDefinitions } from 'ripple-binary-codec'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountIdOf } from '../../../src/ledger/codec/account-ids'
import { codecForm } from '../../../src/ledger/codec/network-codec'
import xahauDefinitions from '../../../src/ledger/codec/xahau-definitions.json'
import type { Ledger } from '../../../src/ledger/ledger-types'
import { type NetworkDefinition, networkDefinition } from '../../../src/ledger/networks'
import {
  isDeletableEntry,
  LEDGER_ENTRY_TYPES,
  type LedgerEntryTypeName,
} from '../../../src/ledger/state/ledger-entry-types'
import type { LedgerObject } from '../../../src/ledger/state/ledger-object'
import { createLedgerNode } from '../../../src/ledger-api/ledger-node'
import { type LedgerFixture, ledgerFixture } from '../ledger-fixture'
import { type XahauFixture, xahauFixture } from '../rules/xahau/xahau-fixture'
import { testKey } from '../test-keys'

// The one table of ledger entry types (state/ledger-entry-types.ts, rippled
// include/xrpl/protocol/detail/ledger_entries.macro): account_objects, ledger_data and
// ledger_entry read every type through it, and AccountDelete's blockers come from it.
const alice = testKey(71)
const bob = testKey(72)
const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex').toUpperCase()
const RIPPLE_EPOCH_S = 946_684_800
const NAMES = Object.keys(LEDGER_ENTRY_TYPES) as LedgerEntryTypeName[]

let f: LedgerFixture
let x: XahauFixture

const ok = (key: typeof alice, fields: Record<string, unknown>) => {
  const { txid, engine_result } = f.submit(key, fields)
  expect(engine_result, String(fields.TransactionType)).toBe('tesSUCCESS')
  return f.ledger.transaction(txid)?.transaction.meta as unknown as Record<string, string>
}

beforeAll(() => {
  f = ledgerFixture({ keys: [alice, bob], drops: 10_000_000_000n })
  const now = Math.floor(f.clock.now() / 1000) - RIPPLE_EPOCH_S
  const usd = { currency: 'USD', issuer: alice.address }
  const credentialType = hex('KYC')
  ok(alice, { TransactionType: 'AccountSet', SetFlag: 8 })
  ok(bob, { TransactionType: 'TrustSet', LimitAmount: { ...usd, value: '100' } })
  ok(alice, { TransactionType: 'TicketCreate', TicketCount: 1 })
  ok(alice, {
    TransactionType: 'SignerListSet',
    SignerQuorum: 1,
    SignerEntries: [{ SignerEntry: { Account: bob.address, SignerWeight: 1 } }],
  })
  ok(alice, { TransactionType: 'DepositPreauth', Authorize: bob.address })
  ok(alice, {
    TransactionType: 'OfferCreate',
    TakerGets: '1000000',
    TakerPays: { ...usd, value: '1' },
  })
  ok(alice, { TransactionType: 'CheckCreate', Destination: bob.address, SendMax: '1000' })
  ok(alice, {
    TransactionType: 'EscrowCreate',
    Destination: bob.address,
    Amount: '1000',
    FinishAfter: now + 1000,
  })
  ok(alice, {
    TransactionType: 'PaymentChannelCreate',
    Destination: bob.address,
    Amount: '1000',
    SettleDelay: 100,
    PublicKey: alice.publicKey,
  })
  ok(alice, { TransactionType: 'DIDSet', URI: hex('did:example') })
  ok(alice, {
    TransactionType: 'OracleSet',
    OracleDocumentID: 1,
    Provider: hex('provider'),
    AssetClass: hex('currency'),
    LastUpdateTime: now + RIPPLE_EPOCH_S,
    PriceDataSeries: [
      { PriceData: { BaseAsset: 'XRP', QuoteAsset: 'USD', AssetPrice: 'E4', Scale: 1 } },
    ],
  })
  ok(alice, {
    TransactionType: 'CredentialCreate',
    Subject: bob.address,
    CredentialType: credentialType,
  })
  ok(alice, {
    TransactionType: 'PermissionedDomainSet',
    AcceptedCredentials: [
      { Credential: { Issuer: alice.address, CredentialType: credentialType } },
    ],
  })
  const minted = ok(alice, { TransactionType: 'NFTokenMint', NFTokenTaxon: 0, Flags: 8 })
  ok(alice, {
    TransactionType: 'NFTokenCreateOffer',
    NFTokenID: minted.nftoken_id,
    Amount: '1000',
    Flags: 1,
  })
  const issuance = ok(alice, { TransactionType: 'MPTokenIssuanceCreate' })
  ok(bob, { TransactionType: 'MPTokenAuthorize', MPTokenIssuanceID: issuance.mpt_issuance_id })
  ok(alice, {
    TransactionType: 'AMMCreate',
    Amount: '10000000',
    Amount2: { ...usd, value: '10' },
    TradingFee: 100,
    // AMMCreate's fee is one owner reserve (AMMCreate.cpp calculateBaseFee).
    Fee: '2000000',
  })
  f.ledger.close('TESTNET')

  x = xahauFixture([alice, bob], 100_000_000n)
  expect(
    x.submit(alice, { TransactionType: 'URITokenMint', URI: hex('ipfs://a') }).engine_result,
  ).toBe('tesSUCCESS')
})
afterAll(() => {
  f.dispose()
  x.dispose()
})

type Outcome = { result?: Record<string, unknown>; error?: { error: string } }
const callOn =
  (ledger: Ledger, network: NetworkDefinition) =>
  (command: string, params: Record<string, unknown>) =>
    createLedgerNode({ ledger }).call(network, command, params, 2) as Outcome

// The network where an object of each type lives in this test.
const networkOf = (type: LedgerEntryTypeName) =>
  type === 'URIToken'
    ? callOn(x.ledger, networkDefinition('XAHAU'))
    : callOn(f.ledger, networkDefinition('TESTNET'))

// What a `ledger_entry` locator takes to find `object`: the account for account_root and did
// (rippled `parseAccountRoot`, `parseDID`), the issuance id for mpt_issuance, else the index.
const locatorValue = (type: LedgerEntryTypeName, object: LedgerObject) => {
  if (type === 'AccountRoot' || type === 'DID') return object.Account
  if (type === 'MPTokenIssuance') {
    return `${Number(object.Sequence).toString(16).padStart(8, '0')}${accountIdOf(String(object.Issuer))}`
  }
  return object.index
}

describe('the ledger entry types, one table [rippled ledger_entries.macro]', () => {
  // The node keeps none of the singletons (its amendments and fees are the network's settings):
  // their filter and locator are accepted and find nothing.
  const SINGLETONS = ['Amendments', 'FeeSettings', 'LedgerHashes'] as const
  const kept = NAMES.filter((type) => !(SINGLETONS as readonly string[]).includes(type))

  it.each(kept)(
    '%s round-trips through the ledger_data and account_objects type filters and its ledger_entry locator [rippled LedgerEntry.cpp, AccountObjects.cpp]',
    (type) => {
      const { rpcName, locator } = LEDGER_ENTRY_TYPES[type]
      const call = networkOf(type)
      const data = call('ledger_data', { type: rpcName.toUpperCase(), limit: 256 })
      const state = (data.result?.state ?? []) as LedgerObject[]
      expect(state.length, `ledger_data type ${rpcName}`).toBeGreaterThan(0)
      expect(new Set(state.map((object) => object.LedgerEntryType))).toEqual(new Set([type]))
      const object = state[0] as LedgerObject
      const found = call('ledger_entry', { [locator]: locatorValue(type, object) })
      expect(found.result?.node).toMatchObject({ LedgerEntryType: type, index: object.index })
      if (isDeletableEntry(type)) {
        const owned = call('account_objects', { account: alice.address, type: rpcName })
        const objects = (owned.result?.account_objects ?? []) as LedgerObject[]
        expect(objects.length, `account_objects type ${rpcName}`).toBeGreaterThan(0)
        expect(new Set(objects.map((o) => o.LedgerEntryType))).toEqual(new Set([type]))
      }
    },
  )

  it.each(SINGLETONS)(
    '%s: its type filter and locator are accepted and find nothing on this node',
    (type) => {
      const { rpcName, locator } = LEDGER_ENTRY_TYPES[type]
      const call = networkOf(type)
      expect(call('ledger_data', { type: rpcName }).result?.state).toEqual([])
      expect(call('ledger_entry', { [locator]: 'A'.repeat(64) }).error?.error).toBe('entryNotFound')
    },
  )

  it('a locator finding an object of another type is unexpectedLedgerType; an unknown type filter invalidParams [rippled LedgerEntry.cpp]', () => {
    const call = networkOf('Ticket')
    const root = call('ledger_entry', { account_root: alice.address }).result?.index
    expect(call('ledger_entry', { ticket: root }).error?.error).toBe('unexpectedLedgerType')
    expect(
      call('account_objects', { account: alice.address, type: 'constructor' }).error?.error,
    ).toBe('invalidParams')
  })

  it("each code is the binary codec's LedgerEntryType (rippled definitions; xahaud's for URIToken)", () => {
    const xahau = new XrplDefinitions(
      codecForm(xahauDefinitions as ConstructorParameters<typeof XrplDefinitions>[0]),
    )
    for (const type of NAMES) {
      const definitions = type === 'URIToken' ? xahau : DEFAULT_DEFINITIONS
      expect(definitions.ledgerEntryType.from(type).ordinal, type).toBe(
        LEDGER_ENTRY_TYPES[type].code,
      )
    }
  })

  it("the types AccountDelete removes are rippled's nonObligationDeleter ones and xahaud's URIToken [rippled DeleteAccount.cpp]", () => {
    // rippled: ltOFFER, ltSIGNER_LIST, ltTICKET, ltDEPOSIT_PREAUTH, ltNFTOKEN_OFFER, ltDID,
    // ltORACLE, ltCREDENTIAL, ltDELEGATE (not modelled); xahaud: ltURI_TOKEN (removeGeneric).
    const rippled = [
      'Offer',
      'SignerList',
      'Ticket',
      'DepositPreauth',
      'NFTokenOffer',
      'DID',
      'Oracle',
      'Credential',
    ]
    expect(NAMES.filter(isDeletableEntry).sort()).toEqual([...rippled, 'URIToken'].sort())
  })
})

import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { nodeFrames } from '../../bench/fuzz-requests'
import { nativeTotal } from '../../bench/native-total'
import { createReferenceServer } from '../../src'
import type { ObjectStore } from '../../src/ledger/state/object-store'
import { signTx, testKey } from '../ledger/test-keys'
import { openInProcess } from '../ws/in-process-probe'
import { fuzzServer } from './fuzz-server'

// The node part of bench/fuzz.ts (issue 43 §6) on its seed and frame count (31, 5,000): generated rippled requests, raw
// text and JSON values on one socket. rippled answers a hostile frame with an error of its own
// (`invalidParams`, `actMalformed`…), never `internal`; an error leaves the ledger as it was, the
// socket stays open and the native total never grows. Frames 2829 and 2899 of this seed are the
// submit_multisigned ones that answered `internal` before (a tx_json the codec encodes without an
// Account or Signers, submitted as it was).
const FRAMES = 5_000
const { server, clock, endpoints } = fuzzServer()

describe('ledger node frames with hostile fields (bench/fuzz.ts, seed 31)', () => {
  it('answers each in rippled’s envelope, never internal; errors change nothing; the native total never grows', async () => {
    const [alice] = server.platform.users.list()
    const address = alice?.accounts[0]?.address ?? ''
    const account = () => JSON.stringify(server.platform.ledger.account('TESTNET', address))
    const frames = fc.sample(nodeFrames([address]), { numRuns: FRAMES, seed: 31 })
    const socket = openInProcess(server.WebSocket, 'wss://fuzz.test/ledger/TESTNET')
    const bad: string[] = []
    const changed: string[] = []
    let total = nativeTotal(server.platform.ledger.view('TESTNET'))
    for (const frame of frames) {
      const before = account()
      const answer = await socket.ask(frame)
      if ((answer.type !== 'response' && answer.type !== 'error') || answer.error === 'internal') {
        bad.push(`${JSON.stringify(answer).slice(0, 200)} ← ${frame.slice(0, 300)}`)
      } else if (answer.error !== undefined && account() !== before) {
        changed.push(frame.slice(0, 300))
      }
      const now = nativeTotal(server.platform.ledger.view('TESTNET'))
      expect(now <= total, `the native total grew from ${total} to ${now}: ${frame}`).toBe(true)
      total = now
    }
    expect(bad).toEqual([])
    expect(changed).toEqual([])
    expect(socket.socket.readyState).toBe(1)
  }, 60_000)
})

// simulate, ripple_path_find and path_find (issue 43 §2, §6) with hostile fields: rippled answers
// each with an error of its own (Simulate.cpp, PathRequest.cpp `parseJson`), never `internal`;
// nothing a simulation does is kept.
describe('simulate and path finding with hostile fields [rippled Simulate.cpp, PathRequest.cpp]', () => {
  it('never answer internal and change nothing', async () => {
    const [alice] = server.platform.users.list()
    const address = alice?.accounts[0]?.address ?? ''
    const anything = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.jsonValue({ maxDepth: 2 }),
    )
    const amount = fc.oneof(
      fc.constantFrom('-1', '0', '10', '1e3', '99999999999999999999'),
      fc.record({
        currency: fc.oneof(fc.constantFrom('USD', 'XRP', 'X'), anything),
        issuer: fc.oneof(fc.constant(address), anything),
        value: fc.oneof(fc.constantFrom('-1', '0', '1', '1e96', 'NaN'), anything),
      }),
      anything,
    )
    const txJson = fc.record(
      {
        TransactionType: fc.oneof(
          fc.constantFrom('Payment', 'AccountSet', 'Batch', 'Nope'),
          anything,
        ),
        Account: fc.oneof(fc.constant(address), anything),
        Destination: fc.oneof(fc.constant(address), anything),
        Amount: amount,
        Fee: anything,
        Sequence: anything,
        SigningPubKey: fc.oneof(fc.constantFrom('', '02AB'), anything),
        TxnSignature: fc.oneof(fc.constant(''), anything),
        Signers: anything,
        Paths: anything,
        Flags: anything,
      },
      { requiredKeys: [] },
    )
    const request = fc.record(
      {
        command: fc.constantFrom('simulate', 'ripple_path_find', 'path_find'),
        subcommand: fc.oneof(fc.constantFrom('create', 'status', 'close'), anything),
        tx_json: fc.oneof(txJson, anything),
        tx_blob: fc.oneof(fc.constantFrom('', '12', '1200'), anything),
        binary: anything,
        source_account: fc.oneof(fc.constant(address), anything),
        destination_account: fc.oneof(fc.constant(address), anything),
        destination_amount: amount,
        send_max: amount,
        source_currencies: anything,
      },
      { requiredKeys: ['command'] },
    )
    const frames = fc.sample(request, { numRuns: 2_000, seed: 43 })
    const socket = openInProcess(server.WebSocket, 'wss://fuzz.test/ledger/TESTNET')
    const account = () => JSON.stringify(server.platform.ledger.account('TESTNET', address))
    const before = account()
    const bad: string[] = []
    for (const frame of frames) {
      const answer = await socket.ask(frame)
      if (answer.type !== 'response' || answer.error === 'internal') {
        bad.push(`${JSON.stringify(answer).slice(0, 200)} ← ${JSON.stringify(frame).slice(0, 300)}`)
      }
    }
    expect(bad).toEqual([])
    expect(account()).toBe(before)
    expect(socket.socket.readyState).toBe(1)
  }, 60_000)
})

describe('submit_multisigned goes through the ledger’s own checks (rippled TransactionSign.cpp transactionSubmitMultiSigned)', () => {
  it.each([
    [
      'a single-signed tx_json',
      { TransactionType: 'AccountSet', Sequence: 1, Fee: '12', SigningPubKey: '02AB' },
      "When multi-signing 'tx_json.SigningPubKey' must be empty.",
    ],
    [
      'no Signers',
      { TransactionType: 'AccountSet', Sequence: 1, Fee: '12', SigningPubKey: '' },
      "Missing field 'tx_json.Signers'.",
    ],
    ['a tx_json that is not an object', 'AccountSet', "Invalid field 'tx_json', not object."],
  ])('%s: invalidParams naming the field, nothing submitted', async (_, tx_json, message) => {
    const socket = openInProcess(server.WebSocket, 'wss://fuzz.test/ledger/TESTNET')
    const answer = await socket.ask({ id: 1, command: 'submit_multisigned', tx_json })
    expect(answer).toMatchObject({
      error: 'invalidParams',
      error_message: message,
      status: 'error',
      type: 'response',
    })
  })
})

// DIDs, oracles and permissioned domains (issue 42 §2, §5 "the fuzz covers every new type"):
// generated transactions with hostile fields, signed and applied, and their reads. Each applies
// or is refused with a result code of rippled's (never an `INTERNAL` one, never a throw); the
// reads answer in rippled's envelope, never `internal`; the native total never grows.
describe('DID, oracle and permissioned domain transactions and reads with hostile fields (seed 42)', () => {
  const owner = testKey(91)
  const issuer = testKey(92)
  const ghost = testKey(93)
  const fuzzed = createReferenceServer({
    endpoints,
    clock,
    ledgerCloseMs: false,
    rateLimits: false,
  })
  afterAll(() => fuzzed.close())
  const ledger = fuzzed.platform.ledger
  for (const key of [owner, issuer]) ledger.fund(key.address, 10_000_000_000n, ['TESTNET'])

  const blob = (min: number, max: number) =>
    fc.oneof(
      fc.constant(''),
      fc
        .string({ unit: fc.constantFrom(...'0123456789ABCDEF'), minLength: min, maxLength: max })
        .map((h) => (h.length % 2 ? `${h}0` : h)),
    )
  const hex64 = fc.string({
    unit: fc.constantFrom(...'0123456789ABCDEF'),
    minLength: 64,
    maxLength: 64,
  })
  const optional = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: undefined })
  const currency = fc.constantFrom(
    'XRP',
    'USD',
    'EUR',
    'BTC',
    '0158415500000000C1F76FF6ECB0BAC600000000',
  )
  const now = () => Math.floor(clock.now() / 1000)
  const transactions = fc.oneof(
    fc.record({
      TransactionType: fc.constant('DIDSet'),
      URI: optional(blob(0, 600)),
      DIDDocument: optional(blob(0, 600)),
      Data: optional(blob(0, 600)),
    }),
    fc.record({ TransactionType: fc.constant('DIDDelete') }),
    fc.record({
      TransactionType: fc.constant('OracleSet'),
      OracleDocumentID: fc.integer({ min: 0, max: 3 }),
      LastUpdateTime: fc.oneof(
        fc.integer({ min: -400, max: 400 }).map((d) => now() + d),
        fc.nat(),
      ),
      Provider: optional(fc.oneof(fc.constant('70726F7669646572'), blob(0, 600))),
      AssetClass: optional(fc.oneof(fc.constant('63757272656E6379'), blob(0, 40))),
      URI: optional(blob(0, 600)),
      PriceDataSeries: fc.uniqueArray(
        fc.record({
          PriceData: fc.record(
            {
              BaseAsset: currency,
              QuoteAsset: currency,
              AssetPrice: fc.string({
                unit: fc.constantFrom(...'0123456789abcdef'),
                minLength: 1,
                maxLength: 16,
              }),
              Scale: fc.integer({ min: 0, max: 22 }),
            },
            { requiredKeys: ['BaseAsset', 'QuoteAsset'] },
          ),
        }),
        { maxLength: 12, selector: ({ PriceData: p }) => `${p.BaseAsset}/${p.QuoteAsset}` },
      ),
    }),
    fc.record({
      TransactionType: fc.constant('OracleDelete'),
      OracleDocumentID: fc.integer({ min: 0, max: 3 }),
    }),
    fc.record(
      {
        TransactionType: fc.constant('PermissionedDomainSet'),
        DomainID: fc.oneof(fc.constant('0'.repeat(64)), hex64),
        AcceptedCredentials: fc.array(
          fc.record({
            Credential: fc.record({
              Issuer: fc.constantFrom(issuer.address, ghost.address, 'rrrrrrrrrrrrrrrrrrrrrhoLvTp'),
              CredentialType: blob(0, 140),
            }),
          }),
          { maxLength: 12 },
        ),
      },
      { requiredKeys: ['TransactionType', 'AcceptedCredentials'] },
    ),
    fc.record({
      TransactionType: fc.constant('PermissionedDomainDelete'),
      DomainID: fc.oneof(fc.constant('0'.repeat(64)), hex64),
    }),
  )
  const reads = fc.oneof(
    fc.record(
      {
        command: fc.constant('get_aggregate_price'),
        base_asset: fc.oneof(currency, fc.jsonValue({ maxDepth: 1 })),
        quote_asset: fc.oneof(currency, fc.jsonValue({ maxDepth: 1 })),
        trim: fc.oneof(fc.integer({ min: -2, max: 30 }), fc.jsonValue({ maxDepth: 1 })),
        time_threshold: fc.oneof(fc.integer({ min: -2, max: 1000 }), fc.jsonValue({ maxDepth: 1 })),
        oracles: fc.oneof(
          fc.array(
            fc.record(
              {
                account: fc.oneof(fc.constant(owner.address), fc.jsonValue({ maxDepth: 1 })),
                oracle_document_id: fc.oneof(
                  fc.integer({ min: -1, max: 4 }),
                  fc.jsonValue({ maxDepth: 1 }),
                ),
              },
              { requiredKeys: [] },
            ),
            { maxLength: 5 },
          ),
          fc.jsonValue({ maxDepth: 2 }),
        ),
      },
      { requiredKeys: ['command'] },
    ),
    fc.record({
      command: fc.constant('ledger_entry'),
      did: fc.oneof(fc.constant(owner.address), fc.jsonValue({ maxDepth: 2 })),
    }),
    fc.record({
      command: fc.constant('ledger_entry'),
      oracle: fc.oneof(
        fc.record({
          account: fc.constant(owner.address),
          oracle_document_id: fc.jsonValue({ maxDepth: 1 }),
        }),
        fc.jsonValue({ maxDepth: 2 }),
      ),
    }),
    fc.record({
      command: fc.constant('ledger_entry'),
      permissioned_domain: fc.oneof(
        fc.record({ account: fc.jsonValue({ maxDepth: 1 }), seq: fc.jsonValue({ maxDepth: 1 }) }),
        fc.jsonValue({ maxDepth: 2 }),
      ),
    }),
    fc.record({
      command: fc.constant('account_objects'),
      account: fc.constant(owner.address),
      type: fc.constantFrom('did', 'oracle', 'permissioned_domain'),
    }),
  )

  it('each transaction gets a result code, never an internal one; each read rippled’s envelope', async () => {
    const store = () => ledger.view('TESTNET') as ObjectStore
    const drops = () =>
      [...store().objects()]
        .filter((object) => object.LedgerEntryType === 'AccountRoot')
        .reduce((sum, object) => sum + BigInt(String(object.Balance)), 0n)
    const socket = openInProcess(fuzzed.WebSocket, 'wss://fuzz.test/ledger/TESTNET')
    const bad: string[] = []
    let total = drops()
    const applied = new Set<string>()
    const txs = fc.sample(transactions, { numRuns: 600, seed: 42 })
    for (const [i, fields] of txs.entries()) {
      const tx = {
        Account: owner.address,
        Fee: '12',
        Sequence: ledger.account('TESTNET', owner.address)?.sequence,
        // A plain JSON copy: fast-check's records may have no prototype, which the codec needs.
        ...(JSON.parse(JSON.stringify(fields)) as Record<string, unknown>),
      }
      let signed: string
      try {
        signed = signTx(tx, owner)
      } catch {
        continue // a field the binary codec cannot write: no blob to submit
      }
      const { engine_result } = ledger.submit('TESTNET', signed)
      if (engine_result === 'tesSUCCESS') applied.add(fields.TransactionType)
      if (
        !/^(tes|tec|tem|tef|ter|tel)[A-Z_]+$/.test(engine_result) ||
        /INTERNAL|EXCEPTION/.test(engine_result)
      ) {
        bad.push(`${engine_result} ← ${JSON.stringify(fields).slice(0, 300)}`)
      }
      if (i % 25 === 24) {
        clock.advance(10)
        ledger.close('TESTNET')
      }
      const now = drops()
      expect(now <= total, `the native total grew: ${JSON.stringify(fields)}`).toBe(true)
      total = now
    }
    for (const frame of fc.sample(reads, { numRuns: 600, seed: 42 })) {
      const answer = await socket.ask(JSON.stringify(frame))
      if ((answer.type !== 'response' && answer.type !== 'error') || answer.error === 'internal') {
        bad.push(`${JSON.stringify(answer).slice(0, 200)} ← ${JSON.stringify(frame).slice(0, 300)}`)
      }
    }
    expect(bad).toEqual([])
    // The sample reaches the rules' effects, not only their refusals.
    expect([...applied].sort()).toEqual(['DIDDelete', 'DIDSet', 'OracleDelete', 'OracleSet'])
    expect(socket.socket.readyState).toBe(1)
  }, 60_000)
})

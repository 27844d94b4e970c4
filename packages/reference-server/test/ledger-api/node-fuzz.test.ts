import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { nodeFrames } from '../../bench/fuzz-requests'
import { createReferenceServer } from '../../src'
import type { ObjectStore } from '../../src/ledger/state/object-store'
import { createClock } from '../../src/platform'
import { openInProcess } from '../ws/in-process-probe'

// The node part of bench/fuzz.ts (issue 43 §6) on its seed and frame count (31, 5,000): generated rippled requests, raw
// text and JSON values on one socket. rippled answers a hostile frame with an error of its own
// (`invalidParams`, `actMalformed`…), never `internal`; an error leaves the ledger as it was, the
// socket stays open and the native total never grows. Frames 2829 and 2899 of this seed are the
// submit_multisigned ones that answered `internal` before (a tx_json the codec encodes without an
// Account or Signers, submitted as it was).
const FRAMES = 5_000
const endpoints = {
  api: 'https://fuzz.test',
  oauth: 'https://fuzz.test/oauth',
  links: 'https://fuzz.test',
}
const clock = createClock({ start: Date.parse('2026-01-01T00:00:00Z'), manual: true })
const server = createReferenceServer({ endpoints, clock, ledgerCloseMs: false, rateLimits: false })
afterAll(() => server.close())

// Every drop the ledger holds: accounts, escrows and what channels have left (InvariantCheck.cpp
// XRPNotCreated).
function nativeTotal(): bigint {
  const store = server.platform.ledger.view('TESTNET') as ObjectStore
  let total = 0n
  for (const object of store.objects()) {
    if (object.LedgerEntryType === 'AccountRoot') total += BigInt(String(object.Balance))
    if (object.LedgerEntryType === 'Escrow') total += BigInt(String(object.Amount))
    if (object.LedgerEntryType === 'PayChannel') {
      total += BigInt(String(object.Amount)) - BigInt(String(object.Balance))
    }
  }
  return total
}

describe('ledger node frames with hostile fields (bench/fuzz.ts, seed 31)', () => {
  it('answers each in rippled’s envelope, never internal; errors change nothing; the native total never grows', async () => {
    const [alice] = server.platform.users.list()
    const address = alice?.accounts[0]?.address ?? ''
    const account = () => JSON.stringify(server.platform.ledger.account('TESTNET', address))
    const frames = fc.sample(nodeFrames([address]), { numRuns: FRAMES, seed: 31 })
    const socket = openInProcess(server.WebSocket, 'wss://fuzz.test/ledger/TESTNET')
    const bad: string[] = []
    const changed: string[] = []
    let total = nativeTotal()
    for (const frame of frames) {
      const before = account()
      const answer = await socket.ask(frame)
      if ((answer.type !== 'response' && answer.type !== 'error') || answer.error === 'internal') {
        bad.push(`${JSON.stringify(answer).slice(0, 200)} ← ${frame.slice(0, 300)}`)
      } else if (answer.error !== undefined && account() !== before) {
        changed.push(frame.slice(0, 300))
      }
      const now = nativeTotal()
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

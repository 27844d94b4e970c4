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

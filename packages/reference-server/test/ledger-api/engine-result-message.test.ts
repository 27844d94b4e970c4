import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Client, Wallet } from 'xrpl'
import type { ReferenceServer } from '../../src'
import { engineResultMessage } from '../../src/ledger-api/engine-result-messages'
import { startNode } from './start-node'

const SOURCE = join(import.meta.dirname, '../../src')
const RESULT_CODE = /\b(?:tes|tec|tef|tel|tem|ter)[A-Z][A-Z0-9_]+\b/g

// Every engine result the node can answer: each code the ledger, its node and the wallet name.
const nodeCodes = () => {
  const codes = new Set<string>()
  for (const folder of ['ledger', 'ledger-api', 'wallet']) {
    for (const file of readdirSync(join(SOURCE, folder), { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || file.endsWith('engine-result-messages.ts')) continue
      const text = readFileSync(join(SOURCE, folder, file), 'utf8')
      for (const [code] of text.matchAll(RESULT_CODE)) codes.add(code)
    }
  }
  return [...codes].sort()
}

describe('engine_result_message is rippled’s text of the code [rippled TER.cpp transResults]', () => {
  it('every code the node can answer has its message', () => {
    const codes = nodeCodes()
    // The scan finds the rules' codes (a sanity floor: the ledger's rules name about a hundred).
    expect(codes.length).toBeGreaterThan(90)
    expect(codes.filter((code) => engineResultMessage(code) === '-')).toEqual([])
  })

  it.each([
    ['tesSUCCESS', 'The transaction was applied. Only final in a validated ledger.'],
    ['tecEXPIRED', 'Expiration time is passed.'],
    ['tefPAST_SEQ', 'This sequence number has already passed.'],
    ['temBAD_TRANSFER_RATE', 'Malformed: Transfer rate must be >= 1.0 and <= 2.0'],
    ['telINSUF_FEE_P', 'Fee insufficient.'],
    ['terPRE_SEQ', 'Missing/inapplicable prior transaction.'],
  ])('%s: %s', (code, message) => {
    expect(engineResultMessage(code)).toBe(message)
  })

  it('a code rippled does not know is "-" (transHuman)', () => {
    expect(engineResultMessage('tecNOT_A_CODE')).toBe('-')
    expect(engineResultMessage('toString')).toBe('-')
  })
})

describe('the node answers it (xrpl.js)', () => {
  let server: ReferenceServer
  let client: Client
  const alice = Wallet.generate()
  const bob = Wallet.generate()

  beforeAll(async () => {
    ;({ server, client } = await startNode([alice.classicAddress], 100_000_000n))
  })
  afterAll(async () => {
    await client?.disconnect()
    await server?.close()
  })

  it('submit: a success and a refusal each carry the text of their code', async () => {
    const payment = await client.autofill({
      TransactionType: 'Payment',
      Account: alice.classicAddress,
      Destination: bob.classicAddress,
      Amount: '20000000',
    })
    const stream: Record<string, unknown>[] = []
    client.on('transaction', (message) => stream.push(message as never))
    await client.request({ command: 'subscribe', streams: ['transactions'] })
    const applied = await client.submit(payment, { wallet: alice })
    expect(applied.result).toMatchObject({
      engine_result: 'tesSUCCESS',
      engine_result_code: 0,
      engine_result_message: 'The transaction was applied. Only final in a validated ledger.',
    })
    // The same Sequence again: rippled refuses it before it reaches a ledger.
    const again = await client.submit({ ...payment, Amount: '1' }, { wallet: alice })
    expect(again.result).toMatchObject({
      engine_result: 'tefPAST_SEQ',
      engine_result_message: 'This sequence number has already passed.',
    })
    await client.request({ command: 'ledger_accept' } as never)
    await client.request({ command: 'ping' })
    expect(stream).toHaveLength(1)
    expect(stream[0]).toMatchObject({
      engine_result: 'tesSUCCESS',
      engine_result_message: 'The transaction was applied. Only final in a validated ledger.',
    })
  })
})

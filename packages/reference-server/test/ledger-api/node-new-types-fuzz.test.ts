import { describe, expect, it, vi } from 'vitest'
import {
  type FuzzNetwork,
  fuzzedTypes,
  fuzzTransactions,
  type TransactionFuzzHost,
} from '../../bench/fuzz-transactions'
import { openInProcess } from '../ws/in-process-probe'
import { fuzzServer } from './fuzz-server'

// The node fuzz's transactions of issue 42's types (bench/fuzz-transactions.ts, run by
// bench/fuzz.ts on its own seeds): MPT (its four types and MPT payments), Clawback, Credentials,
// Permissioned Domains, DID and Oracle on TESTNET; URITokens, Remit, ClaimReward, SetRemarks and
// Clawback on XAHAU. Generated fields, flags and amounts, signed with the definitions the node
// serves and submitted over its socket: never `internal`, never an exception or invariant result
// (rippled and xahaud InvariantCheck.cpp), and the native total never grows (XRPNotCreated).
const COUNT = 300
const { server } = fuzzServer()
const sockets = {
  TESTNET: openInProcess(server.WebSocket, 'wss://fuzz.test/ledger/TESTNET'),
  XAHAU: openInProcess(server.WebSocket, 'wss://fuzz.test/ledger/XAHAU'),
}
const host: TransactionFuzzHost = {
  ledger: server.platform.ledger as unknown as TransactionFuzzHost['ledger'],
  ask: (network, frame) => sockets[network].ask(frame),
}

describe('issue 42’s types with generated fields over the node [rippled and xahaud InvariantCheck.cpp]', () => {
  it.each([
    ['TESTNET', 42],
    ['XAHAU', 43],
  ] as const)(
    '%s: never internal, no exception or invariant result, no native created',
    async (network: FuzzNetwork, seed) => {
      // The node logs what it refuses at its own limit (ClaimReward's genesis reward).
      vi.spyOn(console, 'warn').mockImplementation(() => {})
      const outcome = await fuzzTransactions(host, network, { count: COUNT, seed })
      expect(outcome.bad).toEqual([])
      expect(outcome.nativeCreated).toEqual([])
      // The sample reaches the rules of every type, not only the codec: most are submitted and
      // some apply.
      expect(outcome.submitted).toBeGreaterThan(COUNT / 2)
      for (const type of fuzzedTypes(network))
        expect(outcome.types.get(type), type).toBeGreaterThan(3)
      expect(outcome.results.get('tesSUCCESS') ?? 0).toBeGreaterThan(5)
      expect(sockets[network].socket.readyState).toBe(1)
    },
    120_000,
  )
})

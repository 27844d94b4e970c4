import type { NetworkKey } from 'pullsign/wire'
import { decode, encode, encodeForSigning } from 'ripple-binary-codec'
import { ledgerTransactionId } from '../src/ledger/codec/transaction-id'
import { sign, verify } from '../src/ledger/signatures/keypair-signatures'
import { builtServer } from './bench-fixtures'
import type { BenchLine } from './bench-report'
import { settledMemory } from './gc-process'

/**
 * Seconds of CPU this process has used: printed next to wall time, because on a shared machine
 * the others' load moves the wall time much more than the CPU time.
 *
 * @example
 * ```ts
 * const cpu = cpuSeconds()
 * work()
 * const used = cpuSeconds() - cpu
 * ```
 */
export function cpuSeconds(): number {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1e6
}

/**
 * Heap in use once the collector has nothing more to free (the heap as it was when `--expose-gc`
 * is missing, as when a bench runs without run.ts).
 *
 * @example
 * ```ts
 * const before = heapAfterGc()
 * ```
 */
export function heapAfterGc(): number {
  const { gc } = globalThis as { gc?: () => void }
  return gc ? settledMemory(gc).heapUsed : process.memoryUsage().heapUsed
}

/**
 * The baseline of every ledger bench: decoding the same blobs and verifying their signatures,
 * the work a submit does before the rules: wall and CPU seconds.
 *
 * @example
 * ```ts
 * const verifying = verifyTimed(blobs)
 * const verifyPerSecond = blobs.length / verifying.wall
 * ```
 */
export function verifyTimed(blobs: readonly string[]): { wall: number; cpu: number } {
  const start = performance.now()
  const cpu = cpuSeconds()
  for (const blob of blobs) {
    const { TxnSignature, ...tx } = decode(blob)
    if (!verify(encodeForSigning(tx), String(TxnSignature), String(tx.SigningPubKey))) {
      throw new Error('signature does not verify')
    }
  }
  return { wall: (performance.now() - start) / 1000, cpu: cpuSeconds() - cpu }
}

/**
 * The baseline a ledger bench's wall rate is printed beside.
 *
 * @example
 * ```ts
 * baseline: verifyBaseline(blobs.length / verifyTimed(blobs).wall)
 * ```
 */
export function verifyBaseline(value: number): NonNullable<BenchLine['baseline']> {
  return { name: 'decode + verify of the same blobs alone', value, unit: '/s' }
}

/**
 * An unjudged line: a rate per second of CPU time, for the reader, beside the judged wall rate;
 * with the same per CPU-second of decode + verify as its baseline when given.
 *
 * @example
 * ```ts
 * cpuRateLine('the same per second of CPU time', 'offers/CPU-s', count / timing.cpu)
 * ```
 */
export function cpuRateLine(
  name: string,
  unit: string,
  value: number,
  verifying?: { value: number; unit: string },
): BenchLine {
  const baseline = verifying && { name: 'decode + verify per second of CPU time', ...verifying }
  return { name, value, unit, baseline: baseline ?? null, goal: null }
}

/**
 * The built reference server with no rate limits and no timed closes, and what a ledger bench
 * does on one network: accounts, pre-signed blobs, submits that must succeed, and timed runs of
 * them with a ledger closed every 1,000, and the node's JSON-RPC methods in-process (`rpc`).
 *
 * @example
 * ```ts
 * const { server, keyOf, signed, timed } = await ledgerBench('TESTNET')
 * const alice = keyOf('Alice', 1_000_000_000n)
 * const { wall, cpu } = timed([signed(alice, { TransactionType: 'AccountSet' })])
 * await server.close()
 * ```
 */
export async function ledgerBench(
  network: NetworkKey,
  { ledgerHistory }: { ledgerHistory?: number } = {},
) {
  const createReferenceServer = await builtServer()
  const server = createReferenceServer({
    rateLimits: false,
    ledgerCloseMs: false,
    ...(ledgerHistory === undefined ? {} : { ledgerHistory }),
  })
  const { platform } = server
  const { ledger } = platform

  // A user with one account, given `drops` more on the bench's network.
  const accountOf = (name: string, drops?: bigint) => {
    const user = platform.users.create({ name, accounts: 1 })
    const key = user.accounts[0]
    if (!key) throw new Error(`${name} has no account`)
    if (drops !== undefined) ledger.fund(key.address, drops, [network])
    return { user, key }
  }
  type Key = ReturnType<typeof accountOf>['key']
  const sequenceOf = (address: string) => ledger.account(network, address)?.sequence ?? 0
  // The next sequence of an account whose transactions are signed ahead of their submission.
  const sequences = new Map<string, number>()
  const nextSequence = (key: Key) => {
    const sequence = sequences.get(key.address) ?? sequenceOf(key.address)
    sequences.set(key.address, sequence + 1)
    return sequence
  }

  // `sequence` defaults to the account's next one on the ledger (for setup, one at a time).
  const signed = (key: Key, fields: Record<string, unknown>, sequence?: number) => {
    const tx = {
      Account: key.address,
      Fee: '12',
      Sequence: sequence ?? sequenceOf(key.address),
      SigningPubKey: key.publicKey,
      ...fields,
    }
    return encode({ ...tx, TxnSignature: sign(encodeForSigning(tx), key.privateKey) })
  }
  const submit = (blob: string) => {
    const { engine_result } = ledger.submit(network, blob)
    if (engine_result !== 'tesSUCCESS') throw new Error(`submit answered ${engine_result}`)
  }
  // `validated`: the last ones are closed too, so every blob is in a validated ledger at the end.
  const timed = (blobs: readonly string[], { validated = false } = {}) => {
    const start = performance.now()
    const cpu = cpuSeconds()
    for (const [index, blob] of blobs.entries()) {
      submit(blob)
      if (index % 1000 === 999) ledger.close(network)
    }
    if (validated && blobs.length % 1000 !== 0) ledger.close(network)
    return { wall: (performance.now() - start) / 1000, cpu: cpuSeconds() - cpu }
  }
  // How many of the blobs are in a validated ledger with tesSUCCESS (after `timed`, untimed; a
  // bench that counts more than 1,000 raises `ledgerHistory` so they are all remembered).
  const validatedCount = (blobs: readonly string[]) =>
    blobs.filter((blob) => {
      const found = ledger.transaction(ledgerTransactionId(blob), network)
      return (
        found?.transaction.validated && found.transaction.meta.TransactionResult === 'tesSUCCESS'
      )
    }).length
  // The node's JSON-RPC (`POST /ledger/{network}`) through the server's fetch handler, in-process:
  // the method's result, or the error it answered thrown.
  const rpcUrl = `${server.endpoints.api}/ledger/${network}`
  const rpc = async (method: string, params: Record<string, unknown>) => {
    const body = JSON.stringify({ method, params: [params] })
    const answer = await server.handler(new Request(rpcUrl, { method: 'POST', body }))
    const { result } = (await answer.json()) as { result: Record<string, unknown> }
    if (result.status !== 'success') throw new Error(`${method} answered ${JSON.stringify(result)}`)
    return result
  }

  return {
    network,
    server,
    platform,
    ledger,
    accountOf,
    keyOf: (name: string, drops?: bigint) => accountOf(name, drops).key,
    sequenceOf,
    nextSequence,
    signed,
    submit,
    timed,
    validatedCount,
    rpc,
  }
}

/** What {@link ledgerBench} gives a bench. */
export type LedgerBench = Awaited<ReturnType<typeof ledgerBench>>

/** An account of a ledger bench, as `keyOf` gives it. */
export type BenchKey = ReturnType<LedgerBench['keyOf']>

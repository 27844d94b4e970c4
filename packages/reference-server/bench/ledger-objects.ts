import { decode, encode, encodeForSigning } from 'ripple-binary-codec'
import type { Platform } from '../src/create-platform'
import { sign, verify } from '../src/ledger/signatures/keypair-signatures'
import { checkIndex } from '../src/ledger/state/keylets'
import { builtServer } from './bench-fixtures'
import { quick, report } from './bench-report'

// docs/protocol.md §8.7 on one network: escrow create + finish pairs and check create + cash
// pairs applied per second by the simulated ledger (decode, signature check, the rules' three
// steps, owner directories, metadata), goal ≥ 1,000 pairs/s each. Escrows are time-held: the
// creates go in, the clock moves past `FinishAfter` and a ledger closes, then the finishes.
const NETWORK = 'TESTNET'
const PAIRS = quick ? 100 : 5_000
const RIPPLE_EPOCH_S = 946_684_800

const createReferenceServer = await builtServer()
const server = createReferenceServer({ rateLimits: false, ledgerCloseMs: false })
const platform: Platform = server.platform
const { ledger } = platform

const keyOf = (name: string) => {
  const user = platform.users.create({ name, accounts: 1, balances: { [NETWORK]: '90000000000' } })
  const key = user.accounts[0]
  if (!key) throw new Error(`${name} has no account`)
  return key
}
type Key = ReturnType<typeof keyOf>

const signed = (key: Key, fields: Record<string, unknown>, sequence: number) => {
  const tx = {
    Account: key.address,
    Fee: '12',
    Sequence: sequence,
    SigningPubKey: key.publicKey,
    ...fields,
  }
  return encode({ ...tx, TxnSignature: sign(encodeForSigning(tx), key.privateKey) })
}
const submit = (blob: string) => {
  const { engine_result } = ledger.submit(NETWORK, blob)
  if (engine_result !== 'tesSUCCESS') throw new Error(`the bench answered ${engine_result}`)
}

const owner = keyOf('Bench escrow owner')
const receiver = keyOf('Bench escrow receiver')
const sequenceOf = (key: Key) => ledger.account(NETWORK, key.address)?.sequence ?? 0

// Submits `blobs`, closing a ledger every 1,000: wall seconds and CPU seconds.
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1e6
}
const timed = (blobs: string[]) => {
  const start = performance.now()
  const cpu = cpuSeconds()
  for (const [index, blob] of blobs.entries()) {
    submit(blob)
    if (index % 1000 === 999) ledger.close(NETWORK)
  }
  return { wall: (performance.now() - start) / 1000, cpu: cpuSeconds() - cpu }
}

// Escrows: FinishAfter one minute ahead; each finished by the receiver.
const finishAfter = Math.floor(server.clock.now() / 1000) - RIPPLE_EPOCH_S + 60
const ownerStart = sequenceOf(owner)
const creates = Array.from({ length: PAIRS }, (_, i) =>
  signed(
    owner,
    {
      TransactionType: 'EscrowCreate',
      Destination: receiver.address,
      Amount: '1000',
      FinishAfter: finishAfter,
    },
    ownerStart + i,
  ),
)
const receiverStart = sequenceOf(receiver)
const finishes = Array.from({ length: PAIRS }, (_, i) =>
  signed(
    receiver,
    { TransactionType: 'EscrowFinish', Owner: owner.address, OfferSequence: ownerStart + i },
    receiverStart + i,
  ),
)
const escrowCreate = timed(creates)
ledger.close(NETWORK)
server.clock.advance(120)
ledger.close(NETWORK)
const escrowFinish = timed(finishes)
const escrowPairs = PAIRS / (escrowCreate.wall + escrowFinish.wall)
const escrowPairsCpu = PAIRS / (escrowCreate.cpu + escrowFinish.cpu)

// Checks: the owner writes 1,000-drop checks, the receiver cashes each for its Amount.
const checkStart = sequenceOf(owner)
const checkCreates = Array.from({ length: PAIRS }, (_, i) =>
  signed(
    owner,
    { TransactionType: 'CheckCreate', Destination: receiver.address, SendMax: '1000' },
    checkStart + i,
  ),
)
const cashStart = sequenceOf(receiver)
const checkIds = checkCreates.map((_, i) => checkIndex(owner.address, checkStart + i))
const cashes = checkIds.map((CheckID, i) =>
  signed(receiver, { TransactionType: 'CheckCash', CheckID, Amount: '1000' }, cashStart + i),
)
const checkCreate = timed(checkCreates)
const checkCash = timed(cashes)
const checkPairs = PAIRS / (checkCreate.wall + checkCash.wall)
const checkPairsCpu = PAIRS / (checkCreate.cpu + checkCash.cpu)

// Baseline: decoding and verifying the same blobs alone.
const all = [...creates, ...finishes]
const start = performance.now()
const verifyCpu = cpuSeconds()
for (const blob of all) {
  const { TxnSignature, ...tx } = decode(blob)
  if (!verify(encodeForSigning(tx), String(TxnSignature), String(tx.SigningPubKey))) {
    throw new Error('signature does not verify')
  }
}
const verifyPairs = PAIRS / ((performance.now() - start) / 1000)
const verifyPairsCpu = PAIRS / (cpuSeconds() - verifyCpu)

await server.close()

report('ledger-objects', [
  {
    name: `escrow create + finish pairs (time-held, FinishAfter passed), one network, ${PAIRS} pairs`,
    value: escrowPairs,
    unit: 'pairs/s',
    baseline: {
      name: 'decode + verify of the same two blobs alone',
      value: verifyPairs,
      unit: 'pairs/s',
    },
    goal: { judged: 'value', atLeast: 1000 },
  },
  {
    name: `check create + cash pairs (native, cashed for Amount), one network, ${PAIRS} pairs`,
    value: checkPairs,
    unit: 'pairs/s',
    baseline: { name: 'decode + verify of two blobs alone', value: verifyPairs, unit: 'pairs/s' },
    goal: { judged: 'value', atLeast: 1000 },
  },
  {
    name: 'escrow pairs per second of CPU time (process.cpuUsage), for the reader',
    value: escrowPairsCpu,
    unit: 'pairs/CPU-s',
    baseline: {
      name: 'decode + verify per second of CPU time',
      value: verifyPairsCpu,
      unit: 'pairs/CPU-s',
    },
    goal: null,
  },
  {
    name: 'check pairs per second of CPU time, for the reader',
    value: checkPairsCpu,
    unit: 'pairs/CPU-s',
    baseline: {
      name: 'decode + verify per second of CPU time',
      value: verifyPairsCpu,
      unit: 'pairs/CPU-s',
    },
    goal: null,
  },
])

import { checkIndex } from '../src/ledger/state/keylets'
import { quick, report } from './bench-report'
import { cpuRateLine, ledgerBench, verifyTimed } from './ledger-bench-setup'

// docs/protocol.md §8.7 on one network: escrow create + finish pairs and check create + cash
// pairs applied per second by the simulated ledger (decode, signature check, the rules' three
// steps, owner directories, metadata), goal ≥ 1,000 pairs/s each. Escrows are time-held: the
// creates go in, the clock moves past `FinishAfter` and a ledger closes, then the finishes.
const NETWORK = 'TESTNET'
const PAIRS = quick ? 100 : 5_000
const RIPPLE_EPOCH_S = 946_684_800

const { server, ledger, keyOf, sequenceOf, signed, timed } = await ledgerBench(NETWORK)
const owner = keyOf('Bench escrow owner', 90_000_000_000n)
const receiver = keyOf('Bench escrow receiver', 90_000_000_000n)

// Escrows: FinishAfter one minute ahead; each finished by the receiver.
const finishAfter = Math.floor(server.clock.now() / 1000) - RIPPLE_EPOCH_S + 60
const ownerStart = sequenceOf(owner.address)
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
const receiverStart = sequenceOf(receiver.address)
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
const checkStart = sequenceOf(owner.address)
const checkCreates = Array.from({ length: PAIRS }, (_, i) =>
  signed(
    owner,
    { TransactionType: 'CheckCreate', Destination: receiver.address, SendMax: '1000' },
    checkStart + i,
  ),
)
const cashStart = sequenceOf(receiver.address)
const checkIds = checkCreates.map((_, i) => checkIndex(owner.address, checkStart + i))
const cashes = checkIds.map((CheckID, i) =>
  signed(receiver, { TransactionType: 'CheckCash', CheckID, Amount: '1000' }, cashStart + i),
)
const checkCreate = timed(checkCreates)
const checkCash = timed(cashes)
const checkPairs = PAIRS / (checkCreate.wall + checkCash.wall)
const checkPairsCpu = PAIRS / (checkCreate.cpu + checkCash.cpu)

// Baseline: decoding and verifying the same blobs alone.
const verifying = verifyTimed([...creates, ...finishes])
const verifyPairs = PAIRS / verifying.wall
const verifyPairsCpu = PAIRS / verifying.cpu

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
  cpuRateLine(
    'escrow pairs per second of CPU time (process.cpuUsage), for the reader',
    'pairs/CPU-s',
    escrowPairsCpu,
    { value: verifyPairsCpu, unit: 'pairs/CPU-s' },
  ),
  cpuRateLine('check pairs per second of CPU time, for the reader', 'pairs/CPU-s', checkPairsCpu, {
    value: verifyPairsCpu,
    unit: 'pairs/CPU-s',
  }),
])

import { createPlatform } from '../src/create-platform'
import { bobAddress } from './bench-fixtures'
import { quick, report } from './bench-report'
import { ensureGc, settledMemory } from './gc-process'

// memory per stored payload ≤ 3 KB, and a retention setting that keeps a long-running
// server bounded.
const gc = ensureGc()
const PAYLOADS = quick ? 500 : 20_000

const platform = createPlatform({ rateLimits: false, ledgerCloseMs: false })
const [app] = platform.applications.list()
if (!app) throw new Error('the demo fixtures should hold an application')
const destination = bobAddress(platform)

// A typical request: a payment with an identifier, an instruction, a small blob and a return URL.
const body = (i: number) => ({
  txjson: { TransactionType: 'Payment', Destination: destination, Amount: String(1_000_000 + i) },
  options: { expire: 60, return_url: { web: 'https://shop.example/orders/{cid}?tx={txid}' } },
  custom_meta: {
    identifier: `order-${i}`,
    instruction: `Pay for order ${i}`,
    blob: { order: i, items: 3 },
  },
})

// Baseline, same run: the least a store could keep, the parsed request bodies in a Map.
const bareBefore = settledMemory(gc)
const bare = new Map<string, unknown>()
for (let i = 0; i < PAYLOADS; i++)
  bare.set(crypto.randomUUID(), JSON.parse(JSON.stringify(body(i))))
const bareAfter = settledMemory(gc)
const barePerPayload = (bareAfter.heapUsed - bareBefore.heapUsed) / PAYLOADS
bare.clear()

const before = settledMemory(gc)
for (let i = 0; i < PAYLOADS; i++)
  platform.payloads.create(app, JSON.parse(JSON.stringify(body(i))))
const after = settledMemory(gc)
const perPayload = (after.heapUsed - before.heapUsed) / PAYLOADS
if (platform.payloads.size !== PAYLOADS) throw new Error(`stored ${platform.payloads.size}`)

// Resolved payloads keep the wallet's outcome too (signature blob, txid, node, user token); the
// ledger keeps the transaction itself, which is not the payload store's and is measured apart.
const SIGNED = quick ? 20 : 2_000
const WARM_UP = quick ? 5 : 200
const [alice] = platform.users.list()
if (!alice) throw new Error('the demo fixtures should hold Alice')
const signedUuids = Array.from(
  { length: WARM_UP + SIGNED },
  (_, i) => platform.payloads.create(app, JSON.parse(JSON.stringify(body(PAYLOADS + i)))).uuid,
)
// Signing compiles code (JIT) once; signing some first keeps that out of the per-payload number.
for (const uuid of signedUuids.splice(0, WARM_UP))
  await platform.wallet.sign(uuid, { user: alice.uuid })
const beforeSigning = settledMemory(gc)
for (const uuid of signedUuids) await platform.wallet.sign(uuid, { user: alice.uuid })
const afterSigning = settledMemory(gc)
// Dropping the ledger's transactions leaves what the signatures added to the payloads themselves.
platform.ledger.reset()
const withoutLedger = settledMemory(gc)
const perOutcome = (withoutLedger.heapUsed - beforeSigning.heapUsed) / SIGNED
const perLedgerTx = (afterSigning.heapUsed - withoutLedger.heapUsed) / SIGNED
platform.dispose()

// Retention: a server that creates and resolves payloads for ever stays at its maximum.
const MAX = quick ? 50 : 1_000
const bounded = createPlatform({
  rateLimits: false,
  ledgerCloseMs: false,
  retention: { maxPayloads: MAX },
})
const [boundedApp] = bounded.applications.list()
if (!boundedApp) throw new Error('no demo application')
const churn = (count: number, offset: number) => {
  for (let i = 0; i < count; i++) {
    const { uuid } = bounded.payloads.create(
      boundedApp,
      JSON.parse(JSON.stringify(body(offset + i))),
    )
    bounded.wallet.reject(uuid, { user: alice.uuid })
  }
}
churn(MAX * 2, 0)
const atCap = settledMemory(gc)
churn(PAYLOADS, MAX * 2)
const afterChurn = settledMemory(gc)
const kept = bounded.payloads.size
bounded.dispose()

report('payload-memory', [
  {
    name: `heap per stored payload, ${PAYLOADS.toLocaleString('en-US')} payment payloads`,
    value: perPayload / 1024,
    unit: 'KB',
    baseline: { name: 'parsed request bodies in a Map', value: barePerPayload / 1024, unit: 'KB' },
    goal: { judged: 'value', atMost: 3 },
  },
  {
    name: `heap per stored payload once signed (its outcome: blob, txid, node), ${SIGNED} payloads`,
    value: (perPayload + perOutcome) / 1024,
    unit: 'KB',
    baseline: null,
    goal: { judged: 'value', atMost: 3 },
  },
  {
    name: 'heap the ledger keeps per submitted payment (not the payload store; gone on ledger reset)',
    value: perLedgerTx / 1024,
    unit: 'KB',
    baseline: null,
    goal: null,
  },
  {
    name: `payloads kept after ${PAYLOADS.toLocaleString('en-US')} more were created and rejected with retention.maxPayloads ${MAX} (heap ${((afterChurn.heapUsed - atCap.heapUsed) / 1024 / 1024).toFixed(2)} MB vs at the cap)`,
    value: kept,
    unit: 'payloads',
    baseline: null,
    goal: { judged: 'value', atMost: MAX },
  },
])

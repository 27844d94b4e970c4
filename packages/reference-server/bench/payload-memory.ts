import { createPlatform } from '../src/platform'
import { quick, report } from './bench-report'
import { ensureGc, settledMemory } from './gc-process'

// Issue 4: memory per stored payload ≤ 3 KB, and a retention setting that keeps a long-running
// server bounded.
const gc = ensureGc()
if (!gc) throw new Error('unreachable: ensureGc runs the script again with --expose-gc')
const PAYLOADS = quick ? 500 : 20_000

const platform = createPlatform({ rateLimits: false, ledgerCloseMs: false })
const [app] = platform.applications.list()
const [, bob] = platform.users.list()
const destination = bob && platform.users.view(bob).accounts[0]?.address
if (!app || !destination) throw new Error('the demo fixtures should hold an application and Bob')

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
platform.dispose()

report('payload-memory', [
  {
    name: `heap per stored payload, ${PAYLOADS.toLocaleString('en-US')} payment payloads`,
    value: perPayload / 1024,
    unit: 'KB',
    baseline: { name: 'parsed request bodies in a Map', value: barePerPayload / 1024, unit: 'KB' },
    goal: { judged: 'value', atMost: 3 },
  },
])

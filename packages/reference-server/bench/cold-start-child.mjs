// One fresh process of bench/cold-start.ts: plain JavaScript run by plain node, because a loader
// (tsx) would add its own cost to every import being timed. `node cold-start-child.mjs msw` times
// `import('msw/node')`; `node cold-start-child.mjs server` times the built package from its import
// to the first signed payload, as a contract test's first test does, then `reset()`. Prints one
// JSON line of milliseconds (and bytes).
import { existsSync } from 'node:fs'

const start = performance.now()
const lap = (() => {
  let last = start
  return () => {
    const now = performance.now()
    const spent = now - last
    last = now
    return spent
  }
})()

if (process.argv[2] === 'msw') {
  await import('msw/node')
  console.log(JSON.stringify({ msw: lap() }))
} else {
  const dist = new URL('../dist/index.js', import.meta.url)
  if (!existsSync(dist)) throw new Error('dist/index.js is missing: run `pnpm build` first')
  const { createReferenceServer } = await import(dist.href)
  const times = { import: lap() }
  const server = createReferenceServer()
  times.create = lap()
  const { api } = await server.listen(0)
  times.listen = lap()
  const [app] = server.platform.applications.list()
  const [alice, bob] = server.platform.users.list()
  const headers = {
    'content-type': 'application/json',
    'x-api-key': app.apiKey,
    'x-api-secret': app.apiSecret,
  }
  const answer = async (response) => {
    if (response.status !== 200) throw new Error(`${response.url}: ${await response.text()}`)
    return response.json()
  }
  const { uuid } = await answer(
    await fetch(`${api}/api/v1/platform/payload`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        txjson: {
          TransactionType: 'Payment',
          Destination: server.platform.users.view(bob).accounts[0].address,
          Amount: '1000000',
        },
      }),
    }),
  )
  times.firstCreate = lap()
  await answer(
    await fetch(`${api}/__ref/payloads/${uuid}/sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: alice.uuid }),
    }),
  )
  times.sign = lap()
  const record = await answer(await fetch(`${api}/api/v1/platform/payload/${uuid}`, { headers }))
  if (record.meta.signed !== true || record.response.dispatched_result !== 'tesSUCCESS') {
    throw new Error(`the first payload is not signed: ${JSON.stringify(record.meta)}`)
  }
  times.get = lap()
  times.total = performance.now() - start
  const { rss, heapUsed } = process.memoryUsage()
  times.rss = rss
  times.heapUsed = heapUsed
  // reset() after a payload, then on the state it returned to.
  lap()
  server.platform.reset()
  times.firstReset = lap()
  const resets = []
  for (let i = 0; i < 20; i++) {
    server.platform.reset()
    resets.push(lap())
  }
  times.reset = resets.sort((a, b) => a - b)[resets.length >> 1]
  await server.close()
  console.log(JSON.stringify(times))
}

import { afterEach, describe, expect, it } from 'vitest'
import { errorOf, okJson, startTestServer, type TestServer } from '../server/test-server'
import { fillState, startFailingReceiver } from './rich-state'

const servers: TestServer[] = []
const receivers: Array<{ close: () => Promise<unknown> }> = []
afterEach(async () => {
  for (const t of servers.splice(0)) await t.close()
  for (const receiver of receivers.splice(0)) await receiver.close()
})

const start = async (options: Parameters<typeof startTestServer>[0] = {}) => {
  const t = await startTestServer(options)
  servers.push(t)
  return t
}

// biome-ignore lint/suspicious/noExplicitAny: a test reads deep snapshot fields
const withoutTime = ({ savedAt: _, ...parts }: Record<string, any>) => parts

describe('GET /__ref/snapshot and POST /__ref/restore (docs/protocol.md §10)', {
  timeout: 30_000,
}, () => {
  it('a restored server answers every payload, token, ledger entry and webhook retry as the first did', async () => {
    const receiver = await startFailingReceiver()
    receivers.push(receiver)
    const first = await start()
    const kept = await fillState(first, receiver.url)
    const snapshot = await okJson(await first.control('snapshot'))
    expect(snapshot.version).toBe(2)
    // A development server's file: the secrets are in it.
    expect(JSON.stringify(snapshot)).toContain(kept.app.apiSecret)
    // Three resolutions (paid, trust line, rejected): each first attempt failed, each retry waits.
    expect(snapshot.webhooks.scheduled).toEqual(
      Array(3).fill(expect.objectContaining({ application: kept.app.uuid, attempt: 2 })),
    )

    // Other fixtures: the restore replaces them, it does not add to them.
    const second = await start({
      fixtures: {
        applications: [{ name: 'Other shop' }],
        users: [{ name: 'Yan' }, { name: 'Zoe' }],
      },
    })
    expect(await okJson(await second.control('restore', snapshot))).toEqual({ restored: true })
    expect(withoutTime(await okJson(await second.control('snapshot')))).toEqual(
      withoutTime(snapshot),
    )

    for (const uuid of Object.values(kept.uuids)) {
      const before = await okJson(await first.api(`payload/${uuid}`, { headers: kept.headers }))
      const after = await okJson(await second.api(`payload/${uuid}`, { headers: kept.headers }))
      expect({ ...after, payload: { ...after.payload, expires_in_seconds: 0 } }).toEqual({
        ...before,
        payload: { ...before.payload, expires_in_seconds: 0 },
      })
    }
    // The same transaction; `node` is each server's own node of the network (§8.6).
    const restored = await okJson(
      await second.api(`xrpl-tx/${kept.txid}`, { headers: kept.headers }),
    )
    const original = await okJson(
      await first.api(`xrpl-tx/${kept.txid}`, { headers: kept.headers }),
    )
    expect({ ...restored, node: undefined }).toEqual({ ...original, node: undefined })
    expect(restored.node).toMatch(/\/ledger\/TESTNET$/)
    const bob = first.bob.accounts[0]?.address
    expect(await okJson(await second.control(`accounts/${bob}?network=TESTNET`))).toEqual(
      await okJson(await first.control(`accounts/${bob}?network=TESTNET`)),
    )
    expect(await okJson(await second.api('app-storage', { headers: kept.headers }))).toEqual(
      await okJson(await first.api('app-storage', { headers: kept.headers })),
    )
    // The retry runs on the restored server, 10 s after the failed first attempt.
    const hitsBefore = receiver.hits()
    second.server.clock.advance(10)
    await okJson(await second.control('webhooks?settled'))
    expect(receiver.hits()).toBe(hitsBefore + 3)
    const attempts = await okJson(await second.control('webhooks'))
    expect(attempts.map((a: { attempt: number }) => a.attempt)).toEqual([1, 1, 1, 2, 2, 2])
  })
})

describe('a bad snapshot changes nothing', { timeout: 30_000 }, () => {
  // biome-ignore lint/suspicious/noExplicitAny: each case breaks one deep field of a snapshot
  type Breaker = (snapshot: Record<string, any>) => unknown
  const cases: Array<[string, Breaker, string]> = [
    ['the version before ledger objects', (s) => Object.assign(s, { version: 1 }), 'version'],
    ['no time', (s) => delete s.savedAt, 'savedAt'],
    [
      'an application without a secret',
      (s) => delete s.applications[0].apiSecret,
      'applications.0.apiSecret',
    ],
    [
      'an API key that is not the uuid',
      (s) => Object.assign(s.applications[0], { apiKey: s.users[0].uuid }),
      'applications.0.apiKey',
    ],
    [
      "a seed that is not the key's",
      (s) => Object.assign(s.users[0].accounts[0], { seed: s.users[1].accounts[0].seed }),
      'users.0.accounts.0.publicKey',
    ],
    [
      "a secp256k1 seed that is not the key's",
      (s) => Object.assign(s.users[0].accounts[1], { seed: s.users[1].accounts[1].seed }),
      'users.0.accounts.1.publicKey',
    ],
    [
      'a seed that does not decode',
      (s) => Object.assign(s.users[0].accounts[0], { seed: 'sEdNotASeedAtAllNotASeed' }),
      'users.0.accounts.0.seed',
    ],
    [
      "an address that is not the key's",
      (s) => Object.assign(s.users[0].accounts[0], { address: s.users[1].accounts[0].address }),
      'users.0.accounts.0.address',
    ],
    [
      'a payload in no known state',
      (s) => Object.assign(s.payloads[0], { state: 'lost' }),
      'payloads.0.state',
    ],
    [
      'a payload of an unknown application',
      (s) => Object.assign(s.payloads[0], { appUuid: s.users[0].uuid }),
      'payloads.0.appUuid',
    ],
    [
      'a token of an unknown user',
      (s) => Object.assign(s.userTokens[0], { userUuid: s.applications[0].uuid }),
      'userTokens.0.userUuid',
    ],
    [
      'a ledger object at no ledger index',
      (s) => Object.assign(s.ledger.TESTNET.objects[0], { index: 'lots' }),
      'ledger.TESTNET.objects.0.index',
    ],
    [
      'a closed ledger naming an unknown transaction',
      (s) => s.ledger.TESTNET.closedLedgers[0][1].push('AB'.repeat(32)),
      'ledger.TESTNET.closedLedgers.0.1.1',
    ],
    [
      'two users with one uuid',
      (s) => Object.assign(s.users[1], { uuid: s.users[0].uuid }),
      'users.1.uuid',
    ],
    [
      'a webhook retry of an unknown application',
      (s) =>
        Object.assign(s.webhooks, {
          scheduled: [
            {
              application: s.users[0].uuid,
              attempt: 2,
              dueAt: 0,
              body: { meta: { url: 'http://127.0.0.1:1/', payload_uuidv4: s.payloads[0].uuid } },
            },
          ],
        }),
      'webhooks.scheduled.0.application',
    ],
  ]

  it.each(cases)('%s: 400 naming %s', async (_name, breakIt, field) => {
    const t = await start()
    const signed = await t.createPayload({
      txjson: {
        TransactionType: 'Payment',
        Destination: t.bob.accounts[0]?.address,
        Amount: '1000',
      },
    })
    await okJson(
      await t.control(`payloads/${signed.uuid}/sign`, { user: t.alice.uuid, network: 'TESTNET' }),
    )
    await okJson(await t.control('ledger/close', { network: 'TESTNET' }))
    const before = await okJson(await t.control('snapshot'))
    const broken = structuredClone(before)
    breakIt(broken)
    const error = await errorOf(await t.control('restore', broken))
    expect(error).toMatchObject({ status: 400, code: 600 })
    expect(error.message.startsWith(`${field} `), error.message).toBe(true)
    expect(withoutTime(await okJson(await t.control('snapshot')))).toEqual(withoutTime(before))
  })

  it('is refused from another origin (403), and a body that is no snapshot names it', async () => {
    const t = await start()
    const before = await okJson(await t.control('snapshot'))
    const foreign = await t.control('restore', before, { origin: 'https://evil.example' })
    expect(foreign.status).toBe(403)
    expect(
      (await t.control('snapshot', undefined, { origin: 'https://evil.example' })).status,
    ).toBe(403)
    expect((await errorOf(await t.control('restore', [1]))).message).toMatch(/^snapshot /)
  })

  it('a snapshot larger than an API body (256 KB) is restored over HTTP too', async () => {
    const t = await start()
    for (let i = 0; i < 600; i++) {
      t.server.platform.payloads.create(t.app, {
        txjson: { TransactionType: 'SignIn' },
        custom_meta: { instruction: `payload ${i}`.padEnd(200, '.') },
      })
    }
    const text = await (await t.control('snapshot')).text()
    expect(text.length).toBeGreaterThan(256 * 1024)
    t.server.platform.reset()
    const res = await fetch(`${t.endpoints.api}/__ref/restore`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: text,
    })
    expect(await okJson(res)).toEqual({ restored: true })
    expect(t.server.platform.payloads.size).toBe(600)
  })

  it('the same operations in-process: server.snapshot() and server.restore()', async () => {
    const t = await start()
    const created = await t.createPayload()
    const snapshot = t.server.snapshot()
    t.server.platform.reset()
    expect(t.server.platform.payloads.size).toBe(0)
    t.server.restore(snapshot)
    expect(t.server.platform.payloads.record(created.uuid).meta.uuid).toBe(created.uuid)
    expect(() => t.server.restore({ ...snapshot, users: 'none' })).toThrow(/^users /)
  })
})

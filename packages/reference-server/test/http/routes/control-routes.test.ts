import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decode, encodeForSigning } from 'ripple-binary-codec'
import { deriveAddress, verify } from 'ripple-keypairs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { errorOf, okJson as ok, startTestServer, type TestServer } from '../../server/test-server'

let t: TestServer
beforeEach(async () => {
  t = await startTestServer()
})
afterEach(() => t.close())

/** A local webhook receiver that answers 200 and remembers each request. */
const startReceiver = async () => {
  const received: { headers: Record<string, unknown>; body: string }[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      received.push({ headers: req.headers, body })
      res.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise((r) => server.close(r)),
  }
}

describe('control API (docs/protocol.md §10)', () => {
  it('GET state lists endpoints, applications with credentials, users and accounts, no keys', async () => {
    const text = await (await t.control('state')).text()
    const state = JSON.parse(text)
    expect(state.endpoints).toEqual(t.endpoints)
    expect(state.applications[0]).toMatchObject({
      uuid: t.app.uuid,
      apiKey: t.app.apiKey,
      apiSecret: t.app.apiSecret,
    })
    expect(state.users.map((u: { name: string }) => u.name)).toEqual(['Alice', 'Bob'])
    expect(state.users[0].accounts[0]).toMatchObject({ address: t.alice.accounts[0]?.address })
    for (const account of t.alice.accounts) {
      expect(text).not.toContain(account.privateKey)
      expect(text).not.toContain(account.seed)
    }
  })

  it('POST applications creates credentials that work on the API', async () => {
    const app = await ok(
      await t.control('applications', { name: 'Second shop', permissions: ['push'] }),
    )
    expect(app.apiKey).toMatch(/^[0-9a-f-]{36}$/)
    const ping = await ok(
      await t.api('ping', { headers: { 'x-api-key': app.apiKey, 'x-api-secret': app.apiSecret } }),
    )
    expect(ping.auth.application.name).toBe('Second shop')
  })

  it('POST users creates a user whose accounts are funded on every network', async () => {
    const user = await ok(
      await t.control('users', { name: 'Carol', accounts: 1, kyc: 'IN_PROGRESS' }),
    )
    expect(user.name).toBe('Carol')
    expect(user.accounts).toHaveLength(1)
    for (const network of ['MAINNET', 'TESTNET', 'XAHAU'] as const) {
      const account = t.server.platform.ledger.account(network, user.accounts[0].address)
      expect(BigInt(account?.balance ?? '0'), network).toBeGreaterThan(0n)
    }
    const empty = await ok(await t.control('users', {}))
    expect(empty.accounts.length).toBeGreaterThan(0)
  })

  it('POST users with globalid links the first account: account-meta answers it, null for the others', async () => {
    const globalid = { linked: '2024-11-02T08:15:00+01:00', profileUrl: 'https://id.example/dana' }
    const user = await ok(await t.control('users', { name: 'Dana', accounts: 2, globalid }))
    const meta = async (address: string) =>
      (await ok(await t.api(`account-meta/${address}`))).globalid
    expect(await meta(user.accounts[0].address)).toEqual(globalid)
    expect(await meta(user.accounts[1].address)).toEqual({ linked: null, profileUrl: null })
  })

  it('POST payloads/{uuid}/open marks it opened by deep link', async () => {
    const { uuid } = await t.createPayload()
    const record = await ok(
      await t.control(`payloads/${uuid}/open`, { user: t.alice.uuid, via: 'DEEP_LINK' }),
    )
    expect(record.meta).toMatchObject({
      app_opened: true,
      opened_by_deeplink: true,
      resolved: false,
    })
    expect(record.payload.origintype).toBe('DEEP_LINK')
  })

  it('POST payloads/{uuid}/sign signs for real: the blob verifies against the account key', async () => {
    const { uuid } = await t.createPayload({ txjson: { TransactionType: 'SignIn' } })
    const record = await ok(await t.control(`payloads/${uuid}/sign`, { user: t.alice.uuid }))
    expect(record.meta).toMatchObject({ resolved: true, signed: true })
    const tx = decode(record.response.hex) as Record<string, string>
    const { TxnSignature, ...unsigned } = tx
    expect(tx.TransactionType, 'SignIn carries no TransactionType (§8.2)').toBeUndefined()
    expect(deriveAddress(tx.SigningPubKey as string)).toBe(tx.Account)
    expect(
      verify(encodeForSigning(unsigned), TxnSignature as string, tx.SigningPubKey as string),
    ).toBe(true)
    const txid = createHash('sha512')
      .update(Buffer.from(`54584E00${record.response.hex}`, 'hex'))
      .digest('hex')
      .slice(0, 64)
      .toUpperCase()
    expect(record.response.txid).toBe(txid)
  })

  it('POST payloads/{uuid}/reject resolves it as rejected', async () => {
    const { uuid } = await t.createPayload()
    const record = await ok(await t.control(`payloads/${uuid}/reject`, { user: t.bob.uuid }))
    expect(record.meta).toMatchObject({ resolved: true, signed: false, cancelled: false })
  })

  it('POST ledger/close closes the open ledger of one or every network', async () => {
    const before = t.server.platform.ledger.latestClosedIndex('TESTNET')
    const one = await ok(await t.control('ledger/close', { network: 'TESTNET' }))
    expect(one.closed).toEqual({ TESTNET: before + 1 })
    const all = await ok(await t.control('ledger/close', {}))
    expect(Object.keys(all.closed).sort()).toEqual([
      'DEVNET',
      'MAINNET',
      'TESTNET',
      'XAHAU',
      'XAHAUTESTNET',
    ])
    expect(all.closed.TESTNET).toBe(before + 2)
  })

  it('POST clock/advance moves server time: a payload expires', async () => {
    const { uuid } = await t.createPayload({
      txjson: { TransactionType: 'SignIn' },
      options: { expire: 5 },
    })
    const before = t.server.clock.now()
    const moved = await ok(await t.control('clock/advance', { seconds: 301 }))
    expect(Date.parse(moved.now) - before).toBeGreaterThanOrEqual(301_000)
    const record = await ok(await t.api(`payload/${uuid}`))
    expect(record.meta.expired).toBe(true)
    expect(record.payload.expires_in_seconds).toBeLessThan(0)
    const refused = await t.control(`payloads/${uuid}/open`, { user: t.alice.uuid })
    expect(refused.status).toBeGreaterThanOrEqual(400)
    expect(refused.status).toBeLessThan(500)
  })

  it('GET webhooks lists every delivery attempt (?settled waits for deliveries in flight)', async () => {
    const receiver = await startReceiver()
    try {
      const app = await ok(
        await t.control('applications', { name: 'Hooked', webhookUrl: receiver.url }),
      )
      const headers = { 'x-api-key': app.apiKey, 'x-api-secret': app.apiSecret }
      const created = await ok(
        await t.api('payload', { json: { txjson: { TransactionType: 'SignIn' } }, headers }),
      )
      await ok(await t.control(`payloads/${created.uuid}/sign`, { user: t.alice.uuid }))
      const attempts = await ok(await t.control('webhooks?settled'))
      expect(attempts).toEqual([
        expect.objectContaining({
          payload_uuidv4: created.uuid,
          attempt: 1,
          status: 200,
          ok: true,
          error: null,
        }),
      ])
      expect(receiver.received).toHaveLength(1)
      expect(receiver.received[0]?.headers['x-xumm-payload']).toBe(created.uuid)
    } finally {
      await receiver.close()
    }
  })

  it('POST xapps/launch returns the launch URL and its one-time token', async () => {
    const launch = await ok(
      await t.control('xapps/launch', {
        application: t.app.uuid,
        user: t.alice.uuid,
        style: 'DARK',
      }),
    )
    expect(launch.url).toContain(`xAppToken=${launch.ott}`)
    expect(launch.url).toContain('xAppStyle=DARK')
  })

  it('POST users/{uuid}/tokens/{token}/revoke makes the token inactive', async () => {
    const { uuid } = await t.createPayload()
    const signed = await ok(await t.control(`payloads/${uuid}/sign`, { user: t.alice.uuid }))
    const token = signed.application.issued_user_token
    expect(await ok(await t.control(`users/${t.alice.uuid}/tokens/${token}/revoke`, {}))).toEqual({
      revoked: true,
    })
    const verified = await ok(await t.api('user-tokens', { json: { tokens: [token] } }))
    expect(verified.tokens[0].active).toBe(false)
    const foreign = await t.control(`users/${t.bob.uuid}/tokens/${token}/revoke`, {})
    expect(await errorOf(foreign)).toMatchObject({ status: 404 })
  })

  it('GET users/{uuid}/inbox lists the payloads pushed to the user', async () => {
    const first = await t.createPayload()
    const signed = await ok(await t.control(`payloads/${first.uuid}/sign`, { user: t.alice.uuid }))
    const pushed = await t.createPayload({
      txjson: { TransactionType: 'SignIn' },
      user_token: signed.application.issued_user_token,
    })
    expect(pushed.pushed).toBe(true)
    const inbox = await ok(await t.control(`users/${t.alice.uuid}/inbox`))
    expect(inbox.payloads.map((p: { meta: { uuid: string } }) => p.meta.uuid)).toEqual([
      pushed.uuid,
    ])
    expect((await ok(await t.control(`users/${t.bob.uuid}/inbox`))).payloads).toEqual([])
  })

  it('POST reset returns to the start fixtures', async () => {
    const { uuid } = await t.createPayload()
    await ok(await t.control('users', { name: 'Temporary' }))
    expect(await ok(await t.control('reset', {}))).toEqual({ reset: true })
    const state = await ok(await t.control('state'))
    expect(state.users.map((u: { name: string }) => u.name)).toEqual(['Alice', 'Bob'])
    expect(state.applications[0].apiSecret).toBe(t.app.apiSecret)
    expect(await errorOf(await t.api(`payload/${uuid}`))).toMatchObject({ status: 404 })
  })

  it.each([
    ['payloads/{uuid}/open', { via: 'QR' }, 'user'],
    ['payloads/{uuid}/sign', { user: 7 }, 'user'],
    ['payloads/{uuid}/sign', { user: 'x', network: 'MOON' }, 'network'],
    ['payloads/{uuid}/reject', {}, 'user'],
    ['clock/advance', { seconds: -5 }, 'seconds'],
    ['clock/advance', { seconds: '60' }, 'seconds'],
    ['ledger/close', { network: 'MOON' }, 'network'],
    ['applications', { webhookUrl: 'http://x' }, 'name'],
    ['users', { accounts: 'two' }, 'accounts'],
    [
      'users',
      { globalid: { linked: 'yesterday', profileUrl: 'https://id.example/x' } },
      'globalid.linked',
    ],
    [
      'users',
      { globalid: { linked: '2025-01-01T00:00:00Z', profileUrl: 'javascript:x' } },
      'globalid.profileUrl',
    ],
    ['users', { globalid: { linked: '2025-01-01T00:00:00Z' } }, 'globalid.profileUrl'],
    ['xapps/launch', { user: 'x' }, 'application'],
  ])('POST %s with %j: 600 naming %s, nothing changes', async (path, body, field) => {
    const { uuid } = await t.createPayload()
    const before = {
      state: await ok(await t.control('state')),
      now: t.server.clock.now(),
      record: t.server.platform.payloads.record(uuid),
    }
    const error = await errorOf(await t.control(path.replace('{uuid}', uuid), body))
    expect(error).toMatchObject({ status: 400, code: 600 })
    expect(error.message).toContain(field)
    expect(await ok(await t.control('state'))).toEqual(before.state)
    expect(t.server.platform.payloads.record(uuid).meta).toEqual(before.record.meta)
    expect(t.server.clock.now() - before.now).toBeLessThan(60_000)
  })

  it.each(['users', 'ledger/close', 'reset'])(
    'POST %s takes no body at all (curl -X POST)',
    async (path) => {
      const res = await fetch(`${t.endpoints.api}/__ref/${path}`, { method: 'POST' })
      expect(res.status, await res.clone().text()).toBe(200)
    },
  )

  it('malformed JSON on a control route is a 600', async () => {
    const res = await fetch(`${t.endpoints.api}/__ref/users`, { method: 'POST', body: '{name' })
    expect(await errorOf(res)).toMatchObject({ status: 400, code: 600 })
  })
})

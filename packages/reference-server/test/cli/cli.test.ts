import { readFileSync, writeFileSync } from 'node:fs'
import { type AddressInfo, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { run, started } from './cli-process'

const cli = fileURLToPath(new URL('../../src/cli.ts', import.meta.url))

describe('pullsign-server CLI', { timeout: 60_000 }, () => {
  it('starts with the demo fixtures, prints what to use, serves ping, stops cleanly on SIGINT', async () => {
    const server = run(['--port', '0', '--ledger-close-ms', 'auto'])
    const banner = await started(server)
    expect(banner.api).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    for (const part of [
      'oauth',
      'links',
      'dashboard',
      'Demo shop',
      'Alice',
      'Bob',
      'ed25519',
      'ecdsa-secp256k1',
    ]) {
      expect(banner.text).toContain(part)
    }
    const ping = await fetch(`${banner.api}/api/v1/platform/ping`, {
      headers: { 'x-api-key': banner.key, 'x-api-secret': banner.secret },
    })
    expect(ping.status).toBe(200)
    expect(((await ping.json()) as { pong: boolean }).pong).toBe(true)
    // --ledger-close-ms auto: the faucet's payment is validated by the time it answers.
    const node = `${banner.api}/ledger/TESTNET`
    const funded = await (await fetch(`${node}/accounts`, { method: 'POST', body: '{}' })).json()
    const tx = await fetch(node, {
      method: 'POST',
      body: JSON.stringify({ method: 'tx', params: [{ transaction: funded.transactionHash }] }),
    })
    expect(((await tx.json()) as { result: { validated: boolean } }).result.validated).toBe(true)
    server.child.kill('SIGINT')
    expect(await server.exit).toBe(0)
    expect(server.stderr()).toBe('')
    await expect(fetch(`${banner.api}/__ref/state`)).rejects.toThrow()
  })

  it('prints the same demo credentials on every start', async () => {
    const first = run(['--port', '0'])
    const a = await started(first)
    first.child.kill('SIGTERM')
    expect(await first.exit).toBe(0)
    const second = run(['--port', '0'])
    const b = await started(second)
    second.child.kill('SIGTERM')
    expect(await second.exit).toBe(0)
    expect([b.key, b.secret]).toEqual([a.key, a.secret])
    // The CLI guide quotes them, with the users and their accounts: keep it true.
    const readme = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8')
    const quoted = [
      ...a.text.matchAll(/\b([0-9a-f]{8}-[0-9a-f-]{27}|r[1-9A-HJ-NP-Za-km-z]{24,34})\b/g),
    ]
    expect(quoted.length).toBeGreaterThanOrEqual(8)
    for (const [value] of quoted)
      expect(readme, `docs/cli.md should quote ${value}`).toContain(value)
  })

  it('--fixtures, --no-rate-limits and --strict-transactions', async () => {
    const file = join(tmpdir(), `pullsign-fixtures-${process.pid}.json`)
    writeFileSync(
      file,
      JSON.stringify({ applications: [{ name: 'Fixture shop' }], users: [{ name: 'Dana' }] }),
    )
    const server = run([
      '--port',
      '0',
      '--fixtures',
      file,
      '--no-rate-limits',
      '--strict-transactions',
    ])
    const banner = await started(server)
    expect(banner.text).toContain('Fixture shop')
    expect(banner.text).toContain('Dana')
    expect(banner.text).not.toContain('Alice')
    const headers = {
      'x-api-key': banner.key,
      'x-api-secret': banner.secret,
      'content-type': 'application/json',
    }
    const statuses = new Set<number>()
    for (let i = 0; i < 32; i++) {
      const res = await fetch(`${banner.api}/api/v1/platform/payload`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ txjson: { TransactionType: 'SignIn' } }),
      })
      statuses.add(res.status)
    }
    expect([...statuses]).toEqual([200])
    // --strict-transactions: what the ledger's preflight refuses is refused at creation.
    const mint = await fetch(`${banner.api}/api/v1/platform/payload`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ txjson: { TransactionType: 'NFTokenMint' } }),
    })
    expect(mint.status).toBe(400)
    expect(await mint.json()).toMatchObject({
      error: { code: 602, message: expect.stringMatching(/^txjson\.NFTokenTaxon .*temMALFORMED/) },
    })
    server.child.kill('SIGINT')
    expect(await server.exit).toBe(0)
  })

  it.each([
    [['--prot', '1'], '--prot'],
    [['--port', 'abc'], '--port'],
    [['--port', '70000'], '--port'],
    [['--ledger-close-ms', '-5'], '--ledger-close-ms'],
    [['--ledger-close-ms', 'soon'], '--ledger-close-ms must be auto or a whole number'],
    [['--fixtures', '/nonexistent/fixtures.json'], '--fixtures'],
    [['--fixtures', cli], '--fixtures'],
    [['extra'], 'extra'],
    [['--public-url', 'ftp://sign.example.test'], '--public-url'],
    [['--oauth-url', 'https://login.example.test/?x=1'], '--oauth-url'],
    [['--autopilot', 'alice'], '--autopilot'],
    [['--autopilot', 'alice:approve'], '--autopilot'],
    [['--autopilot', 'alice:sign', '--autopilot', 'bob:reject'], '--autopilot'],
  ])('%j exits 2 naming %s', async (args, flag) => {
    const cli = run(args)
    expect(await cli.exit).toBe(2)
    expect(cli.stderr()).toContain(flag)
    expect(cli.stderr()).toContain('Usage: pullsign-server')
  })

  it('--public-url and --oauth-url set every URL it prints and emits', async () => {
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const { port } = probe.address() as AddressInfo
    await new Promise((resolve) => probe.close(resolve))
    const server = run([
      '--port',
      String(port),
      '--public-url',
      'https://sign.example.test/',
      '--oauth-url',
      'https://login.example.test',
    ])
    const banner = await started(server)
    expect(banner.api).toBe('https://sign.example.test')
    expect(banner.text).toMatch(/oauth\s+https:\/\/login\.example\.test\n/)
    const discovery = await fetch(`http://127.0.0.1:${port}/.well-known/openid-configuration`)
    expect(await discovery.json()).toMatchObject({
      issuer: 'https://login.example.test',
      token_endpoint: 'https://login.example.test/token',
    })
    server.child.kill('SIGINT')
    expect(await server.exit).toBe(0)
  })

  it('a port in use exits 1 saying so', async () => {
    const first = run(['--port', '0'])
    const { api } = await started(first)
    const second = run(['--port', new URL(api).port])
    expect(await second.exit).toBe(1)
    expect(second.stderr()).toContain('EADDRINUSE')
    first.child.kill('SIGINT')
    expect(await first.exit).toBe(0)
  })

  it('fixtures of the wrong shape exit 2 naming the field', async () => {
    const file = join(tmpdir(), `pullsign-bad-fixtures-${process.pid}.json`)
    writeFileSync(file, JSON.stringify({ applications: 'none' }))
    const cli = run(['--fixtures', file])
    expect(await cli.exit).toBe(2)
    expect(cli.stderr()).toContain('--fixtures')
    expect(cli.stderr()).toContain('applications')
  })

  it('--help prints the usage and exits 0', async () => {
    const cli = run(['--help'])
    expect(await cli.exit).toBe(0)
    expect(cli.stdout()).toContain('--no-rate-limits')
    expect(cli.stdout()).toContain('--strict-transactions')
    expect(cli.stdout()).toContain('--autopilot <user>:sign|reject')
  })

  it('--autopilot makes the wallet answer new payloads as that user, and says so', async () => {
    const server = run([
      '--port',
      '0',
      '--ledger-close-ms',
      '0',
      '--autopilot',
      'alice:sign:SignIn',
      '--autopilot',
      'Bob:reject',
    ])
    const banner = await started(server)
    expect(banner.text).toContain('Alice signs SignIn payloads 500 ms after they are created')
    expect(banner.text).toContain('Bob rejects every payload 500 ms after it is created')
    const state = (await (await fetch(`${banner.api}/__ref/state`)).json()) as {
      autopilot: Array<{ answer: string; txType: string | null }>
    }
    expect(state.autopilot.map((rule) => [rule.answer, rule.txType])).toEqual([
      ['sign', 'SignIn'],
      ['reject', null],
    ])
    server.child.kill('SIGINT')
    expect(await server.exit).toBe(0)
  })

  it.each([
    ['carol:sign', 'no user "carol" (users: Alice, Bob)'],
    ['alice:sign:Signin', 'txType is not a known transaction type'],
  ])('--autopilot %s exits 2 saying why', async (flag, message) => {
    const cli = run(['--port', '0', '--autopilot', flag])
    expect(await cli.exit).toBe(2)
    expect(cli.stderr()).toContain(`--autopilot: ${message}`)
  })
})

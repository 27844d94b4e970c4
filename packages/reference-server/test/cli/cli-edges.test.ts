import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { run, started } from './cli-process'

describe('pullsign-server: the edges a new user hits', { timeout: 60_000 }, () => {
  it('a leading -- (as `pnpm start -- --port 0` passes it) is ignored', async () => {
    const server = run(['--', '--port', '0', '-q'])
    const banner = await started(server)
    expect((await fetch(`${banner.api}/__ref/state`)).status).toBe(200)
    server.child.kill('SIGINT')
    expect(await server.exit).toBe(0)
  })

  it('a -- anywhere else is still refused', async () => {
    const cli = run(['--port', '0', '--', 'extra'])
    expect(await cli.exit).toBe(2)
    expect(cli.stderr()).toContain('Usage: pullsign-server')
  })

  it('--help lists the short flags -q, -v and -h, the state file and the npx form', async () => {
    const cli = run(['-h'])
    expect(await cli.exit).toBe(0)
    for (const flag of [
      '-q, --quiet',
      '-v, --verbose',
      '-h, --help',
      '--state-file',
      'npx @pullsign/reference-server',
    ]) {
      expect(cli.stdout()).toContain(flag)
    }
  })

  it('with --port 0 and --public-url the banner still prints the real listening port', async () => {
    const server = run(['--port', '0', '--public-url', 'https://sign.example.test', '-q'])
    const banner = await started(server)
    expect(banner.api).toBe('https://sign.example.test')
    const listening = /listening\s+(http:\/\/127\.0\.0\.1:(\d+))/.exec(banner.text)
    expect(listening?.[2], banner.text).not.toBe('0')
    const ping = await fetch(`${listening?.[1]}/__ref/state`)
    expect(ping.status).toBe(200)
    server.child.kill('SIGINT')
    expect(await server.exit).toBe(0)
  })

  it.each([
    [
      { applications: [{ name: 'Shop', webhookUrl: 'ftp://x.example' }] },
      'applications.0.webhookUrl',
    ],
    [{ users: [{ name: 'Ann' }, { name: 'Ben', kyc: 'MAYBE' }] }, 'users.1.kyc'],
    [{ users: [{ name: 'Ann' }, { name: 'Ann' }] }, 'users.1: a user named'],
  ])('fixtures %j: the error names the path %s', async (fixtures, path) => {
    const file = join(tmpdir(), `pullsign-fixture-path-${process.pid}-${path}.json`)
    writeFileSync(file, JSON.stringify(fixtures))
    const cli = run(['--port', '0', '--fixtures', file])
    expect(await cli.exit).toBe(2)
    expect(cli.stderr()).toContain(`--fixtures: ${path}`)
  })
})

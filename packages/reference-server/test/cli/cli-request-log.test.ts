import { describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { printed, run, started } from './cli-process'

/** Lines printed after the banner: the request log and the clock lines. */
const logOf = (stdout: string) =>
  stdout.slice(stdout.indexOf('Ctrl-C stops the server.')).split('\n').slice(1)

describe('pullsign-server request log', { timeout: 60_000 }, () => {
  it('one line per request (method, path, status, ms), secrets redacted; clock moves said', async () => {
    const cli = run(['--port', '0', '--ledger-close-ms', '0'])
    const { api, key, secret } = await started(cli)
    await fetch(`${api}/api/v1/platform/ping`, {
      headers: { 'x-api-key': key, 'x-api-secret': secret },
    })
    const mint = await fetch(`${api}/api/v1/platform/payload`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'x-api-secret': secret, 'content-type': 'application/json' },
      body: JSON.stringify({ txjson: { TransactionType: 'NFTokenMint' } }),
    })
    expect(mint.status).toBe(200)
    await fetch(
      `${api}/api/v1/platform/xapp/ott/0f1e2d3c-4b5a-4697-8877-665544332211?code=s3cr3t-code&lang=en`,
    )
    const advanced = await fetch(`${api}/__ref/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 3600 }),
    })
    expect(advanced.status).toBe(200)
    const text = await printed(cli, /POST \/__ref\/clock\/advance 200/)
    const lines = logOf(text)
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^GET \/api\/v1\/platform\/ping 200 \d+\.\d ms$/),
        // A payload the ledger will refuse says so under its line (docs/protocol.md §3.1).
        expect.stringMatching(/^POST \/api\/v1\/platform\/payload 200 \d+\.\d ms$/),
        "  ! txjson.NFTokenTaxon breaks the ledger's NFTokenMint preflight: temMALFORMED on MAINNET (the network the wallet signs on when the payload forces none; options.force_network picks another)",
        expect.stringMatching(
          /^GET \/api\/v1\/platform\/xapp\/ott\/\[REDACTED\]\?code=\[REDACTED\]&lang=en 403 \d+\.\d ms$/,
        ),
        expect.stringMatching(/^clock advanced 3600 s: server time \S+Z \(real time \+3600 s\)$/),
        expect.stringMatching(/^POST \/__ref\/clock\/advance 200 \d+\.\d ms$/),
      ]),
    )
    // The banner prints the demo credentials on purpose; the log lines never do.
    for (const leaked of [secret, 's3cr3t-code', '0f1e2d3c-4b5a-4697-8877-665544332211']) {
      expect(lines.join('\n')).not.toContain(leaked)
    }
    // No bodies without --verbose.
    expect(lines.some((line) => line.startsWith('  <'))).toBe(false)
  })

  it('--verbose adds the bodies, secret-named values redacted', async () => {
    const cli = run(['--port', '0', '--ledger-close-ms', '0', '--verbose'])
    const { api, secret } = await started(cli)
    await fetch(`${api}/__ref/state`)
    const text = await printed(cli, /GET \/__ref\/state 200 .*\n {2}< .*\n/)
    const body = logOf(text).find((line) => line.startsWith('  < {"endpoints"'))
    expect(body).toContain('"apiSecret":"[REDACTED]"')
    expect(logOf(text).join('\n')).not.toContain(secret)
  })

  it('--quiet logs no request, but still says when the clock moves', async () => {
    const cli = run(['--port', '0', '--ledger-close-ms', '0', '--quiet'])
    const { api } = await started(cli)
    await fetch(`${api}/__ref/state`)
    await fetch(`${api}/__ref/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 60 }),
    })
    const text = await printed(cli, /clock advanced 60 s/)
    expect(logOf(text).filter((line) => /^(GET|POST) /.test(line))).toEqual([])
  })

  it('--log-ledger-frames logs the ledger node’s frames both ways, a seed redacted', async () => {
    const cli = run(['--port', '0', '--ledger-close-ms', '0', '--log-ledger-frames'])
    const { api } = await started(cli)
    const node = new WebSocket(`${api.replace(/^http/, 'ws')}/ledger/TESTNET`)
    await new Promise((resolve) => node.once('open', resolve))
    const answers: string[] = []
    // The server may print its log line before this socket has read the answer: wait for both.
    const bothAnswered = new Promise((resolve) =>
      node.on('message', (data) => answers.push(String(data)) === 2 && resolve(answers)),
    )
    const seed = 'sEdTM1uX8pu2do5XvTnutH6HsouMaM2'
    node.send(JSON.stringify({ id: 1, command: 'ping' }))
    node.send(JSON.stringify({ id: 2, command: 'submit', secret: seed, tx_json: {} }))
    const text = await printed(cli, /WS \/ledger\/TESTNET < \{"error":"notSupported"/)
    await bothAnswered
    node.close()
    const lines = logOf(text).filter((line) => line.startsWith('WS '))
    expect(lines).toEqual([
      'WS /ledger/TESTNET > {"id":1,"command":"ping"}',
      `WS /ledger/TESTNET < ${answers[0]}`,
      'WS /ledger/TESTNET > {"id":2,"command":"submit","secret":"[REDACTED]","tx_json":{}}',
      // rippled echoes the request in an error answer: the log shows it redacted again.
      expect.stringMatching(
        /^WS \/ledger\/TESTNET < \{"error":"notSupported",.*"secret":"\[REDACTED\]"/,
      ),
    ])
    expect(text).not.toContain(seed)
  })

  it('--quiet with --verbose is a usage error', async () => {
    const cli = run(['--quiet', '--verbose'])
    expect(await cli.exit).toBe(2)
    expect(cli.stderr()).toContain('--quiet and --verbose')
  })
})

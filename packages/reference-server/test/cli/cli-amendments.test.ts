import { describe, expect, it } from 'vitest'
import { run, started } from './cli-process'

const feature = async (api: string, network: string, name: string) => {
  const res = await fetch(`${api}/ledger/${network}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'feature', params: [{ feature: name }] }),
  })
  const { result } = (await res.json()) as { result: Record<string, { enabled: boolean }> }
  return Object.values(result)[0]?.enabled
}

describe('pullsign-server --amendments (docs/protocol.md §8.10)', { timeout: 60_000 }, () => {
  it('production makes MAINNET mirror the mainnet (no Batch); a switch turns one amendment on one network', async () => {
    const server = run([
      '--port',
      '0',
      '-q',
      '--amendments',
      'production',
      '--enable-amendment',
      'DEVNET:AMM',
      '--disable-amendment',
      'TESTNET:BatchV1_1',
    ])
    const { api } = await started(server)
    expect(await feature(api, 'MAINNET', 'BatchV1_1')).toBe(false)
    expect(await feature(api, 'MAINNET', 'AMM')).toBe(true)
    expect(await feature(api, 'TESTNET', 'BatchV1_1')).toBe(false)
    expect(await feature(api, 'DEVNET', 'BatchV1_1')).toBe(true)
    expect(await feature(api, 'DEVNET', 'AMM')).toBe(true)
    server.child.kill('SIGINT')
    expect(await server.exit).toBe(0)
  })

  it.each([
    [['--amendments', 'mainnet'], '--amendments must be default or production, got "mainnet"'],
    [['--enable-amendment', 'TESTNET'], '--enable-amendment must be <network>:<amendment>'],
    [['--enable-amendment', 'MOON:AMM'], '--enable-amendment must be <network>:<amendment>'],
    [['--disable-amendment', 'XAHAU:BatchV1_1'], 'BatchV1_1 is not an amendment of XAHAU'],
  ])('%j is refused with the usage, naming the flag', async (flags, message) => {
    const cli = run(['--port', '0', ...flags])
    expect(await cli.exit).toBe(2)
    expect(cli.stderr()).toContain(message)
  })
})

import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, test } from 'vitest'

const root = fileURLToPath(new URL('../../../../', import.meta.url))
const cli = fileURLToPath(new URL('../../src/cli.ts', import.meta.url))
const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

/** Runs the CLI from its sources (cwd = the workspace, whose tsconfig maps pullsign). */
const run = (args: string[]) => {
  const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], { cwd: root })
  children.push(child)
  let out = ''
  let err = ''
  child.stdout.on('data', (chunk) => {
    out += chunk
  })
  child.stderr.on('data', (chunk) => {
    err += chunk
  })
  const exit = new Promise<number | null>((resolve) => child.on('exit', resolve))
  return { child, out: () => out, err: () => err, exit }
}

describe('pullsign-server --retention-*', { timeout: 60_000 }, () => {
  test.each([
    ['--retention-max-payloads', '0'],
    ['--retention-max-payloads', 'many'],
    ['--retention-ttl-seconds', '-5'],
  ])('%s %s is a usage error naming the flag', async (flag, value) => {
    const cmd = run(['--port', '0', flag, value])
    expect(await cmd.exit).toBe(2)
    expect(cmd.err()).toContain(flag)
  })

  test('a resolved payload is a 404 once its time to live has passed', async () => {
    const cmd = run(['--port', '0', '--ledger-close-ms', '0', '--retention-ttl-seconds', '5'])
    const deadline = Date.now() + 30_000
    while (!cmd.out().includes('Ctrl-C stops the server.')) {
      if (Date.now() > deadline || cmd.child.exitCode !== null) {
        throw new Error(`the CLI did not start: ${cmd.out()} ${cmd.err()}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const field = (name: string) => new RegExp(`${name}\\s+(\\S+)`).exec(cmd.out())?.[1] ?? ''
    const api = field('api')
    const auth = { 'x-api-key': field('x-api-key'), 'x-api-secret': field('x-api-secret') }
    const json = { 'content-type': 'application/json' }
    const created = await fetch(`${api}/api/v1/platform/payload`, {
      method: 'POST',
      headers: { ...auth, ...json },
      body: JSON.stringify({ txjson: { TransactionType: 'SignIn' } }),
    }).then((res) => res.json() as Promise<{ uuid: string }>)
    const state = await fetch(`${api}/__ref/state`).then(
      (res) => res.json() as Promise<{ users: { uuid: string }[] }>,
    )
    const reject = await fetch(`${api}/__ref/payloads/${created.uuid}/reject`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ user: state.users[0]?.uuid }),
    })
    expect(reject.status, await reject.text()).toBe(200)
    const get = () => fetch(`${api}/api/v1/platform/payload/${created.uuid}`, { headers: auth })
    expect((await get()).status).toBe(200)
    await fetch(`${api}/__ref/clock/advance`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ seconds: 10 }),
    })
    const gone = await get()
    expect(gone.status).toBe(404)
    expect(await gone.json()).toMatchObject({ error: { code: 404 } })
  })
})

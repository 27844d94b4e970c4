import { describe, expect, test } from 'vitest'
import { run, started } from '../cli/cli-process'

describe('pullsign-server --retention-*', { timeout: 60_000 }, () => {
  test.each([
    ['--retention-max-payloads', '0'],
    ['--retention-max-payloads', 'many'],
    ['--retention-ttl-seconds', '-5'],
  ])('%s %s is a usage error naming the flag', async (flag, value) => {
    const cmd = run(['--port', '0', flag, value])
    expect(await cmd.exit).toBe(2)
    expect(cmd.stderr()).toContain(flag)
  })

  test('a resolved payload is a 404 once its time to live has passed', async () => {
    // An hour to live: however slow the machine, real time alone never reaches it in the test.
    const cmd = run(['--port', '0', '--ledger-close-ms', '0', '--retention-ttl-seconds', '3600'])
    const { api, key, secret } = await started(cmd)
    const auth = { 'x-api-key': key, 'x-api-secret': secret }
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
      body: JSON.stringify({ seconds: 3610 }),
    })
    const gone = await get()
    expect(gone.status).toBe(404)
    expect(await gone.json()).toMatchObject({ error: { code: 404 } })
  })
})

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startFailingReceiver } from '../state/rich-state'
import { openProbe } from '../ws/socket-probe'
import { run, started } from './cli-process'

const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

const stateFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pullsign-cli-state-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return join(dir, 'state.json')
}

// biome-ignore lint/suspicious/noExplicitAny: a test reads deep snapshot fields
const readState = (path: string): Record<string, any> | null => {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return null
  }
}

const json = async (res: Response) => {
  const text = await res.text()
  if (res.status !== 200) throw new Error(`${res.status}: ${text.slice(0, 300)}`)
  // biome-ignore lint/suspicious/noExplicitAny: a test reads deep wire fields
  return JSON.parse(text) as Record<string, any>
}

describe('pullsign-server --state-file', { timeout: 90_000 }, () => {
  it('after SIGKILL mid-load, a restart on the file has every payload saved before the kill, with its state, events and webhook schedule', async () => {
    const receiver = await startFailingReceiver()
    cleanups.push(() => receiver.close())
    const path = stateFile()
    const args = [
      '--port',
      '0',
      '--ledger-close-ms',
      '0',
      '--no-rate-limits',
      '-q',
      '--state-file',
      path,
    ]
    const first = run(args)
    const { api } = await started(first)
    const control = (route: string, body?: unknown) =>
      fetch(`${api}/__ref/${route}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    const app = await json(
      await control('applications', { name: 'Kept', webhookUrl: receiver.url }),
    )
    const headers = {
      'x-api-key': app.apiKey,
      'x-api-secret': app.apiSecret,
      'content-type': 'application/json',
    }
    const create = async () =>
      (
        await json(
          await fetch(`${api}/api/v1/platform/payload`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ txjson: { TransactionType: 'SignIn' } }),
          }),
        )
      ).uuid as string
    const { users } = await json(await control('state'))
    const alice = users[0].uuid as string
    const pending = await create()
    const signed = await create()
    const rejected = await create()
    await json(await control(`payloads/${signed}/sign`, { user: alice }))
    await json(await control(`payloads/${rejected}/reject`, { user: alice }))
    await json(await fetch(`${api}/__ref/webhooks?settled`))
    // Move the failed deliveries on to their last retry, 600 s away (the first is 10 s away):
    // real time alone never reaches it while the test runs, so the restart must find each retry
    // as it was saved, at the same time.
    for (const seconds of [10, 60]) {
      await json(await control('clock/advance', { seconds }))
      await json(await fetch(`${api}/__ref/webhooks?settled`))
    }
    const acknowledged = [pending, signed, rejected]
    const records = await Promise.all(
      acknowledged.map(async (uuid) =>
        json(await fetch(`${api}/api/v1/platform/payload/${uuid}`, { headers })),
      ),
    )

    // Saved within a second of the change (polled: the server is another process).
    await vi.waitFor(
      () => {
        const saved = readState(path)
        expect(saved?.payloads.map((p: { uuid: string }) => p.uuid)).toEqual(
          expect.arrayContaining(acknowledged),
        )
        expect(saved?.payloads.find((p: { uuid: string }) => p.uuid === rejected)?.state).toBe(
          'resolved',
        )
        // Each failed delivery on its last retry: the save after the clock moves.
        expect(
          saved?.webhooks.scheduled.map((retry: { attempt: number }) => retry.attempt),
        ).toEqual([4, 4])
      },
      // Only a bound on a hang (the test's own is 90 s): a busy machine may take seconds.
      { timeout: 30_000, interval: 50 },
    )
    const schedule = readState(path)?.webhooks.scheduled

    // Mid-load: kill once some of 300 creates were answered and the rest are in flight.
    let answered = 0
    let enough = () => {}
    const someAnswered = new Promise<void>((resolve) => {
      enough = resolve
    })
    const load = Promise.allSettled(
      Array.from({ length: 300 }, () =>
        create().then(() => {
          if (++answered > 20) enough()
        }),
      ),
    )
    await someAnswered
    first.child.kill('SIGKILL')
    await load
    await first.exit
    const afterKill = readState(path)
    expect(afterKill, 'the file is whole JSON after SIGKILL').not.toBeNull()

    const second = run(args)
    const restarted = await started(second)
    const again = (route: string) => fetch(`${restarted.api}/api/v1/platform/${route}`, { headers })
    for (const [i, uuid] of acknowledged.entries()) {
      const record = await json(await again(`payload/${uuid}`))
      const before = records[i] ?? {}
      expect({ ...record.meta, expired: null }).toEqual({ ...before.meta, expired: null })
      expect(record.response).toEqual(before.response)
    }
    const snapshot = await json(await fetch(`${restarted.api}/__ref/snapshot`))
    // Each failed delivery is still on its schedule: the same retry at the same time.
    type Retry = { attempt: number; dueAt: number; body: { meta: { payload_uuidv4: string } } }
    for (const saved of schedule as Retry[]) {
      const kept = (snapshot.webhooks.scheduled as Retry[]).find(
        (retry) => retry.body.meta.payload_uuidv4 === saved.body.meta.payload_uuidv4,
      )
      expect(kept).toMatchObject({ attempt: saved.attempt, dueAt: saved.dueAt })
    }
    expect(
      snapshot.webhooks.log
        .filter((a: { attempt: number }) => a.attempt === 1)
        .map((a: { payload_uuidv4: string }) => a.payload_uuidv4)
        .sort(),
    ).toEqual([signed, rejected].sort())
    // The resolve event of a signed payload still reaches a late subscriber.
    const socket = await openProbe(`${restarted.api.replace(/^http/, 'ws')}/sign/${signed}`)
    cleanups.push(() => socket.close())
    const messages: Record<string, unknown>[] = []
    for (let m = await socket.next(); !('payload_uuidv4' in m); m = await socket.next())
      messages.push(m)
    expect(socket.received.at(-1)).toMatchObject({ payload_uuidv4: signed, signed: true })
    second.child.kill('SIGTERM')
    expect(await second.exit).toBe(0)
  })

  it('SIGTERM saves the last change at once', async () => {
    const path = stateFile()
    const server = run(['--port', '0', '--ledger-close-ms', '0', '-q', '--state-file', path])
    const { api } = await started(server)
    const user = await json(
      await fetch(`${api}/__ref/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Last' }),
      }),
    )
    server.child.kill('SIGTERM')
    expect(await server.exit).toBe(0)
    expect(readState(path)?.users.map((u: { uuid: string }) => u.uuid)).toContain(user.uuid)
  })

  it('a bad state file exits 2 naming the file and the field, and starts nothing', async () => {
    const path = stateFile()
    writeFileSync(
      path,
      JSON.stringify({ version: 2, savedAt: new Date().toISOString(), users: [{ name: 'x' }] }),
    )
    const cli = run(['--port', '0', '--state-file', path])
    expect(await cli.exit).toBe(2)
    expect(cli.stderr()).toContain(`--state-file: ${path}: `)
    expect(cli.stderr()).toMatch(/applications|users\.0\./)
    expect(cli.stdout()).toBe('')
  })
})

import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createReferenceServer, type ReferenceServer, StateFileError } from '../../src/index'
import { createClock } from '../../src/platform'

const dirs: string[] = []
const servers: ReferenceServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const stateFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pullsign-state-'))
  dirs.push(dir)
  return join(dir, 'state.json')
}

const start = (path: string) => {
  // The server's own clock: `advance(1)` makes the one-second save due at once.
  const server = createReferenceServer({
    ledgerCloseMs: false,
    stateFile: path,
    clock: createClock(),
  })
  servers.push(server)
  return server
}

const signIn = (server: ReferenceServer) => {
  const [app] = server.platform.applications.list()
  if (!app) throw new Error('the demo fixtures hold an application')
  return server.platform.payloads.create(app, { txjson: { TransactionType: 'SignIn' } }).uuid
}

const savedUuids = (path: string): string[] => {
  try {
    return (JSON.parse(readFileSync(path, 'utf8')).payloads as Array<{ uuid: string }>).map(
      (p) => p.uuid,
    )
  } catch {
    return []
  }
}

describe('stateFile (in-process --state-file)', () => {
  it('saves within a second of a change, and a new server on the file has the state', async () => {
    const path = stateFile()
    const first = start(path)
    const uuid = signIn(first)
    first.clock.advance(1)
    // The write is asynchronous: waited for (a bound on a hang only; 1 s by default is too
    // short on a loaded machine).
    await vi.waitFor(() => expect(savedUuids(path)).toEqual([uuid]), { timeout: 20_000 })
    const [alice] = first.platform.users.list()
    await first.wallet.reject(uuid, { user: alice?.uuid ?? '' })
    await first.close()
    servers.splice(servers.indexOf(first), 1)

    const second = start(path)
    expect(second.platform.payloads.record(uuid).meta).toMatchObject({
      resolved: true,
      signed: false,
    })
  })

  it('saves on close what changed since the last save, atomically (no temporary file left)', async () => {
    const path = stateFile()
    const first = start(path)
    const uuid = signIn(first)
    await first.close()
    servers.splice(servers.indexOf(first), 1)
    expect(savedUuids(path)).toEqual([uuid])
    const dir = join(path, '..')
    expect(readdirSync(dir)).toEqual(['state.json'])
  })

  it.each([
    ['not JSON', 'nope', /is not valid JSON/],
    ['another version', JSON.stringify({ version: 9 }), /: version must be 2/],
    ['a bad field', null, /: payloads\.0\.state /],
  ])(
    'a file that is %s throws a StateFileError naming the file and the field, and is left as it was',
    async (_name, text, pattern) => {
      const path = stateFile()
      let content = text
      if (content === null) {
        const source = start(stateFile())
        signIn(source)
        const snapshot = source.snapshot() as unknown as {
          payloads: Array<{ state: string }>
        }
        const [payload] = snapshot.payloads
        if (payload) payload.state = 'lost'
        content = JSON.stringify(snapshot)
      }
      writeFileSync(path, content)
      let thrown: unknown
      try {
        start(path)
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(StateFileError)
      expect((thrown as Error).message).toContain(path)
      expect((thrown as Error).message).toMatch(pattern)
      expect(readFileSync(path, 'utf8')).toBe(content)
    },
  )
})

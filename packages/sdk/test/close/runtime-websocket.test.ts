import { createBackendClient, type PullSignError } from 'pullsign'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import WebSocket from 'ws'
import { createFakeClock } from '../support/fake-clock'
import { apiKey, apiSecret } from '../support/socket-client'
import { type SocketPlatform, startSocketPlatform } from '../support/socket-platform'

let platform: SocketPlatform

beforeEach(async () => {
  platform = await startSocketPlatform()
})
afterEach(async () => {
  vi.unstubAllGlobals()
  await platform.close()
})

/** An error as Deno throws it for a refused permission. */
const refused = (name: string, permission: string) =>
  Object.assign(
    new Error(
      `Requires ${permission} access to "x", run again with the --allow-${permission} flag`,
    ),
    { name },
  )

describe('the default WebSocket', () => {
  test("is the runtime's own globalThis.WebSocket where there is one (Deno, Bun, workerd, Node 22+)", async () => {
    const urls: string[] = []
    class RuntimeWebSocket extends WebSocket {
      constructor(url: string) {
        super(url)
        urls.push(url)
      }
    }
    vi.stubGlobal('WebSocket', RuntimeWebSocket)
    const client = createBackendClient({ apiKey, apiSecret, endpoints: { api: platform.api } })
    const uuid = platform.newPayload()
    await client.payload.subscribe(uuid)
    expect(urls).toEqual([`${platform.api.replace('http', 'ws')}/sign/${uuid}`])
    await client.close()
  })

  test('is ws where the runtime has none (Node 20)', async () => {
    vi.stubGlobal('WebSocket', undefined)
    const client = createBackendClient({ apiKey, apiSecret, endpoints: { api: platform.api } })
    const uuid = platform.newPayload()
    const subscription = await client.payload.subscribe(uuid)
    expect(platform.connections(uuid)).toBe(1)
    await client.close()
    expect(subscription.ended).toBe(true)
  })
})

describe('a permission the runtime refuses', () => {
  test.each(['NotCapable', 'PermissionDenied'])(
    'to the WebSocket (%s, Deno without --allow-net) is ERR_PERMISSION naming it, not ERR_CONFIG',
    async (name) => {
      class RefusingWebSocket {
        constructor() {
          throw refused(name, 'net')
        }
      }
      const client = createBackendClient({
        apiKey,
        apiSecret,
        endpoints: { api: platform.api },
        WebSocket: RefusingWebSocket as never,
      })
      const error = (await client.payload
        .subscribe(platform.newPayload())
        .catch((e) => e)) as PullSignError
      expect(error.code).toBe('ERR_PERMISSION')
      expect(error.message).toContain('--allow-net')
      await client.close()
    },
  )

  test('to fetch is a NetworkError whose message names the permission and its flag', async () => {
    // Kept out of the transport (the client core's size budget): the runtime's message says it.
    const client = createBackendClient({
      apiKey,
      apiSecret,
      clock: createFakeClock(),
      fetch: async () => {
        throw refused('NotCapable', 'net')
      },
    })
    const error = (await client.ping().catch((e) => e)) as PullSignError
    expect(error.code).toBe('ERR_NETWORK')
    expect(error.message).toMatch(
      /could not reach the platform: .*Requires net access .* --allow-net flag/,
    )
  })

  test('to the environment (Deno without --allow-env) is ERR_PERMISSION naming env', () => {
    vi.stubGlobal('process', {
      ...process,
      env: new Proxy(
        {},
        {
          get: () => {
            throw refused('NotCapable', 'env')
          },
        },
      ),
    })
    let error: PullSignError | undefined
    try {
      createBackendClient({ apiSecret })
    } catch (err) {
      error = err as PullSignError
    }
    vi.unstubAllGlobals()
    expect(error?.code).toBe('ERR_PERMISSION')
    expect(error?.message).toContain('--allow-env')
  })
})

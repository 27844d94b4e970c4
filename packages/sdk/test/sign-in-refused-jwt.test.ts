import { createReferenceServer } from '@pullsign/reference-server'
import { createClock } from '@pullsign/reference-server/testing'
import { createNativeClient, SignInError } from 'pullsign'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInThroughWallet } from './support/wallet-sign-in'

// The server's clock moves only when the test moves it: a day on, every JWT it issued is refused.
const server = createReferenceServer({ ledgerCloseMs: false, clock: createClock({ manual: true }) })
let endpoints: Awaited<ReturnType<typeof server.listen>>

beforeAll(async () => {
  endpoints = await server.listen(0)
})
afterAll(() => server.close())

describe('a JWT the provider refuses at /userinfo', () => {
  it('ends the session with loggedout alone, and authorize() rejects with not-signed-in', async () => {
    const app = server.platform.applications.create({
      name: 'Refused app',
      redirectUris: ['myapp://signin'],
    })
    const [alice] = server.platform.users.list()
    if (!alice) throw new Error('the reference server started without its demo users')
    const sent: string[] = []
    const pullsign = createNativeClient({
      apiKey: app.apiKey,
      endpoints,
      redirectUrl: 'myapp://signin',
      openUrl: (url) =>
        void signInThroughWallet(server, url, alice.uuid).then((link) =>
          pullsign.handleRedirect(link).catch(() => {}),
        ),
      // The JWT is kept (`success`) before /userinfo is asked: the clock jumps a day in between.
      onRequest: ({ method, path }) => {
        sent.push(`${method} ${path}`)
        if (path === '/oauth/userinfo') server.clock.advance(86_400 + 60)
      },
    })
    const events: string[] = []
    for (const name of ['retrieving', 'ready', 'success', 'retrieved', 'loggedout'] as const) {
      pullsign.on(name, () => events.push(name))
    }
    pullsign.on('error', (error) => events.push(`error:${(error as SignInError).reason}`))

    const failure = await pullsign.authorize().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(SignInError)
    expect(failure).toMatchObject({ code: 'ERR_SIGN_IN', reason: 'not-signed-in' })
    expect((failure as Error).message).toMatch(/^\[GET \/oauth\/userinfo\] 401 invalid_token/)
    expect(events).toEqual(['retrieving', 'ready', 'success', 'loggedout'])
    expect(pullsign.state).toEqual({ account: undefined, signedIn: false })

    // Signed out: a call that needs the JWT says so, and sends nothing.
    const before = sent.length
    await expect(pullsign.ping()).rejects.toMatchObject({ reason: 'not-signed-in' })
    expect(sent.length).toBe(before)
    expect(events.at(-1)).toBe('loggedout')
    await pullsign.close()
  })
})

import { createReferenceServer } from '@pullsign/reference-server'
import { createNativeClient, type NativeClient, PullSign } from 'pullsign'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../src/core/memory-storage'
import { signInThroughWallet } from './support/wallet-sign-in'

const server = createReferenceServer({ ledgerCloseMs: false })
let endpoints: Awaited<ReturnType<typeof server.listen>>

beforeAll(async () => {
  endpoints = await server.listen(0)
})
afterAll(() => server.close())

describe('PullSign user and environment of a sign-in client', () => {
  it('settle with the signed-in person, the JWT claims and the Bearer once signed in', async () => {
    const app = server.platform.applications.create({
      name: 'Props app',
      redirectUris: ['myapp://signin'],
    })
    const [alice] = server.platform.users.list()
    if (!alice) throw new Error('the reference server started without its demo users')
    const seen: string[] = []
    const pullsign: NativeClient = createNativeClient({
      apiKey: app.apiKey,
      endpoints,
      onResponse: ({ method, path, status }) => seen.push(`${method} ${path} ${status}`),
      redirectUrl: 'myapp://signin',
      openUrl: (url) =>
        void signInThroughWallet(server, url, alice.uuid).then((link) =>
          pullsign.handleRedirect(link),
        ),
    })
    // Read before sign-in: the promises settle once it completes.
    const account = pullsign.user.account
    const result = await pullsign.authorize()
    const me = result?.me
    expect(me?.account).toMatch(/^r\w{24,34}$/)
    expect(await account).toBe(me?.account)
    expect(await pullsign.user.name).toBe(me?.name)
    expect(Object.keys(pullsign.user)).toContain('kycApproved')
    const { environment } = pullsign
    expect(await environment.bearer).toBe(result?.jwt)
    expect((await environment.jwt).sub).toBe(me?.account)
    expect(await environment.openid).toBeUndefined()
    expect(await environment.ott).toBeUndefined()
    expect(await pullsign.user.token).toBe((await environment.jwt).usertoken_uuidv4)
    expect(await pullsign.user.token).toMatch(/^[0-9a-f-]{36}$/)
    // The provider's calls go through the client's one transport: its hooks saw them.
    expect(seen).toEqual(['POST /oauth/token 200', 'GET /oauth/userinfo 200'])
    const tokenId = `00080000${'AB'.repeat(20)}0000000000000001`
    const detail = await pullsign.nftokenDetail(tokenId)
    expect(detail).toMatchObject({ token: tokenId, owner: null })
    expect(seen.at(-1)).toBe(`GET /api/v1/jwt/nftoken-detail/${tokenId} 200`)
    await expect(pullsign.nftokenDetail('nope')).rejects.toMatchObject({ code: 'ERR_INPUT' })
    // jwt/ping answers the JWT's own claims, as its type says (not the backend's application).
    const pong = await pullsign.ping()
    expect(pong).toMatchObject({ pong: true, sub: me?.account, app_uuidv4: app.uuid })
    expect(pong).not.toHaveProperty('auth')
  })

  it('read signed in inside the success and ready events of a restored session', async () => {
    const app = server.platform.applications.create({
      name: 'Restore app',
      redirectUris: ['myapp://signin'],
    })
    const [alice] = server.platform.users.list()
    if (!alice) throw new Error('the reference server started without its demo users')
    const storage = createMemoryStorage()
    const options = { apiKey: app.apiKey, endpoints, redirectUrl: 'myapp://signin', storage }
    const first: NativeClient = createNativeClient({
      ...options,
      openUrl: (url) =>
        void signInThroughWallet(server, url, alice.uuid).then((link) =>
          first.handleRedirect(link),
        ),
    })
    const account = (await first.authorize())?.me.account
    // A second start of the app restores the stored session: its listeners read the client's state.
    const restored = createNativeClient({ ...options, openUrl: () => {} })
    const seen: string[] = []
    const ready = new Promise<void>((resolve) => {
      restored.on('success', () => seen.push(`success ${JSON.stringify(restored.state)}`))
      restored.on('ready', () => {
        seen.push(`ready ${JSON.stringify(restored.state)}`)
        resolve()
      })
    })
    await ready
    const state = JSON.stringify({ account, signedIn: true })
    expect(seen).toEqual([`success ${state}`, `ready ${state}`])
  })

  it('do not exist on a backend client, which has no sign-in', async () => {
    const pullsign = new PullSign({
      apiKey: '00000000-0000-4000-8000-0000000000aa',
      apiSecret: '00000000-0000-4000-8000-0000000000bb',
      endpoints,
    })
    expect(pullsign.runtime).toBe('backend')
    expect('user' in pullsign).toBe(false)
    expect('environment' in pullsign).toBe(false)
  })
})

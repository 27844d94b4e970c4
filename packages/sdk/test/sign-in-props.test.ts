import { createReferenceServer } from '@pullsign/reference-server'
import { PullSign, type SignInEnvironment } from 'pullsign'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const server = createReferenceServer({ ledgerCloseMs: false })
let endpoints: Awaited<ReturnType<typeof server.listen>>

beforeAll(async () => {
  endpoints = await server.listen(0)
})
afterAll(() => server.close())

/** The system browser of a native app: follows the sign-in to the wallet, signs, returns the link. */
async function signInAs(url: string, user: string): Promise<string> {
  const auth = await fetch(url, { redirect: 'manual' })
  const uuid = (auth.headers.get('location') ?? '').split('/sign/')[1] ?? ''
  await server.wallet.sign(uuid, { user })
  const back = await fetch(server.platform.payloads.record(uuid).meta.return_url_web ?? '', {
    redirect: 'manual',
  })
  return back.headers.get('location') ?? ''
}

describe('PullSign user and environment of a sign-in client', () => {
  it('settle with the signed-in person, the JWT claims and the Bearer once signed in', async () => {
    const app = server.platform.applications.create({
      name: 'Props app',
      redirectUris: ['myapp://signin'],
    })
    const [alice] = server.platform.users.list()
    if (!alice) throw new Error('the reference server started without its demo users')
    const pullsign: PullSign = new PullSign(app.apiKey, {
      endpoints,
      redirectUrl: 'myapp://signin',
      openUrl: (url) =>
        void signInAs(url, alice.uuid).then((link) => pullsign.handleRedirect(link)),
    })
    // Read before sign-in: the promises settle once it completes.
    const account = pullsign.user.account
    const result = await pullsign.authorize()
    const me = result?.me
    expect(me?.account).toMatch(/^r\w{24,34}$/)
    expect(await account).toBe(me?.account)
    expect(await pullsign.user.name).toBe(me?.name)
    expect(Object.keys(pullsign.user)).toContain('kycApproved')
    const environment = pullsign.environment as SignInEnvironment
    expect(await environment.bearer).toBe(result?.jwt)
    expect((await environment.jwt).sub).toBe(me?.account)
    expect(await environment.openid).toBeUndefined()
  })

  it('reject with ERR_CONFIG on a backend client, which has no sign-in', async () => {
    const pullsign = new PullSign({
      apiKey: '00000000-0000-4000-8000-0000000000aa',
      apiSecret: '00000000-0000-4000-8000-0000000000bb',
      endpoints,
    })
    await expect(pullsign.user.account).rejects.toMatchObject({ code: 'ERR_CONFIG' })
    await expect((pullsign.environment as SignInEnvironment).bearer).rejects.toMatchObject({
      code: 'ERR_CONFIG',
    })
  })
})

import { webcrypto } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createClient } from '../src/core/client'
import { resolveEndpoints } from '../src/core/endpoints'
import { createMemoryStorage } from '../src/core/memory-storage'
import { createNativeSignIn } from '../src/runtimes/native/native-sign-in'
import { pkceChallenge } from '../src/runtimes/oauth/pkce'
import { createFakeClock } from './support/fake-clock'

const apiKey = '00000000-0000-4000-8000-0000000000aa'
const oauth = 'https://oauth2.example'

function setup() {
  const opened: string[] = []
  const requests: string[] = []
  const storage = createMemoryStorage()
  const signIn = createNativeSignIn(
    { apiKey, oauth, redirectUrl: 'myapp://signin', openUrl: (url) => opened.push(url) },
    {
      core: createClient({
        endpoints: resolveEndpoints({ oauth }),
        seams: {
          storage,
          clock: createFakeClock(),
          randomBytes: (bytes) => webcrypto.getRandomValues(bytes),
          fetch: (async (input: RequestInfo | URL) => {
            requests.push(String(input))
            throw new Error('no request expected')
          }) as typeof fetch,
        },
      }),
    },
  )
  return { opened, requests, storage, signIn }
}

describe('native sign-in through a deep link', () => {
  it('opens {oauth}/auth with PKCE S256 and the deep link, and keeps the verifier', async () => {
    const s = setup()
    void s.signIn.authorize()
    await expect.poll(() => s.opened.length).toBe(1)
    const url = new URL(s.opened[0] ?? '')
    expect(`${url.origin}${url.pathname}`).toBe(`${oauth}/auth`)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: apiKey,
      redirect_uri: 'myapp://signin',
      response_type: 'code',
      code_challenge_method: 'S256',
    })
    const pending = JSON.parse(s.storage.getItem(`pullsign:${apiKey}:pending`) ?? '{}')
    expect(pending.state).toBe(url.searchParams.get('state'))
    expect(await pkceChallenge(pending.verifier)).toBe(url.searchParams.get('code_challenge'))
  })

  it('ignores a link that is not an answer, and refuses one with another state', async () => {
    const s = setup()
    const result = s.signIn.authorize()
    await expect.poll(() => s.opened.length).toBe(1)
    await expect(s.signIn.handleRedirect('myapp://settings')).rejects.toMatchObject({
      reason: 'invalid-response',
    })
    await expect(s.signIn.handleRedirect('not a url')).rejects.toMatchObject({
      reason: 'invalid-response',
    })
    expect(s.storage.getItem(`pullsign:${apiKey}:pending`)).not.toBeNull()
    await expect(
      s.signIn.handleRedirect('myapp://signin?code=abc&state=forged'),
    ).rejects.toMatchObject({ code: 'ERR_SIGN_IN', reason: 'state-mismatch' })
    await expect(result).rejects.toMatchObject({ reason: 'state-mismatch' })
    expect(s.requests).toEqual([])
    expect(s.signIn.session.jwt).toBeNull()
  })

  it.each([
    ['no openUrl', { openUrl: undefined }],
    ['a redirectUrl that is not a URL', { redirectUrl: 'signin' }],
  ])('refuses %s at construction', (_, bad) => {
    expect(() =>
      createNativeSignIn(
        { apiKey, oauth, redirectUrl: 'myapp://signin', openUrl: () => {}, ...bad } as never,
        {
          core: createClient({
            endpoints: resolveEndpoints({ oauth }),
            seams: { clock: createFakeClock() },
          }),
        },
      ),
    ).toThrow(expect.objectContaining({ code: 'ERR_CONFIG' }))
  })
})

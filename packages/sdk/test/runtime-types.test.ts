import {
  type BackendClient,
  type BrowserClient,
  createBackendClient,
  createBrowserClient,
  createNativeClient,
  createXappClient,
  type NativeClient,
  PullSign,
  type XappClient,
} from 'pullsign'
import { describe, expect, expectTypeOf, it } from 'vitest'

const apiKey = '00000000-0000-4000-8000-0000000000aa'
const apiSecret = '5e3b2c1a-9f8e-4d7c-a6b5-4c3d2e1f0a9b'

// Compiled by `tsc --noEmit -p tsconfig.json` (this folder is in its `include`): every
// `@ts-expect-error` below fails the compile if the member it names type-checks after all.
// The functions are never called; they only have to compile.
export function wrongMembersAreTypeErrors(
  backend: BackendClient,
  browser: BrowserClient,
  native: NativeClient,
  xapp: XappClient,
) {
  // @ts-expect-error a backend has no sign-in
  void backend.authorize
  // @ts-expect-error a backend has no logout
  void backend.logout
  // @ts-expect-error nor a deep link to complete
  void backend.handleRedirect
  // @ts-expect-error a backend has no signed-in person
  void backend.user
  // @ts-expect-error nor an environment
  void backend.environment
  // @ts-expect-error wallet commands run in an xApp only
  void backend.xapp.openSignRequest
  // @ts-expect-error nftoken-detail is a JWT route
  void backend.nftokenDetail
  // @ts-expect-error a page has no API secret's routes: app storage
  void browser.backendstore
  // @ts-expect-error nor push
  void browser.push
  // @ts-expect-error nor KYC of any user token
  void browser.getKycStatus
  // @ts-expect-error a page has no deep link to complete
  void browser.handleRedirect
  // @ts-expect-error no wallet commands outside an xApp
  void browser.xapp
  // @ts-expect-error no wallet commands in a native app
  void native.xapp
  // @ts-expect-error an xApp is signed in by its launch, not by authorize
  void xapp.authorize
  // @ts-expect-error an xApp has no API secret's routes
  void xapp.push
  // @ts-expect-error the browser factory refuses a secret at the type level
  createBrowserClient({ apiKey, apiSecret })
  // @ts-expect-error and so do the native one
  createNativeClient({ apiKey, apiSecret, redirectUrl: 'myapp://signin', openUrl: () => {} })
  // @ts-expect-error and the xApp one
  createXappClient({ apiKey, apiSecret })
  // @ts-expect-error a native client needs its deep link
  createNativeClient({ apiKey, openUrl: () => {} })
}

export function theRuntimeNarrows(pullsign: PullSign) {
  // @ts-expect-error not every client signs in
  void pullsign.authorize
  if (pullsign.runtime === 'browser') void pullsign.authorize()
  if (pullsign.runtime === 'native') void pullsign.handleRedirect('myapp://signin?code=c')
  if (pullsign.runtime === 'xapp') void pullsign.xapp.openSignRequest({ uuid: 'u' })
  if (pullsign.runtime === 'backend') void pullsign.push
}

describe('the typed runtimes', () => {
  it('the constructor forms give the runtime type they make', () => {
    expectTypeOf(new PullSign(apiKey, apiSecret)).toEqualTypeOf<BackendClient>()
    expectTypeOf(new PullSign({ apiKey, apiSecret })).toEqualTypeOf<BackendClient>()
    expectTypeOf(new PullSign({ apiKey, runtime: 'xapp' })).toEqualTypeOf<XappClient>()
    expectTypeOf(new PullSign({ apiKey })).toEqualTypeOf<PullSign>()
    expectTypeOf(
      new PullSign({ apiKey, redirectUrl: 'myapp://signin', openUrl: () => {} }),
    ).toEqualTypeOf<NativeClient>()
  })

  it('a backend client, made by the factory or the facade, has the backend members only', () => {
    for (const client of [
      createBackendClient({ apiKey, apiSecret }),
      new PullSign(apiKey, apiSecret),
    ]) {
      expect(client.runtime).toBe('backend')
      expect(Object.keys(client).sort()).toEqual(
        [
          'apiKey',
          'backendstore',
          'close',
          'endpoints',
          'getAccountMeta',
          'getCuratedAssets',
          'getHookHash',
          'getHookHashes',
          'getKycStatus',
          'getRails',
          'getRates',
          'getTransaction',
          'payload',
          'ping',
          'push',
          'rateLimit',
          'runtime',
          'verifyUserToken',
          'verifyUserTokens',
          'xapp',
        ].sort(),
      )
    }
  })

  it('a native client has sign-in and the JWT routes, and refuses a secret at run time naming it', async () => {
    const native = createNativeClient({ apiKey, redirectUrl: 'myapp://signin', openUrl: () => {} })
    expect(native.runtime).toBe('native')
    const started = new Promise((resolve) => native.on('ready', resolve))
    for (const member of [
      'authorize',
      'handleRedirect',
      'logout',
      'user',
      'environment',
      'nftokenDetail',
      'userstore',
    ]) {
      expect(native).toHaveProperty(member)
    }
    for (const member of ['push', 'backendstore', 'xapp', 'getKycStatus']) {
      expect(native).not.toHaveProperty(member)
    }
    expect(() =>
      createNativeClient({
        apiKey,
        apiSecret,
        redirectUrl: 'myapp://signin',
        openUrl: () => {},
      } as never),
    ).toThrow(
      expect.objectContaining({
        code: 'ERR_CONFIG',
        message: expect.stringContaining('apiSecret must not be given to createNativeClient'),
      }),
    )
    await started
  })
})

import { createReferenceServer } from '@pullsign/reference-server'
import { createHandlers } from '@pullsign/reference-server/msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pkcePair } from './oauth-client'

// Hosts that exist nowhere, the provider on a host of its own (as production's oauth2 host).
const server = createReferenceServer({
  endpoints: {
    api: 'https://pullsign.test',
    oauth: 'https://login.pullsign.test',
    links: 'https://pullsign.test',
  },
  ledgerCloseMs: false,
})
const msw = setupServer(...createHandlers(server))
beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }))
afterAll(async () => {
  msw.close()
  await server.close()
})

describe('a sign-in in-process through msw (docs/protocol.md §7.1)', { timeout: 20_000 }, () => {
  it('runs /auth, the return page, /token and a JWT route without a port', async () => {
    const [app] = server.platform.applications.list()
    const [alice] = server.platform.users.list()
    if (!app || !alice) throw new Error('demo fixtures')
    const redirect = 'http://127.0.0.1:3000/callback'
    const { verifier, challenge } = pkcePair()
    const started = await fetch(
      `https://login.pullsign.test/auth?${new URLSearchParams({
        client_id: app.apiKey,
        redirect_uri: redirect,
        response_type: 'code',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      })}`,
      { redirect: 'manual' },
    )
    const uuid = (started.headers.get('location') ?? '').split('https://pullsign.test/sign/')[1]
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/)
    await server.wallet.sign(uuid ?? '', { user: alice.uuid })
    const back = await fetch(
      server.platform.payloads.record(uuid ?? '').meta.return_url_web ?? '',
      {
        redirect: 'manual',
      },
    )
    const code = new URL(back.headers.get('location') ?? '').searchParams.get('code') ?? ''
    const token = await fetch('https://login.pullsign.test/token', {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: app.apiKey,
        redirect_uri: redirect,
        code_verifier: verifier,
      }),
    })
    const { access_token } = (await token.json()) as { access_token: string }
    const ping = await fetch('https://pullsign.test/api/v1/jwt/ping', {
      headers: { authorization: `Bearer ${access_token}` },
    })
    expect(await ping.json()).toMatchObject({
      pong: true,
      iss: 'https://login.pullsign.test',
      sub: alice.accounts[0]?.address,
    })
  })
})

import { describe, expect, it } from 'vitest'
import { createReferenceServer } from '../../src/index'
import { startOAuthServer } from '../identity/oauth-client'
import { errorOf } from '../server/test-server'

describe('the OAuth signing key is part of the snapshot', { timeout: 60_000 }, () => {
  it('an access token issued before a restart still verifies after it; without the key it does not', async () => {
    const o = await startOAuthServer()
    const token = await o.accessToken()
    const snapshot = o.t.server.snapshot()
    expect(snapshot.signingKey).toMatchObject({ kty: 'RSA' })
    const issuer = o.t.endpoints.oauth
    await o.close()

    // The same `{oauth}` (the token's issuer), as a restart on the same address has it.
    const restarted = createReferenceServer({ ledgerCloseMs: false, oauthUrl: issuer })
    try {
      await restarted.listen(0)
      const ping = (bearer: string) =>
        fetch(`${restarted.endpoints.api}/api/v1/jwt/ping`, {
          headers: { authorization: `Bearer ${bearer}` },
        })
      expect((await errorOf(await ping(token))).status).toBe(401)
      restarted.restore(snapshot)
      const answer = await ping(token)
      expect(answer.status, await answer.clone().text()).toBe(200)
      expect(await answer.json()).toMatchObject({ pong: true, client_id: o.client.apiKey })
      expect(restarted.snapshot().signingKey).toEqual(snapshot.signingKey)
    } finally {
      await restarted.close()
    }
  })
})

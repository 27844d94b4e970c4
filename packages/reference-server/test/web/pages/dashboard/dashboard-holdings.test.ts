import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { okJson, startTestServer, type TestServer } from '../../../server/test-server'

let t: TestServer
beforeEach(async () => {
  t = await startTestServer()
})
afterEach(() => t.close())

const ISSUER = 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq'

describe('dashboard trust lines and tickets (docs/protocol.md §8.5)', () => {
  it('lists a line with its balance and limits, and unused tickets, per network', async () => {
    t.server.platform.ledger.fund(ISSUER, '50000000', ['TESTNET'])
    const sign = async (txjson: object) => {
      const { uuid } = await t.createPayload({ txjson })
      return okJson(
        await t.control(`payloads/${uuid}/sign`, { user: t.alice.uuid, network: 'TESTNET' }),
      )
    }
    const limit = { currency: 'USD', issuer: ISSUER, value: '250' }
    const trusted = await sign({ TransactionType: 'TrustSet', LimitAmount: limit })
    await sign({ TransactionType: 'TicketCreate', TicketCount: 2 })
    const address = trusted.response.account as string
    const body = await (await fetch(`${t.endpoints.api}/`)).text()
    const section = body.slice(body.indexOf('id="holdings"'))
    expect(section).toContain(`data-line="${address}:TESTNET:USD:${ISSUER}"`)
    expect(section).toMatch(/<td class="amount">0 USD<\/td>.*<td class="amount">250<\/td>/s)
    expect(section).toMatch(
      new RegExp(`data-tickets="${address}:TESTNET".*tickets \\d+, \\d+`, 's'),
    )
  })

  it('says so when nobody holds a line or a ticket', async () => {
    const body = await (await fetch(`${t.endpoints.api}/`)).text()
    expect(body).toContain('No trust lines or tickets yet.')
  })
})

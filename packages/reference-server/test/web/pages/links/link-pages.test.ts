import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { signedPayment } from '../../../server/signed-payment'
import { okJson, startTestServer, type TestServer } from '../../../server/test-server'

let t: TestServer
beforeEach(async () => {
  t = await startTestServer()
})
afterEach(() => t.close())

const ACCOUNT = 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq'
const ISSUER = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe'
const page = (path: string, init: RequestInit = {}) =>
  fetch(`${t.endpoints.links}${path}`, { redirect: 'manual', ...init })
const hexOf = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('hex')

describe('payment request links (docs/protocol.md §9.2)', () => {
  it('shows the account, amount, asset, network, tag and invoice id, with a button to pay', async () => {
    const invoice = 'AB'.repeat(32)
    const res = await page(
      `/detect/request:${ACCOUNT}?amount=12.5&currency=USD&issuer=${ISSUER}&network=XAHAU&dt=42&invoiceid=${invoice}`,
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    const body = await res.text()
    for (const text of [ACCOUNT, '12.5 USD', ISSUER, 'XAHAU', '42', invoice])
      expect(body).toContain(text)
    expect(body).toMatch(/<button class="sign" type="submit">Pay/)
  })

  it('without an amount shows no pay button', async () => {
    const body = await (await page(`/detect/request:${ACCOUNT}`)).text()
    expect(body).not.toContain('<button')
    expect(body).toContain('the payer chooses')
  })

  it('its button creates the Payment sign request (forced to Xahau) and redirects to its sign page', async () => {
    const res = await page(`/detect/request:${ACCOUNT}?amount=1.5&network=XAHAU&dt=7`, {
      method: 'POST',
    })
    expect(res.status).toBe(303)
    const location = res.headers.get('location') ?? ''
    expect(location).toMatch(/\/sign\/[0-9a-f-]{36}$/)
    const uuid = location.split('/').pop() ?? ''
    const signed = await okJson(await t.control(`payloads/${uuid}/sign`, { user: t.alice.uuid }))
    expect(signed.payload.request_json).toMatchObject({
      TransactionType: 'Payment',
      Destination: ACCOUNT,
      Amount: '1500000',
      DestinationTag: 7,
    })
    expect(signed.response.dispatched_nodetype).toBe('XAHAU')
  })

  it.each([
    ['invoiceid=12', ['invoiceid must be 64 hex']],
    [`issuer=${ISSUER}`, ['issuer needs currency']],
    ['currency=USD', ['currency needs issuer']],
    ['network=MOON', ['network must be XRPL or XAHAU']],
    ['amount=-1&dt=x', ['amount must be', 'dt must be']],
  ])('?%s → 400 naming %j', async (query, problems) => {
    const res = await page(`/detect/request:${ACCOUNT}?${query}`)
    expect(res.status).toBe(400)
    const body = await res.text()
    for (const problem of problems) expect(body).toContain(problem)
  })

  it('a bad account → 400 naming it', async () => {
    const res = await page('/detect/request:rNotAnAddress')
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('account is not a valid classic address')
  })
})

describe('sign links (docs/protocol.md §9.2)', () => {
  const trustSet = {
    TransactionType: 'TrustSet',
    LimitAmount: { currency: 'USD', issuer: ISSUER, value: '100' },
  }

  it('shows the transaction and its JSON, with a button into signing', async () => {
    const res = await page(`/detect/${hexOf(trustSet)}`)
    expect(res.status).toBe(200)
    const body = await res.text()
    expect(body).toContain('TrustSet')
    expect(body).toContain(ISSUER)
    expect(body).toMatch(/<button class="sign"/)
    const post = await page(`/detect/${hexOf(trustSet)}`, { method: 'POST' })
    expect(post.status).toBe(303)
  })

  it.each([
    ['not hex', 'zz12', 'hex is not hexadecimal'],
    ['not JSON', Buffer.from('hello').toString('hex'), 'hex is not the UTF-8 JSON'],
    ['JSON but no transaction', hexOf([1, 2]), 'not the JSON of a transaction object'],
  ])('%s → 400', async (_, hex, problem) => {
    const res = await page(`/detect/${hex}`)
    expect(res.status).toBe(400)
    expect(await res.text()).toContain(problem)
  })
})

describe('explorer pages (docs/protocol.md §9.2)', () => {
  async function validatedPayment(network: 'TESTNET' | 'XAHAU') {
    const signed = await signedPayment(t, network, '3000000')
    await okJson(await t.control('ledger/close', { network }))
    return signed.response.txid as string
  }

  it('shows a transaction: result, validated, balance changes and JSON', async () => {
    const txid = await validatedPayment('TESTNET')
    const res = await page(`/explorer/TESTNET/${txid}`)
    expect(res.status).toBe(200)
    const body = await res.text()
    expect(body).toContain(txid)
    expect(body).toContain('tesSUCCESS')
    expect(body).toMatch(/Validated<\/dt><dd data-field="validated">yes/)
    expect(body).toContain('-3.000012')
    expect(body).toContain('&quot;TransactionType&quot;: &quot;Payment&quot;')
  })

  it('answers the 404 page for an unknown hash, or a hash on another network', async () => {
    const txid = await validatedPayment('TESTNET')
    expect((await page(`/explorer/mainnet/${txid}`)).status).toBe(404)
    expect((await page(`/explorer/TESTNET/${'0'.repeat(64)}`)).status).toBe(404)
  })

  it('a CTID redirects (302) to its transaction; unknown → 404; malformed → 400', async () => {
    const txid = await validatedPayment('XAHAU')
    const lookup = await okJson(await t.api(`xrpl-tx/${txid}`))
    const res = await page(`/explorer/${lookup.transaction.ctid}`)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`/explorer/XAHAU/${txid}`)
    expect((await page('/explorer/C000000100020003')).status).toBe(404)
    expect((await page('/explorer/C12')).status).toBe(400)
    expect((await page('/explorer/moon/abc')).status).toBe(400)
  })
})

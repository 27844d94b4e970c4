import { encodeCtid } from 'pullsign/links'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parseCtid } from '../../../src/ledger/codec/ctid'
import { signedPayment } from '../../server/signed-payment'
import { errorOf, okJson, startTestServer, type TestServer } from '../../server/test-server'

let t: TestServer
beforeEach(async () => {
  t = await startTestServer()
})
afterEach(() => t.close())

const ISSUER = 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq'

describe('GET /__ref/accounts/{address} (docs/protocol.md §10)', () => {
  it('shows a new user account with the balances it was created with, per network', async () => {
    const user = await okJson(
      await t.control('users', { name: 'Dana', balances: { XAHAU: '25000000' } }),
    )
    const address = user.accounts[0].address as string
    const xahau = await okJson(await t.control(`accounts/${address}?network=XAHAU`))
    expect(xahau).toMatchObject({
      address,
      network: 'XAHAU',
      balance: '25000000',
      ownerCount: 0,
      lines: [],
      tickets: [],
    })
    expect(typeof xahau.sequence).toBe('number')
    // Networks without a given balance start with 1,000 units (§10).
    const mainnet = await okJson(await t.control(`accounts/${address}`))
    expect(mainnet).toMatchObject({ network: 'MAINNET', balance: '1000000000' })
  })

  it('a balance below the base reserve is refused naming it; "0" leaves no account on that network', async () => {
    const users = t.server.platform.users.list().length
    const refused = await errorOf(
      await t.control('users', { name: 'Erin', balances: { TESTNET: '999999' } }),
    )
    expect(refused).toMatchObject({ status: 400, code: 600 })
    expect(refused.message).toBe(
      'balances.TESTNET must be at least the base reserve of TESTNET, 1000000 drops or "0" (no account on TESTNET): an account below it cannot exist on the ledger',
    )
    expect(t.server.platform.users.list()).toHaveLength(users)

    const user = await okJson(
      await t.control('users', { name: 'Erin', balances: { TESTNET: '0' } }),
    )
    const address = user.accounts[0].address as string
    expect((await t.control(`accounts/${address}?network=TESTNET`)).status).toBe(404)
    const node = await fetch(`${t.endpoints.api}/ledger/TESTNET`, {
      method: 'POST',
      body: JSON.stringify({ method: 'account_info', params: [{ account: address }] }),
    })
    expect((await node.json()).result).toMatchObject({ error: 'actNotFound' })
    expect(await okJson(await t.control(`accounts/${address}?network=MAINNET`))).toMatchObject({
      balance: '1000000000',
    })
  })

  it('shows the trust line a signed TrustSet created, with its limit and owner count', async () => {
    t.server.platform.ledger.fund(ISSUER, '50000000', ['TESTNET'])
    const { uuid } = await t.createPayload({
      txjson: {
        TransactionType: 'TrustSet',
        LimitAmount: { currency: 'USD', issuer: ISSUER, value: '500' },
      },
    })
    const signed = await okJson(
      await t.control(`payloads/${uuid}/sign`, { user: t.alice.uuid, network: 'TESTNET' }),
    )
    expect(signed.response.dispatched_result).toBe('tesSUCCESS')
    const address = signed.response.account as string
    const account = await okJson(await t.control(`accounts/${address}?network=TESTNET`))
    expect(account).toMatchObject({
      ownerCount: 1,
      lines: [
        { currency: 'USD', counterparty: ISSUER, balance: '0', limit: '500', limit_peer: '0' },
      ],
    })
  })

  it.each([
    ['not-an-address?network=TESTNET', 600, /address/],
    [`${ISSUER}?network=MOONNET`, 600, /network/],
    [`${ISSUER}?network=TESTNET`, 404, /not found/],
  ])('GET accounts/%s → %d naming the problem', async (path, code, message) => {
    const error = await errorOf(await t.control(`accounts/${path}`))
    expect(error.code).toBe(code)
    expect(error.message).toMatch(message)
  })

  it('answers only same-origin calls', async () => {
    const error = await errorOf(
      await t.control(`accounts/${ISSUER}`, undefined, { origin: 'https://evil.example' }),
    )
    expect(error.status).toBe(403)
  })
})

describe('xrpl-tx across networks (docs/protocol.md §8.5)', () => {
  it('finds a Xahau payment with ledger_index, date, ctid and TransactionIndex once validated', async () => {
    const signed = await signedPayment(t, 'XAHAU', '1000000')
    const txid = signed.response.txid as string
    const open = await okJson(await t.api(`xrpl-tx/${txid}`))
    expect(open.transaction).toMatchObject({ validated: false, meta: { TransactionIndex: 0 } })
    expect(open.transaction.ctid).toBeUndefined()
    await okJson(await t.control('ledger/close', { network: 'XAHAU' }))
    const answer = await okJson(await t.api(`xrpl-tx/${txid}`))
    const { ledger_index, date, ctid: id } = answer.transaction
    expect(answer.transaction.validated).toBe(true)
    expect(id).toBe(
      encodeCtid({ ledgerIndex: ledger_index, transactionIndex: 0, networkId: 21337 }),
    )
    // date is the ledger close time in seconds since 2000-01-01 (the Ripple epoch), rounded to
    // the 10 s close-time resolution as rippled rounds it.
    expect(date).toBe(t.server.platform.ledger.header('XAHAU', ledger_index)?.close_time)
    expect(Math.abs(date - (Math.floor(t.server.clock.now() / 1000) - 946_684_800))).toBeLessThan(
      10,
    )
    expect(answer.balanceChanges[signed.response.account]).toEqual([
      { counterparty: '', currency: 'XAH', value: '-1.00001' },
    ])
  })
})

describe('CTID (docs/protocol.md §9.2, XLS-37 vectors)', () => {
  it.each([
    [1, 2, 3, 'C000000100020003'],
    [0xfffffff, 0xffff, 0xffff, 'CFFFFFFFFFFFFFFF'],
    [95_000_001, 0, 0, 'C5A995C100000000'],
  ])('%d, %d, %d is %s, which the server reads back', (ledger, index, network, expected) => {
    const position = { ledgerIndex: ledger, transactionIndex: index, networkId: network }
    expect(encodeCtid(position)).toBe(expected)
    expect(parseCtid(expected)).toEqual(position)
  })
})

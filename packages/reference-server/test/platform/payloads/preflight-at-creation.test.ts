import { ApiError } from 'pullsign'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestEnvironment, type InProcessTestEnvironment } from '../../../src/testing'

// docs/protocol.md §3.1 "Before the ledger says so": the ledger's preflight runs over each
// payload's transaction at creation, the way a submission will run it.

const MINT = { TransactionType: 'NFTokenMint' }
const DEFAULT_NOTE =
  '(the network the wallet signs on when the payload forces none; options.force_network picks another)'

let env: InProcessTestEnvironment
const log: string[] = []
beforeAll(async () => {
  env = await createTestEnvironment({
    server: { requestLog: { write: (line) => log.push(line) }, rateLimits: false },
  })
})
afterAll(() => env.close())

const create = (body: Record<string, unknown>) =>
  fetch(`${env.endpoints.api}/api/v1/platform/payload`, {
    method: 'POST',
    headers: {
      'x-api-key': env.application.apiKey,
      'x-api-secret': env.application.apiSecret,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  })
const alice = () => env.users[0].accounts[0]?.address ?? ''

describe('by default a payload the ledger will refuse is created, and says why', () => {
  it('NFTokenMint without NFTokenTaxon: created, named in the answer, the log, the sign page and the dashboard; the ledger then answers temMALFORMED', async () => {
    const res = await create({ txjson: MINT })
    expect(res.status).toBe(200)
    const message = `txjson.NFTokenTaxon breaks the ledger's NFTokenMint preflight: temMALFORMED on MAINNET ${DEFAULT_NOTE}`
    expect(res.headers.get('x-pullsign-preflight')).toBe(message)
    const { uuid } = (await res.json()) as { uuid: string }
    expect(log.join('\n')).toContain(`POST /api/v1/platform/payload 200`)
    expect(log.join('\n')).toContain(`  ! ${message}`)

    const page = await (await fetch(`${env.endpoints.api}/sign/${uuid}`)).text()
    expect(page).toMatch(
      /<p class="status" data-state="error" id="preflight" role="note">The ledger will refuse this transaction: txjson\.NFTokenTaxon breaks the ledger&#39;s NFTokenMint preflight: temMALFORMED on MAINNET/,
    )
    const dashboard = await (await fetch(`${env.endpoints.api}/`)).text()
    const row = dashboard.slice(dashboard.indexOf(`data-payload="${uuid}"`))
    expect(row.slice(0, row.indexOf('</tr>'))).toContain('<span class="badge fail preflight"')

    // One rule set: what was said at creation is what the ledger answers the signature.
    const record = await env.users[0].sign(uuid)
    expect(record.response.dispatched_result).toBe('temMALFORMED')
  })

  it('a forced network is the one checked, and said plainly (NFTokenMint on XAHAU: temDISABLED, the type)', async () => {
    const res = await create({
      txjson: { ...MINT, NFTokenTaxon: 0 },
      options: { force_network: 'XAHAU' },
    })
    expect(res.headers.get('x-pullsign-preflight')).toBe(
      "txjson.TransactionType breaks the ledger's NFTokenMint preflight: temDISABLED on XAHAU",
    )
  })

  it.each<[string, () => Record<string, unknown>]>([
    ['a well-formed NFTokenMint', () => ({ txjson: { ...MINT, NFTokenTaxon: 0 } })],
    ['a SignIn (nothing is submitted)', () => ({ txjson: { TransactionType: 'SignIn' } })],
    [
      'a Payment on XAHAU without NetworkID (the wallet fills it)',
      () => ({
        txjson: { TransactionType: 'Payment', Destination: alice(), Amount: '1000' },
        options: { force_network: 'XAHAU' },
      }),
    ],
    [
      'a Payment to an account that may be the signer’s (only the signature tells)',
      () => ({ txjson: { TransactionType: 'Payment', Destination: alice(), Amount: '1000' } }),
    ],
  ])('%s: no finding', async (_, body) => {
    const res = await create(body())
    expect(res.status).toBe(200)
    expect(res.headers.get('x-pullsign-preflight')).toBeNull()
  })

  it('a forced signer is the Account checked: paying itself is temREDUNDANT, blamed on Destination', async () => {
    const res = await create({
      txjson: { TransactionType: 'Payment', Destination: alice(), Amount: '1000' },
      options: { signer: alice(), force_network: 'TESTNET' },
    })
    expect(res.headers.get('x-pullsign-preflight')).toBe(
      "txjson.Destination breaks the ledger's Payment preflight: temREDUNDANT on TESTNET",
    )
  })
})

describe('a multisigned transaction is checked as its own Account', () => {
  it('a multisigned Payment to its own Account is temREDUNDANT, the Account it names being the request’s', async () => {
    const res = await create({
      txjson: { TransactionType: 'Payment', Account: alice(), Destination: alice(), Amount: '1' },
      options: { multisign: true, force_network: 'TESTNET' },
    })
    expect(res.headers.get('x-pullsign-preflight')).toMatch(
      /^txjson\.(Destination|Account) breaks the ledger's Payment preflight: temREDUNDANT on TESTNET$/,
    )
  })
})

describe('strictTransactions refuses it (602, the rule and the field) and stores nothing', () => {
  let strict: InProcessTestEnvironment
  beforeAll(async () => {
    strict = await createTestEnvironment({ strictTransactions: true })
  })
  afterAll(() => strict.close())

  it('NFTokenMint without NFTokenTaxon → 602 naming txjson.NFTokenTaxon and temMALFORMED', async () => {
    const before = strict.server.platform.payloads.size
    const error = await strict.client.payload.create({ txjson: MINT }).catch((e) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 400, errorCode: 602 })
    expect(error.serverMessage).toBe(
      `txjson.NFTokenTaxon breaks the ledger's NFTokenMint preflight: temMALFORMED on MAINNET ${DEFAULT_NOTE}`,
    )
    expect(strict.server.platform.payloads.size).toBe(before)
    const fine = await strict.client.payload.create({ txjson: { ...MINT, NFTokenTaxon: 7 } })
    expect(fine.uuid).toMatch(/^[0-9a-f-]{36}$/)
  })

  it.each([
    [{ strictTransactions: 'yes' }, 'options.strictTransactions must be true or false'],
    [
      { strictTransactions: true, url: 'http://127.0.0.1:1' },
      'options.strictTransactions is for the in-process server only',
    ],
    [
      { strictTransactions: true, server: { strictTransactions: false } },
      'options.strictTransactions and options.server.strictTransactions are one setting',
    ],
    [{ server: { strictTransactions: 1 } }, 'strictTransactions must be true or false'],
  ])('the option is checked: %j', async (options, message) => {
    await expect(createTestEnvironment(options as never)).rejects.toThrow(message)
  })
})

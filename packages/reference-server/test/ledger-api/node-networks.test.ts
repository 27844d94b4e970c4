import { sign } from 'ripple-keypairs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { networkCodec } from '../../src/ledger/codec/network-codec'
import { networkDefinition } from '../../src/ledger/networks'
import { testKey } from '../ledger/test-keys'
import { errorOf, okJson, startTestServer, type TestServer } from '../server/test-server'

// Each network its own definitions, rules and amendments (docs/protocol.md §8.10), as an app's
// own node client sees them: JSON-RPC `POST {api}/ledger/K`, `GET {api}/ledger/K/definitions`.
let t: TestServer
const alice = testKey(93)

beforeAll(async () => {
  t = await startTestServer({ ledgerCloseMs: false, amendments: 'production' })
  t.server.platform.ledger.fund(alice.address, 100_000_000n)
})
afterAll(() => t?.close())

const rpc = async (network: string, method: string, params: Record<string, unknown> = {}) => {
  const res = await fetch(`${t.endpoints.api}/ledger/${network}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method, params: [params] }),
  })
  return ((await res.json()) as { result: Record<string, unknown> }).result
}

// A transaction signed with the network's own definitions, as a Xahau wallet signs it.
const signedOn = (key: 'MAINNET' | 'TESTNET' | 'XAHAU', fields: Record<string, unknown>) => {
  const codec = networkCodec(networkDefinition(key))
  const prepared = {
    Account: alice.address,
    Fee: '12',
    Sequence: t.server.platform.ledger.account(key, alice.address)?.sequence,
    SigningPubKey: alice.publicKey,
    ...(key === 'XAHAU' ? { NetworkID: 21337 } : {}),
    ...fields,
  }
  return codec.encode({
    ...prepared,
    TxnSignature: sign(codec.encodeForSigning(prepared), alice.privateKey),
  })
}

describe('server_definitions and GET /ledger/K/definitions answer each network its own', () => {
  it.each([
    ['MAINNET', { Payment: 0, Batch: 71 }, 'URITokenMint'],
    ['XAHAU', { URITokenMint: 45, Remit: 95, ClaimReward: 98, SetHook: 22 }, 'Batch'],
    ['XAHAUTESTNET', { URITokenMint: 45, Invoke: 99 }, 'AMMCreate'],
  ])('%s', async (network, types, unknown) => {
    const answer = await rpc(network, 'server_definitions')
    expect(answer.TRANSACTION_TYPES).toMatchObject(types)
    expect(answer.TRANSACTION_TYPES).not.toHaveProperty(unknown)
    const served = await okJson(await fetch(`${t.endpoints.api}/ledger/${network}/definitions`))
    expect(served).toEqual({ ...answer, status: undefined })
    if (network === 'MAINNET') expect(answer).not.toHaveProperty('native_currency_code')
    else expect(answer.native_currency_code).toBe('XAH')
  })
})

describe('feature answers each network its table, as rippled and xahaud do', () => {
  it('MAINNET in the production profile: mainnet has AMM (modelled), XRPFees (not modelled here), not Batch', async () => {
    const { features } = (await rpc('MAINNET', 'feature')) as {
      features: Record<string, { name: string; enabled: boolean; supported: boolean }>
    }
    const byName = Object.fromEntries(Object.values(features).map((f) => [f.name, f]))
    expect(byName.AMM).toMatchObject({ name: 'AMM', enabled: true, supported: true })
    expect(byName.XRPFees).toEqual({ name: 'XRPFees', enabled: true, supported: false })
    expect(byName.BatchV1_1).toEqual({
      name: 'BatchV1_1',
      enabled: false,
      supported: true,
      vetoed: false,
    })
    expect(byName).not.toHaveProperty('URIToken')
  })

  it('XAHAU by name and by id: URIToken enabled and modelled, Hooks not modelled, DeletableAccounts off', async () => {
    expect(await rpc('XAHAU', 'feature', { feature: 'URIToken' })).toMatchObject({
      ECF412BE0964EC2E71DCF807EEEA6EA8470D3DB15173D46F28AB6E234860AC32: {
        name: 'URIToken',
        enabled: true,
        supported: true,
      },
    })
    expect(await rpc('XAHAU', 'feature', { feature: 'Hooks' })).toMatchObject({
      ECE6819DBA5DB528F1A241695F5A9811EF99467CDE22510954FD357780BBD078: {
        name: 'Hooks',
        enabled: true,
        supported: false,
      },
    })
    const id = '30CD365592B8EE40489BA01AE2F7555CAC9C983145871DC82A42A31CF5BAE7D9'
    expect(await rpc('XAHAU', 'feature', { feature: id.toLowerCase() })).toMatchObject({
      [id]: { name: 'DeletableAccounts', enabled: false, vetoed: false },
    })
    expect(await rpc('TESTNET', 'feature', { feature: 'URIToken' })).toMatchObject({
      error: 'badFeature',
    })
  })
})

describe("a network's transactions are decoded with its definitions", () => {
  it('a Remit is no transaction on MAINNET: invalidTransaction, as rippled refuses an unknown type [rippled STTx.cpp]', async () => {
    const blob = networkCodec(networkDefinition('XAHAU')).encode({
      TransactionType: 'Remit',
      Account: alice.address,
      Destination: testKey(94).address,
      Fee: '12',
      Sequence: 1,
      SigningPubKey: '',
    })
    expect(await rpc('MAINNET', 'submit', { tx_blob: blob })).toMatchObject({
      error: 'invalidTransaction',
      error_exception: 'invalid transaction type',
    })
  })

  it('a URITokenMint decodes on XAHAU and is applied there [xahaud URIToken.cpp]', async () => {
    const blob = signedOn('XAHAU', { TransactionType: 'URITokenMint', URI: '697066733A2F2F' })
    const answer = await rpc('XAHAU', 'submit', { tx_blob: blob })
    expect(answer).toMatchObject({
      engine_result: 'tesSUCCESS',
      applied: true,
      tx_json: { TransactionType: 'URITokenMint', URI: '697066733A2F2F' },
    })
  })

  it.each([
    ['SetHook', { Hooks: [{ Hook: {} }] }],
    ['Invoke', { Destination: testKey(95).address }],
  ])(
    'a %s decodes on XAHAU and is refused honestly (temDISABLED), the node logging that it runs no hooks [xahaud SetHook.cpp, Invoke.cpp]',
    async (type, fields) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
      try {
        const blob = signedOn('XAHAU', { TransactionType: type, ...fields })
        const answer = await rpc('XAHAU', 'submit', { tx_blob: blob })
        expect(answer).toMatchObject({ engine_result: 'temDISABLED', applied: false })
        expect(warn).toHaveBeenCalledOnce()
        expect(String(warn.mock.calls[0]?.[0])).toContain(
          `refused temDISABLED by this node, not the network: ${type} needs the amendment Hooks; hooks are not executed by this node`,
        )
      } finally {
        warn.mockRestore()
      }
    },
  )
  it('Multi-Purpose Tokens are rippled-only: an MPT payment and an MPTokenIssuanceCreate are no transaction on XAHAU [xahaud STAmount.cpp, TxFormats.cpp]', async () => {
    const mptId = `00000001${'00'.repeat(20)}`
    const payment = signedOn('XAHAU', {
      TransactionType: 'Payment',
      Destination: testKey(94).address,
      Amount: { mpt_issuance_id: mptId, value: '1' },
    })
    // xahaud's STAmount has no MPT form: the blob does not deserialize there.
    expect(await rpc('XAHAU', 'submit', { tx_blob: payment })).toMatchObject({
      error: 'invalidTransaction',
    })
    const create = networkCodec(networkDefinition('MAINNET')).encode({
      TransactionType: 'MPTokenIssuanceCreate',
      Account: alice.address,
      Fee: '12',
      Sequence: 1,
      SigningPubKey: '',
    })
    expect(await rpc('XAHAU', 'submit', { tx_blob: create })).toMatchObject({
      error: 'invalidTransaction',
    })
    // MAINNET enabled MPTokensV1 on 2025-10-01: the production profile has it.
    const mainnet = signedOn('MAINNET', { TransactionType: 'MPTokenIssuanceCreate' })
    expect(await rpc('MAINNET', 'submit', { tx_blob: mainnet })).toMatchObject({
      engine_result: 'tesSUCCESS',
    })
  })

  it('a Batch is temDISABLED on MAINNET in the production profile, applied on TESTNET', async () => {
    const inner = {
      TransactionType: 'AccountSet',
      Account: alice.address,
      Fee: '0',
      SigningPubKey: '',
      Flags: 0x40000000,
    }
    const batch = (key: 'MAINNET' | 'TESTNET') => {
      const sequence = t.server.platform.ledger.account(key, alice.address)?.sequence ?? 0
      return signedOn(key, {
        TransactionType: 'Batch',
        Flags: 0x00010000,
        Fee: '36',
        Sequence: sequence,
        RawTransactions: [{ RawTransaction: { ...inner, Sequence: sequence + 1 } }],
      })
    }
    const before = t.server.platform.ledger.account('MAINNET', alice.address)
    expect(t.server.platform.ledger.submit('MAINNET', batch('MAINNET')).engine_result).toBe(
      'temDISABLED',
    )
    expect(t.server.platform.ledger.account('MAINNET', alice.address)).toEqual(before)
    expect(t.server.platform.ledger.submit('TESTNET', batch('TESTNET')).engine_result).toBe(
      'tesSUCCESS',
    )
  })
})

describe('POST /__ref/ledger/amendments (docs/protocol.md §10)', () => {
  it('switches one amendment on one network, after the profile, and answers the table', async () => {
    const answer = await okJson(
      await t.control('ledger/amendments', { network: 'TESTNET', disable: ['Checks'] }),
    )
    // The server's profile is production; TESTNET keeps the default table in it.
    expect(answer).toMatchObject({ network: 'TESTNET', profile: 'production' })
    expect(answer.enabled).not.toContain('Checks')
    expect(answer.enabled).toContain('Escrow')
    expect(t.server.platform.ledger.amendments('TESTNET').enabled('Checks')).toBe(false)
    const back = await okJson(
      await t.control('ledger/amendments', { network: 'TESTNET', profile: 'default' }),
    )
    expect(back).toMatchObject({ profile: 'default' })
    expect(back.enabled).toContain('Checks')
    const mainnet = await okJson(
      await t.control('ledger/amendments', { network: 'MAINNET', enable: ['BatchV1_1'] }),
    )
    expect(mainnet).toMatchObject({ profile: 'production' })
    expect(mainnet.enabled).toContain('BatchV1_1')
    await t.control('ledger/amendments', { network: 'MAINNET', profile: 'production' })
  })

  it.each([
    [{ network: 'MOON', enable: ['Checks'] }, 'network'],
    [{ network: 'TESTNET', enable: ['Checks', 'URIToken'] }, 'enable.1'],
    [{ network: 'XAHAU', disable: ['BatchV1_1'] }, 'disable.0'],
    [{ network: 'TESTNET', profile: 'mainnet' }, 'profile'],
    [{ network: 'TESTNET', enable: 'Checks' }, 'enable'],
    [{ network: 'TESTNET', switch: ['Checks'] }, 'switch'],
  ])('refuses %j naming %s, and changes nothing', async (body, field) => {
    const before = t.server.platform.ledger.amendments('TESTNET')
    const error = await errorOf(await t.control('ledger/amendments', body))
    expect(error.status).toBe(400)
    expect(error.message).toContain(field)
    expect(t.server.platform.ledger.amendments('TESTNET')).toBe(before)
  })

  it('keeps each network table in a snapshot, and a restore brings it back', async () => {
    await t.control('ledger/amendments', { network: 'XAHAU', disable: ['Checks'] })
    const snapshot = await okJson(await t.control('snapshot'))
    expect(snapshot.ledger.XAHAU.amendments.enabled).not.toContain('Checks')
    expect(snapshot.ledger.MAINNET.amendments).toMatchObject({ profile: 'production' })
    const other = await startTestServer({ ledgerCloseMs: false })
    try {
      expect(other.server.platform.ledger.amendments('MAINNET').enabled('BatchV1_1')).toBe(true)
      await okJson(await other.control('restore', snapshot))
      const { ledger } = other.server.platform
      expect(ledger.amendments('XAHAU').enabled('Checks')).toBe(false)
      expect(ledger.amendments('MAINNET').profile).toBe('production')
      expect(ledger.amendments('MAINNET').enabled('BatchV1_1')).toBe(false)
      const bad = structuredClone(snapshot)
      bad.ledger.XAHAU.amendments.enabled.push('BatchV1_1')
      const error = await errorOf(await other.control('restore', bad))
      expect(error.status).toBe(400)
      expect(error.message).toContain('amendments')
    } finally {
      await other.close()
    }
  })
})

describe("a payload's transaction is checked with the definitions of the network it is forced to", () => {
  it.each([
    ['XAHAU', 200],
    ['MAINNET', 400],
    [undefined, 200],
  ])('a URITokenMint forced to %s → %i', async (network, status) => {
    const res = await t.api('payload', {
      json: {
        txjson: { TransactionType: 'URITokenMint', URI: '697066733A2F2F' },
        ...(network ? { options: { force_network: network } } : {}),
      },
    })
    expect(res.status).toBe(status)
    if (status === 400) {
      expect((await res.json()).error.message).toContain(
        'txjson.TransactionType "URITokenMint" is not a transaction type of MAINNET',
      )
    }
  })

  it('the wallet signs it on XAHAU with xahaud definitions, and refuses to on MAINNET', async () => {
    const { uuid } = await t.createPayload({
      txjson: { TransactionType: 'URITokenMint', URI: '697066733A2F2F' },
      options: { submit: false },
    })
    const [user] = t.server.platform.users.list()
    const refused = await t.control(`payloads/${uuid}/sign`, {
      user: user?.uuid,
      network: 'MAINNET',
    })
    const error = await errorOf(refused)
    expect(error.status).toBe(400)
    expect(error.message).toContain('MAINNET has no transaction type')
    const record = await okJson(
      await t.control(`payloads/${uuid}/sign`, { user: user?.uuid, network: 'XAHAU' }),
    )
    const decoded = networkCodec(networkDefinition('XAHAU')).decodeCanonical(record.response.hex)
    expect(decoded?.tx).toMatchObject({ TransactionType: 'URITokenMint', NetworkID: 21337 })
  })
})

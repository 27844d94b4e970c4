import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Client, type Payment, type SubmittableTransaction, Wallet } from 'xrpl'
import { createLedger } from '../../src/ledger'
import { REFUSAL_HISTORY } from '../../src/ledger/network-ledger'
import { createClock } from '../../src/platform/clock'
import { createTestEnvironment, type InProcessTestEnvironment } from '../../src/testing'
import { errorOf, okJson as ok, startTestServer, type TestServer } from '../server/test-server'

describe('env.ledger.K.explain: why a transaction failed, read back by hash (issue 40 §6)', () => {
  let env: InProcessTestEnvironment
  let client: Client
  let seller: Wallet
  let buyer: Wallet
  beforeAll(async () => {
    env = await createTestEnvironment({ clock: 'manual' })
    client = new Client(env.ledger.TESTNET.ws)
    await client.connect()
    ;[seller, buyer] = env.ledger.TESTNET.wallets.map((w) => Wallet.fromSeed(w.seed)) as [
      Wallet,
      Wallet,
    ]
  })
  afterAll(async () => {
    await client.disconnect()
    await env.close()
  })
  const submit = async (tx: SubmittableTransaction, wallet: Wallet) =>
    (await client.submit(tx, { wallet, autofill: true })).result
  const meta = async (hash: string) =>
    (await client.request({ command: 'tx', transaction: hash })).result.meta as unknown as Record<
      string,
      string
    >

  it('an NFT sell offer accepted after its Expiration: tecEXPIRED with both times [rippled NFTokenAcceptOffer.cpp]', async () => {
    const minted = await submit(
      { TransactionType: 'NFTokenMint', Account: seller.classicAddress, NFTokenTaxon: 0, Flags: 8 },
      seller,
    )
    const tokenId = (await meta(minted.tx_json.hash as string)).nftoken_id as string
    const expiration = (await env.ledger.TESTNET.closeTime()) + 60
    const offered = await submit(
      {
        TransactionType: 'NFTokenCreateOffer',
        Account: seller.classicAddress,
        NFTokenID: tokenId,
        Amount: '1000000',
        Flags: 1,
        Expiration: expiration,
      },
      seller,
    )
    const offerId = (await meta(offered.tx_json.hash as string)).offer_id as string
    await env.travel(120)
    const close = await env.ledger.TESTNET.closeTime()
    const accepted = await submit(
      {
        TransactionType: 'NFTokenAcceptOffer',
        Account: buyer.classicAddress,
        NFTokenSellOffer: offerId,
      },
      buyer,
    )
    expect(accepted.engine_result).toBe('tecEXPIRED')
    const why = await env.ledger.TESTNET.explain(accepted.tx_json.hash as string)
    expect(why).toEqual({
      hash: accepted.tx_json.hash,
      network: 'TESTNET',
      result: 'tecEXPIRED',
      rule: 'expired',
      detail: `the offer's Expiration ${expiration} is not after the parent ledger's close ${close}`,
      source: 'NFTokenAcceptOffer.cpp',
      applied: true,
      ledger_index: expect.any(Number),
    })
    expect(`${why.result}: ${why.detail} (${why.source})`).toBe(
      `tecEXPIRED: the offer's Expiration ${expiration} is not after the parent ledger's close ${close} (NFTokenAcceptOffer.cpp)`,
    )
  })

  it('a tef that never reached a ledger, by the hash submit answered [rippled Transactor.cpp]', async () => {
    const tx: Payment = await client.autofill({
      TransactionType: 'Payment',
      Account: seller.classicAddress,
      Destination: buyer.classicAddress,
      Amount: '1000000',
    })
    const stale = { ...tx, Sequence: (tx.Sequence as number) - 1 }
    const { result } = await client.submit(seller.sign(stale).tx_blob)
    expect(result.engine_result).toBe('tefPAST_SEQ')
    expect(await env.ledger.TESTNET.explain(result.tx_json.hash as string)).toEqual({
      hash: result.tx_json.hash,
      network: 'TESTNET',
      result: 'tefPAST_SEQ',
      rule: 'sequence-past',
      detail: `Sequence ${stale.Sequence} is before the account's next sequence ${tx.Sequence}`,
      source: 'Transactor.cpp',
      applied: false,
      ledger_index: null,
    })
  })

  it('a code no rule explains yet: rippled’s message as detail, the type’s rippled file as source', async () => {
    const { result } = await client.submit(
      seller.sign(
        await client.autofill({
          TransactionType: 'AccountSet',
          Account: seller.classicAddress,
          TransferRate: 3_000_000_000,
        }),
      ).tx_blob,
    )
    expect(result.engine_result).toBe('temBAD_TRANSFER_RATE')
    expect(await env.ledger.TESTNET.explain(result.tx_json.hash as string)).toMatchObject({
      result: 'temBAD_TRANSFER_RATE',
      rule: 'unexplained',
      detail: result.engine_result_message,
      source: 'SetAccount.cpp',
      applied: false,
    })
  })

  it('tesSUCCESS says so, with its ledger', async () => {
    const paid = await submit(
      {
        TransactionType: 'Payment',
        Account: buyer.classicAddress,
        Destination: seller.classicAddress,
        Amount: '1000000',
      },
      buyer,
    )
    const ledgerIndex = env.server.platform.ledger.latestClosedIndex('TESTNET')
    expect(await env.ledger.TESTNET.explain(paid.tx_json.hash as string)).toMatchObject({
      result: 'tesSUCCESS',
      rule: 'success',
      detail: `the transaction applied in ledger ${ledgerIndex}`,
      source: '',
      applied: true,
      ledger_index: ledgerIndex,
    })
  })

  it('snapshots keep a tec’s explanation with its transaction; restore and reset forget the refusals no ledger holds', async () => {
    const tec = await submit(
      {
        TransactionType: 'Payment',
        Account: buyer.classicAddress,
        Destination: seller.classicAddress,
        Amount: '900000000000',
      },
      buyer,
    )
    expect(tec.engine_result).toBe('tecUNFUNDED_PAYMENT')
    const snapshot = await env.snapshot()
    const tx = await client.autofill({
      TransactionType: 'Payment',
      Account: buyer.classicAddress,
      Destination: seller.classicAddress,
      Amount: '1000000',
    })
    const { result } = await client.submit(buyer.sign({ ...tx, Sequence: 1 }).tx_blob)
    expect(result.engine_result).toBe('tefPAST_SEQ')
    const tecHash = tec.tx_json.hash as string
    const before = await env.ledger.TESTNET.explain(tecHash)
    await env.restore(JSON.parse(JSON.stringify(snapshot)))
    expect(await env.ledger.TESTNET.explain(tecHash)).toEqual(before)
    await expect(env.ledger.TESTNET.explain(result.tx_json.hash as string)).rejects.toThrow(
      `404: transaction ${result.tx_json.hash} on TESTNET not found`,
    )
  })
})

describe('GET /__ref/ledger/{K}/tx/{hash}/explain over HTTP, and the request log (docs/protocol.md §10)', () => {
  let t: TestServer
  let logged: string[]
  beforeEach(async () => {
    logged = []
    t = await startTestServer({ requestLog: { write: (line) => logged.push(line) } })
  })
  afterEach(() => t.close())

  // A payment the node refuses before any ledger: its Sequence is long past.
  const staleSubmit = async () => {
    const wallet = Wallet.generate()
    t.server.platform.ledger.fund(wallet.classicAddress, 50_000_000n, ['TESTNET'])
    const blob = wallet.sign({
      TransactionType: 'Payment',
      Account: wallet.classicAddress,
      Destination: t.alice.accounts[0]?.address as string,
      Amount: '1000000',
      Fee: '12',
      Sequence: 1,
    }).tx_blob
    const rpc = await fetch(`${t.endpoints.api}/ledger/TESTNET`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'submit', params: [{ tx_blob: blob }] }),
    })
    return (await ok(rpc)).result as { engine_result: string; tx_json: { hash: string } }
  }

  it('explains a refused submission, and its request log line says why', async () => {
    const { engine_result, tx_json } = await staleSubmit()
    expect(engine_result).toBe('tefPAST_SEQ')
    const why = await ok(await t.control(`ledger/TESTNET/tx/${tx_json.hash.toLowerCase()}/explain`))
    expect(why).toMatchObject({ hash: tx_json.hash, result: 'tefPAST_SEQ', rule: 'sequence-past' })
    expect(logged).toContainEqual(
      expect.stringMatching(
        /^POST \/ledger\/TESTNET 200 .* ms\n {2}! tefPAST_SEQ: Sequence 1 is before the account's next sequence \d+ \(Transactor\.cpp\)$/,
      ),
    )
  })

  it.each([
    [`NOPE/tx/${'A'.repeat(64)}`, 400, /^network must be one of MAINNET/],
    ['TESTNET/tx/xyz', 400, /^hash must be 64 hex characters/],
    [
      `TESTNET/tx/${'A'.repeat(64)}`,
      404,
      new RegExp(`^transaction ${'A'.repeat(64)} on TESTNET not found`),
    ],
  ])('%s → %i naming it', async (path, status, message) => {
    const error = await errorOf(await t.control(`ledger/${path}/explain`))
    expect(error.status).toBe(status)
    expect(error.message).toMatch(message)
  })
})

describe('the refusals a network keeps are bounded', () => {
  it(`keeps the latest ${REFUSAL_HISTORY}, the oldest forgotten first`, () => {
    const ledger = createLedger({ clock: createClock({ manual: true }), closeMs: false })
    // Hex blobs that are no signed transaction: refused (tem), each its own hash.
    const hashes = Array.from({ length: REFUSAL_HISTORY + 1 }, (_, i) => {
      const answer = ledger.submit('TESTNET', `12${i.toString(16).padStart(8, '0')}`)
      expect(answer.engine_result).toMatch(/^tem/)
      return answer.txid
    })
    expect(new Set(hashes).size).toBe(hashes.length)
    expect(ledger.explain('TESTNET', hashes[0] as string)).toBeNull()
    for (const hash of hashes.slice(1)) {
      expect(ledger.explain('TESTNET', hash)?.verdict).toMatchObject({
        result: expect.stringMatching(/^tem/),
      })
    }
    ledger.dispose()
  })
})

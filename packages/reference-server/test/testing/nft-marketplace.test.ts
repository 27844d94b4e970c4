// The NFT marketplace recipe of docs/dev-chain.md ("A marketplace test, as a Hardhat user writes
// it"), against the source: the consumer project runs the same file against the packed packages.
import {
  createTestEnvironment,
  type InProcessTestEnvironment,
  type TestUser,
} from '@pullsign/reference-server/testing'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { Client, type SubmittableTransaction, Wallet } from 'xrpl'

let env: InProcessTestEnvironment
let node: Client
let seller: Wallet
let buyer: TestUser
let start: Awaited<ReturnType<InProcessTestEnvironment['snapshot']>>

beforeAll(async () => {
  // Payloads are signed on TESTNET, the network the marketplace lists on.
  env = await createTestEnvironment({ network: 'TESTNET', clock: 'manual' })
  node = new Client(env.ledger.TESTNET.ws)
  await node.connect()
  seller = Wallet.fromSeed(env.ledger.TESTNET.wallets[0]?.seed ?? '')
  buyer = env.users[0]
  start = await env.snapshot() // evm_snapshot
  // A file's first environment loads the server's modules: slow beside other files on a loaded
  // machine (the recipe, run once in the consumer project, needs no bound of its own).
}, 60_000)
afterEach(() => env.restore(start, { clock: true })) // evm_revert: every test starts here
afterAll(async () => {
  await node.disconnect()
  await env.close()
})

// The seller signs with xrpl.js; the kit's ledger validates as it answers (automine).
const submit = async (tx: SubmittableTransaction) => {
  const { result } = await node.submit(tx, { wallet: seller, autofill: true })
  const { meta } = (await node.request({ command: 'tx', transaction: result.tx_json.hash ?? '' }))
    .result
  return { result: result.engine_result, meta: meta as { nftoken_id?: string; offer_id?: string } }
}

// Mints a token and offers it for 10 units until `seconds` after the latest close.
const listForSale = async (seconds: number) => {
  const minted = await submit({
    TransactionType: 'NFTokenMint',
    Account: seller.classicAddress,
    NFTokenTaxon: 0,
    Flags: 8, // tfTransferable
  })
  const tokenId = minted.meta.nftoken_id ?? ''
  const expiration = (await env.ledger.TESTNET.closeTime()) + seconds
  const offered = await submit({
    TransactionType: 'NFTokenCreateOffer',
    Account: seller.classicAddress,
    NFTokenID: tokenId,
    Amount: '10000000',
    Flags: 1, // tfSellNFToken
    Expiration: expiration,
  })
  return { tokenId, offerId: offered.meta.offer_id ?? '', expiration }
}

// The buyer accepts in the wallet: the app creates the payload, the simulated user signs it.
const buy = async (offerId: string) => {
  const { uuid } = await env.client.payload.create({
    txjson: { TransactionType: 'NFTokenAcceptOffer', NFTokenSellOffer: offerId },
  })
  const { response } = await buyer.sign(uuid)
  return { result: response.dispatched_result, hash: response.txid ?? '' }
}

test('the buyer accepts the sell offer in the wallet and owns the token', async () => {
  const { tokenId, offerId } = await listForSale(3600)
  expect((await buy(offerId)).result).toBe('tesSUCCESS')
  const { result } = await node.request({
    command: 'account_nfts',
    account: buyer.accounts[0]?.address ?? '',
  })
  expect(result.account_nfts.map((token) => token.NFTokenID)).toContain(tokenId)
})

test('an hour later the offer has expired, and explain says why', async () => {
  const { offerId, expiration } = await listForSale(3600)
  await env.travel(3600) // evm_increaseTime + evm_mine: never short of the hour
  const close = await env.ledger.TESTNET.closeTime()
  const { result, hash } = await buy(offerId)
  expect(result).toBe('tecEXPIRED')
  const why = await env.ledger.TESTNET.explain(hash) // console.log for the XRP Ledger
  expect(`${why.result}: ${why.detail} (${why.source})`).toBe(
    `tecEXPIRED: the offer's Expiration ${expiration} is not after the parent ledger's close ${close} (NFTokenAcceptOffer.cpp)`,
  )
})

test('a buyer short of funds: setBalance, and the refusal explained', async () => {
  const { offerId } = await listForSale(3600)
  await env.ledger.TESTNET.setBalance(buyer.accounts[0]?.address ?? '', '5000000') // anvil_setBalance
  const { result, hash } = await buy(offerId)
  expect(result).toBe('tecINSUFFICIENT_FUNDS')
  expect((await env.ledger.TESTNET.explain(hash)).source).toBe('NFTokenAcceptOffer.cpp')
})

test('the snapshot restored before this test: the seller holds no token, the buyer its balance', async () => {
  const { result } = await node.request({ command: 'account_nfts', account: seller.classicAddress })
  expect(result.account_nfts).toEqual([])
  expect(await node.getXrpBalance(buyer.accounts[0]?.address ?? '')).toBeGreaterThan(5)
})

test('the seller withdraws the offer without its key: impersonate', async () => {
  const { offerId } = await listForSale(3600)
  const answer = await env.ledger.TESTNET.impersonate({
    TransactionType: 'NFTokenCancelOffer',
    Account: seller.classicAddress,
    NFTokenOffers: [offerId],
  })
  expect(answer.engine_result).toBe('tesSUCCESS')
  expect((await buy(offerId)).result).toBe('tecOBJECT_NOT_FOUND')
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountSetAsfFlags, type Client, type SubmittableTransaction, Wallet } from 'xrpl'
import type { ReferenceServer } from '../../src'
import { startNode } from './start-node'

// Every read names its ledger (docs/protocol.md §8.6): what the open ledger applied is in
// `current` at once and in `validated` (and `closed`) only once its ledger closes.
let server: ReferenceServer
let client: Client
const holder = Wallet.generate()
const issuer = Wallet.generate()
const maker = Wallet.generate()
const minter = Wallet.generate()
const owner = Wallet.generate()
const shop = Wallet.generate()
const usd = { currency: 'USD', issuer: issuer.classicAddress }
let tokenId: string

// Applied to the open ledger, not closed: what `client.submit` alone does.
const submitOpen = async (tx: SubmittableTransaction, wallet: Wallet) => {
  const { result } = await client.submit(tx, { wallet })
  expect(result.engine_result, tx.TransactionType).toBe('tesSUCCESS')
}

// `undefined`: no `ledger_index`, which rippled reads as current (RPCLedgerHelpers.cpp).
type Ledger = 'current' | 'validated' | 'closed' | number | undefined
const read = async (request: Record<string, unknown>, ledger_index: Ledger) => {
  const answer: { result: Record<string, unknown> } = await client.request({
    ...request,
    ledger_index,
  } as never)
  return answer.result
}
// The error a read answers, or null when it answers a result.
const refusal = (request: Record<string, unknown>, ledger_index: Ledger) =>
  read(request, ledger_index).then(
    () => null,
    (error: { data: { error: string } }) => error.data.error,
  )

beforeAll(async () => {
  ;({ server, client } = await startNode(
    [holder, issuer, maker, minter, owner, shop].map((wallet) => wallet.classicAddress),
    1_000_000_000n,
  ))
  await submitOpen(
    {
      TransactionType: 'TrustSet',
      Account: holder.classicAddress,
      LimitAmount: { ...usd, value: '1000' },
    },
    holder,
  )
  await submitOpen(
    {
      TransactionType: 'Payment',
      Account: issuer.classicAddress,
      Destination: holder.classicAddress,
      Amount: { ...usd, value: '10' },
    },
    issuer,
  )
  await submitOpen(
    {
      TransactionType: 'OfferCreate',
      Account: maker.classicAddress,
      TakerGets: '5000000',
      TakerPays: { ...usd, value: '1' },
    },
    maker,
  )
  await submitOpen(
    { TransactionType: 'NFTokenMint', Account: minter.classicAddress, NFTokenTaxon: 0, Flags: 8 },
    minter,
  )
  const nfts = await read({ command: 'account_nfts', account: minter.classicAddress }, 'current')
  tokenId = (nfts.account_nfts as { NFTokenID: string }[])[0]?.NFTokenID as string
  await submitOpen(
    {
      TransactionType: 'NFTokenCreateOffer',
      Account: minter.classicAddress,
      NFTokenID: tokenId,
      Amount: '1000',
      Flags: 1,
    },
    minter,
  )
  await submitOpen(
    {
      TransactionType: 'PaymentChannelCreate',
      Account: owner.classicAddress,
      Destination: shop.classicAddress,
      Amount: '1000000',
      SettleDelay: 86400,
      PublicKey: owner.publicKey,
    },
    owner,
  )
  await submitOpen(
    {
      TransactionType: 'SignerListSet',
      Account: owner.classicAddress,
      SignerQuorum: 1,
      SignerEntries: [{ SignerEntry: { Account: holder.classicAddress, SignerWeight: 1 } }],
    },
    owner,
  )
  await submitOpen(
    {
      TransactionType: 'AccountSet',
      Account: shop.classicAddress,
      SetFlag: AccountSetAsfFlags.asfDepositAuth,
    },
    shop,
  )
})
afterAll(async () => {
  await client?.disconnect()
  await server?.close()
})

// What each read shows of the open ledger's changes, in the ledger `at`.
const seen = async (at: Ledger) => {
  const lines = await read({ command: 'account_lines', account: holder.classicAddress }, at)
  const currencies = await read(
    { command: 'account_currencies', account: holder.classicAddress },
    at,
  )
  const gateway = await read({ command: 'gateway_balances', account: issuer.classicAddress }, at)
  const noRipple = await read(
    { command: 'noripple_check', account: holder.classicAddress, role: 'user' },
    at,
  )
  const objects = await read(
    { command: 'account_objects', account: holder.classicAddress, type: 'state' },
    at,
  )
  const offers = await read({ command: 'account_offers', account: maker.classicAddress }, at)
  const book = await read(
    { command: 'book_offers', taker_gets: { currency: 'XRP' }, taker_pays: usd },
    at,
  )
  const nfts = await read({ command: 'account_nfts', account: minter.classicAddress }, at)
  const channels = await read({ command: 'account_channels', account: owner.classicAddress }, at)
  const info = await read(
    { command: 'account_info', account: owner.classicAddress, signer_lists: true, api_version: 2 },
    at,
  )
  const deposit = await read(
    {
      command: 'deposit_authorized',
      source_account: holder.classicAddress,
      destination_account: shop.classicAddress,
    },
    at,
  )
  return {
    lines: (lines.lines as { balance: string }[]).map((line) => line.balance),
    receive: currencies.receive_currencies,
    obligations: gateway.obligations ?? null,
    noRippleProblems: (noRipple.problems as string[]).length,
    stateObjects: (objects.account_objects as unknown[]).length,
    accountOffers: (offers.offers as unknown[]).length,
    bookOffers: (book.offers as unknown[]).length,
    nfts: (nfts.account_nfts as unknown[]).length,
    channels: (channels.channels as unknown[]).length,
    signerLists: (info.signer_lists as unknown[]).length,
    depositAuthorized: deposit.deposit_authorized,
    lineEntry: await refusal(
      {
        command: 'ledger_entry',
        ripple_state: { accounts: [holder.classicAddress, issuer.classicAddress], currency: 'USD' },
      },
      at,
    ),
    sellOffers: await refusal({ command: 'nft_sell_offers', nft_id: tokenId }, at),
  }
}

// The offers a book subscription's snapshot answers: rippled reads its published (validated) ledger.
const snapshot = async () => {
  const { result } = await client.request({
    command: 'subscribe',
    books: [
      {
        taker_gets: { currency: 'XRP' },
        taker_pays: usd,
        taker: maker.classicAddress,
        snapshot: true,
      },
    ],
  })
  return (result as unknown as { offers: unknown[] }).offers.length
}

const OPEN = {
  lines: ['10'],
  receive: ['USD'],
  obligations: { USD: '10' },
  noRippleProblems: 1,
  stateObjects: 1,
  accountOffers: 1,
  bookOffers: 1,
  nfts: 1,
  channels: 1,
  signerLists: 1,
  depositAuthorized: false,
  lineEntry: null,
  sellOffers: null,
}

describe('reads of the ledger a request selects (ledger_index)', () => {
  it('shows what the open ledger applied in current, and none of it in validated or closed', async () => {
    expect(await seen('current')).toEqual(OPEN)
    expect(await seen(undefined)).toEqual(OPEN)
    const before = {
      lines: [],
      receive: [],
      obligations: null,
      noRippleProblems: 0,
      stateObjects: 0,
      accountOffers: 0,
      bookOffers: 0,
      nfts: 0,
      channels: 0,
      signerLists: 0,
      depositAuthorized: true,
      lineEntry: 'entryNotFound',
      sellOffers: 'objectNotFound',
    }
    expect(await seen('validated')).toEqual(before)
    expect(await seen('closed')).toEqual(before)
    const { ledger_index } = await read({ command: 'ledger_closed' }, 'validated')
    expect(await seen(ledger_index as number)).toEqual(before)
    expect(await snapshot()).toBe(0)
  })

  it('answers with the ledger it read: ledger_current_index, or the closed ledger and its hash', async () => {
    const account = holder.classicAddress
    const open = await read({ command: 'account_lines', account }, 'current')
    const closed = await read({ command: 'account_lines', account }, 'validated')
    expect(open).toMatchObject({ ledger_current_index: expect.any(Number), validated: false })
    expect(closed).toMatchObject({
      ledger_index: (open.ledger_current_index as number) - 1,
      ledger_hash: expect.stringMatching(/^[0-9A-F]{64}$/),
      validated: true,
    })
  })

  it('shows all of it in validated once the ledger closes (ledger_accept)', async () => {
    const { ledger_index: before } = await read({ command: 'ledger_closed' }, 'validated')
    await client.request({ command: 'ledger_accept' } as never)
    expect(await seen('validated')).toEqual(OPEN)
    expect(await seen('current')).toEqual(OPEN)
    expect(await snapshot()).toBe(1)
    // The node keeps the latest closed state only: an older kept index reads it (§8.6).
    expect(await seen(before as number)).toEqual(OPEN)
  })
})

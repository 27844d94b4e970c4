import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AccountSetAsfFlags,
  type Client,
  getNFTokenID,
  hashes,
  type SubmittableTransaction,
  signPaymentChannelClaim,
  type TransactionMetadata,
  Wallet,
} from 'xrpl'
import type { ReferenceServer } from '../../src'
import { startNode, submitValidated } from './start-node'

let server: ReferenceServer
let client: Client
const alice = Wallet.generate()
const bob = Wallet.generate()
const issuer = Wallet.generate()
const stranger = Wallet.generate()

const submit = async (tx: SubmittableTransaction, wallet: Wallet) => {
  const result = await submitValidated(client, tx, wallet)
  const meta = result.meta as TransactionMetadata
  expect(meta.TransactionResult).toBe('tesSUCCESS')
  return { hash: result.hash, meta }
}

beforeAll(async () => {
  ;({ server, client } = await startNode(
    [alice, bob, issuer].map((wallet) => wallet.classicAddress),
    1_000_000_000n,
  ))
})
afterAll(async () => {
  await client?.disconnect()
  await server?.close()
})

const refusal = (error: string, message?: string) => ({
  data: { error, ...(message ? { error_message: message } : {}) },
})

describe('channel and deposit reads (account_channels, channel_verify, deposit_authorized)', () => {
  it('lists the channels an account owns, by destination, and verifies a claim', async () => {
    for (const destination of [bob, issuer]) {
      await submit(
        {
          TransactionType: 'PaymentChannelCreate',
          Account: alice.classicAddress,
          Destination: destination.classicAddress,
          Amount: '10000000',
          SettleDelay: 60,
          PublicKey: alice.publicKey,
        },
        alice,
      )
    }
    const all = await client.request({ command: 'account_channels', account: alice.classicAddress })
    expect(all.result.channels).toHaveLength(2)
    const toBob = await client.request({
      command: 'account_channels',
      account: alice.classicAddress,
      destination_account: bob.classicAddress,
    })
    expect(toBob.result.channels).toHaveLength(1)
    const channel = toBob.result.channels[0] as (typeof toBob.result.channels)[number]
    expect(channel).toMatchObject({
      account: alice.classicAddress,
      destination_account: bob.classicAddress,
      amount: '10000000',
      balance: '0',
      settle_delay: 60,
      public_key_hex: alice.publicKey,
    })
    // The receiver's list holds none: the channel is alice's.
    const received = await client.request({
      command: 'account_channels',
      account: bob.classicAddress,
    })
    expect(received.result.channels).toEqual([])

    const signature = signPaymentChannelClaim(channel.channel_id, '1', alice.privateKey)
    const good = await client.request({
      command: 'channel_verify',
      channel_id: channel.channel_id,
      amount: '1000000',
      public_key: alice.publicKey,
      signature,
    })
    expect(good.result.signature_verified).toBe(true)
    const more = await client.request({
      command: 'channel_verify',
      channel_id: channel.channel_id,
      amount: '2000000',
      public_key: alice.publicKey,
      signature,
    })
    expect(more.result.signature_verified).toBe(false)
    await expect(
      client.request({
        command: 'channel_verify',
        channel_id: 'nope',
        amount: '1',
        public_key: alice.publicKey,
        signature,
      }),
    ).rejects.toMatchObject(refusal('channelMalformed'))
  })

  it('pages account_channels with markers and refuses bad accounts', async () => {
    const first = await client.request({
      command: 'account_channels',
      account: alice.classicAddress,
      limit: 1,
    })
    // rippled's floor of 10 a page (Tuning.h): both channels on one page.
    expect(first.result.channels).toHaveLength(2)
    expect(first.result.marker).toBeUndefined()
    await expect(
      client.request({ command: 'account_channels', account: 'rNotAnAccount' }),
    ).rejects.toMatchObject(refusal('actMalformed'))
    await expect(
      client.request({ command: 'account_channels', account: stranger.classicAddress }),
    ).rejects.toMatchObject(refusal('actNotFound'))
  })

  it('answers deposit_authorized before and after DepositAuth and a preauthorization', async () => {
    const ask = () =>
      client.request({
        command: 'deposit_authorized',
        source_account: alice.classicAddress,
        destination_account: issuer.classicAddress,
      })
    expect((await ask()).result.deposit_authorized).toBe(true)
    await submit(
      {
        TransactionType: 'AccountSet',
        Account: issuer.classicAddress,
        SetFlag: AccountSetAsfFlags.asfDepositAuth,
      },
      issuer,
    )
    expect((await ask()).result.deposit_authorized).toBe(false)
    await submit(
      {
        TransactionType: 'DepositPreauth',
        Account: issuer.classicAddress,
        Authorize: alice.classicAddress,
      },
      issuer,
    )
    expect((await ask()).result).toMatchObject({
      source_account: alice.classicAddress,
      destination_account: issuer.classicAddress,
      deposit_authorized: true,
    })
    const missing = [
      [stranger, issuer, 'srcActNotFound'],
      [alice, stranger, 'dstActNotFound'],
    ] as const
    for (const [source, destination, error] of missing) {
      await expect(
        client.request({
          command: 'deposit_authorized',
          source_account: source.classicAddress,
          destination_account: destination.classicAddress,
        }),
      ).rejects.toMatchObject(refusal(error))
    }
  })
})

describe('NFT reads (account_nfts, nft_sell_offers, nft_buy_offers)', () => {
  it('lists a minted token and its offers', async () => {
    const { meta } = await submit(
      { TransactionType: 'NFTokenMint', Account: bob.classicAddress, NFTokenTaxon: 7, Flags: 8 },
      bob,
    )
    const tokenId = getNFTokenID(meta) as string
    // The node's JSON meta carries rippled's synthetic nftoken_id, as tx and account_tx show it.
    expect(meta).toMatchObject({ nftoken_id: tokenId })
    const history = await client.request({
      command: 'account_tx',
      account: bob.classicAddress,
      limit: 1,
    })
    expect(history.result.transactions[0]?.meta).toMatchObject({ nftoken_id: tokenId })
    const nfts = await client.request({ command: 'account_nfts', account: bob.classicAddress })
    expect(nfts.result.account_nfts.map((nft) => nft.NFTokenID)).toEqual([tokenId])
    await expect(
      client.request({ command: 'nft_sell_offers', nft_id: tokenId }),
    ).rejects.toMatchObject(refusal('objectNotFound'))
    const created = await submit(
      {
        TransactionType: 'NFTokenCreateOffer',
        Account: bob.classicAddress,
        NFTokenID: tokenId,
        Amount: '5000000',
        Flags: 1,
      },
      bob,
    )
    await submit(
      {
        TransactionType: 'NFTokenCreateOffer',
        Account: alice.classicAddress,
        Owner: bob.classicAddress,
        NFTokenID: tokenId,
        Amount: '4000000',
      },
      alice,
    )
    const sell = await client.request({ command: 'nft_sell_offers', nft_id: tokenId })
    expect(created.meta).toMatchObject({ offer_id: sell.result.offers[0]?.nft_offer_index })
    expect(sell.result.offers).toMatchObject([{ owner: bob.classicAddress, amount: '5000000' }])
    const buy = await client.request({ command: 'nft_buy_offers', nft_id: tokenId })
    expect(buy.result.offers).toMatchObject([{ owner: alice.classicAddress, amount: '4000000' }])
    await expect(
      client.request({ command: 'nft_buy_offers', nft_id: 'xyz' }),
    ).rejects.toMatchObject(refusal('invalidParams', "Invalid field 'nft_id'."))
    // A marker that is none of the token's offers (rippled NFTOffers.cpp forEachItemAfter).
    await expect(
      client.request({
        command: 'nft_buy_offers',
        nft_id: tokenId,
        marker: sell.result.offers[0]?.nft_offer_index,
      }),
    ).rejects.toMatchObject(refusal('invalidParams'))
  })

  it("pages account_nfts in rippled's range (Tuning.h: 20 to 400) and refuses an unknown account or a marker that is none of its tokens", async () => {
    await submit(
      { TransactionType: 'NFTokenMint', Account: bob.classicAddress, NFTokenTaxon: 8, Flags: 8 },
      bob,
    )
    // A limit under rippled's floor of 20 still answers both tokens on one page.
    const page = await client.request({
      command: 'account_nfts',
      account: bob.classicAddress,
      limit: 1,
    })
    expect(page.result.account_nfts).toHaveLength(2)
    expect(page.result.marker).toBeUndefined()
    await expect(
      client.request({ command: 'account_nfts', account: stranger.classicAddress }),
    ).rejects.toMatchObject(refusal('actNotFound'))
    await expect(
      client.request({
        command: 'account_nfts',
        account: bob.classicAddress,
        marker: 'AB'.repeat(32),
      }),
    ).rejects.toMatchObject(refusal('invalidParams', "Invalid field 'marker'."))
  })
})

describe('order book reads (account_offers, book_offers)', () => {
  const usd = { currency: 'USD', issuer: issuer.classicAddress }

  it('lists an offer in the account and in its book, with the index xrpl.js computes', async () => {
    await submit(
      {
        TransactionType: 'TrustSet',
        Account: bob.classicAddress,
        LimitAmount: { ...usd, value: '1000' },
      },
      bob,
    )
    await submit(
      {
        TransactionType: 'Payment',
        Account: issuer.classicAddress,
        Destination: bob.classicAddress,
        Amount: { ...usd, value: '100' },
      },
      issuer,
    )
    const { hash } = await submit(
      {
        TransactionType: 'OfferCreate',
        Account: bob.classicAddress,
        TakerGets: { ...usd, value: '10' },
        TakerPays: '20000000',
      },
      bob,
    )
    const created = await client.request({ command: 'tx', transaction: hash })
    const sequence = created.result.tx_json.Sequence as number
    const mine = await client.request({ command: 'account_offers', account: bob.classicAddress })
    expect(mine.result.offers).toMatchObject([
      {
        seq: sequence,
        taker_gets: { ...usd, value: '10' },
        taker_pays: '20000000',
        quality: '2000000',
      },
    ])
    const book = await client.request({
      command: 'book_offers',
      taker_gets: usd,
      taker_pays: { currency: 'XRP' },
    })
    expect(book.result.offers).toHaveLength(1)
    expect(book.result.offers[0]).toMatchObject({
      Account: bob.classicAddress,
      index: hashes.hashOfferId(bob.classicAddress, sequence),
      owner_funds: '100',
    })
    const other = await client.request({
      command: 'book_offers',
      taker_gets: { currency: 'XRP' },
      taker_pays: usd,
    })
    expect(other.result.offers).toEqual([])
  })

  it('refuses malformed books with rippled errors', async () => {
    await expect(
      client.request({ command: 'book_offers', taker_gets: usd, taker_pays: usd }),
    ).rejects.toMatchObject(refusal('badMarket'))
    await expect(
      client.request({
        command: 'book_offers',
        taker_gets: usd,
        taker_pays: { currency: 'XRP', issuer: issuer.classicAddress },
      }),
    ).rejects.toMatchObject(refusal('srcIsrMalformed'))
    await expect(
      client.request({
        command: 'book_offers',
        taker_gets: { currency: 'USD' },
        taker_pays: { currency: 'XRP' },
      }),
    ).rejects.toMatchObject(refusal('dstIsrMalformed'))
    await expect(
      client.request({
        command: 'book_offers',
        taker_gets: usd,
        taker_pays: { currency: 'XRP' },
        marker: 'forged',
      }),
    ).rejects.toMatchObject(refusal('invalidParams', "Invalid field 'marker'."))
  })
})

describe('noripple_check', () => {
  const check = (account: string, role: 'gateway' | 'user') =>
    client.request({ command: 'noripple_check', account, role, transactions: true })

  it("tells a gateway to set Default Ripple and clear No Ripple, in rippled's words", async () => {
    const { result } = await check(issuer.classicAddress, 'gateway')
    expect(result.problems).toEqual([
      'You should immediately set your default ripple flag',
      `You should clear the no ripple flag on your USD line to ${bob.classicAddress}`,
    ])
    const info = await client.request({ command: 'account_info', account: issuer.classicAddress })
    const sequence = info.result.account_data.Sequence
    expect(result.transactions).toEqual([
      {
        TransactionType: 'AccountSet',
        SetFlag: 8,
        Sequence: sequence,
        Account: issuer.classicAddress,
        Fee: '12',
      },
      {
        TransactionType: 'TrustSet',
        LimitAmount: { currency: 'USD', issuer: bob.classicAddress, value: '0' },
        Flags: 0x0004_0000,
        Sequence: sequence + 1,
        Account: issuer.classicAddress,
        Fee: '12',
      },
    ])
    // The proposed AccountSet, submitted, leaves only the line's problem.
    await submit(result.transactions?.[0] as SubmittableTransaction, issuer)
    const after = await check(issuer.classicAddress, 'gateway')
    expect(after.result.problems).toHaveLength(1)
  })

  it('tells a user to set No Ripple on a line, then finds nothing, and refuses a bad role', async () => {
    const { result } = await check(bob.classicAddress, 'user')
    expect(result.problems).toEqual([
      `You should probably set the no ripple flag on your USD line to ${issuer.classicAddress}`,
    ])
    expect(result.transactions?.[0]).toMatchObject({
      TransactionType: 'TrustSet',
      LimitAmount: { currency: 'USD', issuer: issuer.classicAddress, value: '1000' },
      Flags: 0x0002_0000,
    })
    await submit(result.transactions?.[0] as SubmittableTransaction, bob)
    expect((await check(bob.classicAddress, 'user')).result.problems).toEqual([])
    await expect(
      client.request({ command: 'noripple_check', account: bob.classicAddress } as never),
    ).rejects.toMatchObject(refusal('invalidParams', "Missing field 'role'."))
    await expect(check(bob.classicAddress, 'admin' as 'user')).rejects.toMatchObject(
      refusal('invalidParams', "Invalid field 'role'."),
    )
  })
})

describe('ledger_entry typed locators', () => {
  const entry = (request: Record<string, unknown>) =>
    client.request({ command: 'ledger_entry', ledger_index: 'validated', ...request } as never)
  const node = async (request: Record<string, unknown>) =>
    ((await entry(request)) as { result: { index: string; node: Record<string, unknown> } }).result

  it('finds each object by its fields, at the index xrpl.js computes', async () => {
    const line = await node({
      ripple_state: { accounts: [issuer.classicAddress, bob.classicAddress], currency: 'USD' },
    })
    expect(line.index).toBe(hashes.hashTrustline(bob.classicAddress, issuer.classicAddress, 'USD'))
    const offers = await client.request({ command: 'account_offers', account: bob.classicAddress })
    const seq = offers.result.offers?.[0]?.seq as number
    const offer = await node({ offer: { account: bob.classicAddress, seq } })
    expect(offer.index).toBe(hashes.hashOfferId(bob.classicAddress, seq))
    const preauth = await node({
      deposit_preauth: { owner: issuer.classicAddress, authorized: alice.classicAddress },
    })
    expect(preauth.node).toMatchObject({
      LedgerEntryType: 'DepositPreauth',
      Authorize: alice.classicAddress,
    })
    const root = await node({ directory: { owner: bob.classicAddress } })
    expect(root.node).toMatchObject({ LedgerEntryType: 'DirectoryNode', Owner: bob.classicAddress })
    expect((await node({ directory: { dir_root: root.index, sub_index: 0 } })).index).toBe(
      root.index,
    )
    const channels = await client.request({
      command: 'account_channels',
      account: alice.classicAddress,
    })
    const channelId = channels.result.channels[0]?.channel_id as string
    expect((await node({ payment_channel: channelId })).node.LedgerEntryType).toBe('PayChannel')
  })

  it("answers rippled's errors for missing, mistyped and malformed locators", async () => {
    await expect(entry({ escrow: { owner: alice.classicAddress, seq: 1 } })).rejects.toMatchObject(
      refusal('entryNotFound'),
    )
    await expect(
      entry({ check: hashes.hashAccountRoot(alice.classicAddress) }),
    ).rejects.toMatchObject(refusal('unexpectedLedgerType'))
    await expect(entry({ escrow: { owner: 'nobody', seq: 1 } })).rejects.toMatchObject(
      refusal('malformedOwner', "Invalid field 'owner', not AccountID."),
    )
    await expect(
      entry({
        ripple_state: { accounts: [bob.classicAddress, bob.classicAddress], currency: 'USD' },
      }),
    ).rejects.toMatchObject(refusal('malformedRequest', 'Cannot have a trustline to self.'))
    await expect(
      entry({
        ripple_state: { accounts: [bob.classicAddress, issuer.classicAddress], currency: 'US' },
      }),
    ).rejects.toMatchObject(refusal('malformedCurrency'))
    await expect(entry({ check: 'F'.repeat(64), offer: 'F'.repeat(64) })).rejects.toMatchObject(
      refusal('invalidParams', 'Too many fields provided.'),
    )
    await expect(entry({ ticket: { account: bob.classicAddress } })).rejects.toMatchObject(
      refusal('malformedRequest', "Missing field 'ticket_seq'."),
    )
  })
})

describe('the books stream', () => {
  const usd = { currency: 'USD', issuer: issuer.classicAddress }

  it('answers a snapshot and publishes each transaction that changes the book', async () => {
    const book = {
      taker_gets: usd,
      taker_pays: { currency: 'XRP' as const },
      taker: alice.classicAddress,
    }
    const subscribed = await client.request({
      command: 'subscribe',
      books: [{ ...book, snapshot: true }],
    })
    const snapshot = subscribed.result as unknown as { offers: { Account: string }[] }
    expect(snapshot.offers.map((offer) => offer.Account)).toEqual([bob.classicAddress])
    const both = await client.request({
      command: 'subscribe',
      books: [{ ...book, snapshot: true, both: true }],
    })
    // rippled puts the book as asked under `bids`, its reverse under `asks` (Subscribe.cpp).
    expect(both.result).toMatchObject({ bids: [{ Account: bob.classicAddress }], asks: [] })
    const seen: string[] = []
    client.on('transaction', (message) => seen.push(message.hash as string))
    const { hash } = await submit(
      {
        TransactionType: 'OfferCreate',
        Account: bob.classicAddress,
        TakerGets: { ...usd, value: '1' },
        TakerPays: '3000000',
      },
      bob,
    )
    // A transaction touching no offer of the book is not published to it.
    const { hash: other } = await submit(
      { TransactionType: 'AccountSet', Account: bob.classicAddress },
      bob,
    )
    await client.request({ command: 'ping' })
    expect(seen).toContain(hash)
    expect(seen).not.toContain(other)
    await client.request({ command: 'unsubscribe', books: [{ ...book, both: true }] })
    await expect(
      client.request({
        command: 'subscribe',
        books: [{ ...book, taker_pays: { currency: 'XRP', issuer: bob.classicAddress } }],
      }),
    ).rejects.toMatchObject(refusal('srcIsrMalformed'))
  })
})

describe('account_lines qualities (rippled AccountLines.cpp: quality_in, quality_out of the own side)', () => {
  it("shows each side's QualityIn and QualityOut as the TrustSet wrote them, 0 where none", async () => {
    const holder = Wallet.generate()
    server.platform.ledger.fund(holder.classicAddress, 100_000_000n, ['TESTNET'])
    await submit(
      {
        TransactionType: 'TrustSet',
        Account: holder.classicAddress,
        LimitAmount: { currency: 'EUR', issuer: issuer.classicAddress, value: '50' },
        QualityIn: 970_000_000,
        QualityOut: 1_020_000_000,
      },
      holder,
    )
    const lines = async (account: string) =>
      (await client.request({ command: 'account_lines', account, peer: holder.classicAddress }))
        .result.lines
    const own = await client.request({ command: 'account_lines', account: holder.classicAddress })
    expect(own.result.lines).toEqual([
      expect.objectContaining({
        currency: 'EUR',
        quality_in: 970_000_000,
        quality_out: 1_020_000_000,
      }),
    ])
    expect(await lines(issuer.classicAddress)).toEqual([
      expect.objectContaining({ currency: 'EUR', quality_in: 0, quality_out: 0 }),
    ])
  })
})

describe('the state tree (account_hash)', () => {
  it('hashes every object of the validated ledger as xrpl.js hashStateTree does; the ledger hash follows', async () => {
    // A ticket made and used: its object leaves the tree again.
    const { meta } = await submit(
      { TransactionType: 'TicketCreate', Account: alice.classicAddress, TicketCount: 1 },
      alice,
    )
    const ticket = meta.AffectedNodes.find(
      (node) => 'CreatedNode' in node && node.CreatedNode.LedgerEntryType === 'Ticket',
    ) as unknown as { CreatedNode: { NewFields: { TicketSequence: number } } }
    await submit(
      {
        TransactionType: 'AccountSet',
        Account: alice.classicAddress,
        Sequence: 0,
        TicketSequence: ticket.CreatedNode.NewFields.TicketSequence,
      },
      alice,
    )
    const entries: unknown[] = []
    let marker: unknown
    do {
      const page = await client.request({
        command: 'ledger_data',
        ledger_index: 'validated',
        ...(marker ? { marker: marker as string } : {}),
      })
      entries.push(...page.result.state)
      marker = page.result.marker
    } while (marker)
    const { result } = await client.request({ command: 'ledger', ledger_index: 'validated' })
    // Run with the file, the ledger holds every object the tests above made (lines, offers, NFT
    // pages, channels, preauthorizations, directories).
    expect(entries.length).toBeGreaterThan(0)
    expect(result.ledger.account_hash).toBe(hashes.hashStateTree(entries as never))
    expect(hashes.hashLedgerHeader(result.ledger as never)).toBe(result.ledger_hash)
  })
})

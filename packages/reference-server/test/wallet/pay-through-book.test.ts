import { decode } from 'ripple-binary-codec'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { signTx, testKey } from '../ledger/test-keys'
import { type WalletSetup, walletSetup } from './wallet-setup'

let setup: WalletSetup
beforeEach(() => {
  setup = walletSetup()
})
afterEach(() => setup.dispose())

const gateway = testKey(41)
const usd = (value: string) => ({ currency: 'USD', issuer: gateway.address, value })

// The gateway signs a transaction on the test network.
function gatewaySubmits(fields: Record<string, unknown>) {
  const { ledger } = setup.platform
  const tx = {
    Account: gateway.address,
    Fee: '12',
    Sequence: ledger.account('TESTNET', gateway.address)?.sequence,
    ...fields,
  }
  expect(ledger.submit('TESTNET', signTx(tx, gateway)).engine_result).toBe('tesSUCCESS')
}

// A funded gateway that lets its USD ripple (DefaultRipple): rippled delivers an issuer's asset
// out of a book only through a line it lets ripple (DirectIPaymentStep::check).
function fundGateway() {
  setup.platform.ledger.fund(gateway.address, '100000000', ['TESTNET'])
  gatewaySubmits({ TransactionType: 'AccountSet', SetFlag: 8 })
}

// The gateway sells its own USD on the book: 10 USD for 20 XRP (2 XRP per USD).
function gatewaySells(value: string, drops: string) {
  gatewaySubmits({ TransactionType: 'OfferCreate', TakerPays: drops, TakerGets: usd(value) })
}

async function bobTrustsUsd() {
  const { platform, bob, create } = setup
  const { uuid } = create({ txjson: { TransactionType: 'TrustSet', LimitAmount: usd('1000') } })
  const record = await platform.wallet.sign(uuid, { user: bob.uuid, network: 'TESTNET' })
  expect(record.response.dispatched_result).toBe('tesSUCCESS')
}

// Alice pays Bob 5 USD with XRP in the wallet simulator (payWith, docs/protocol.md §10).
async function aliceSendsBobFiveUsdInXrp() {
  const { platform, alice, bob, create } = setup
  const { uuid } = create({
    txjson: { TransactionType: 'Payment', Destination: bob.accounts[0]?.address, Amount: usd('5') },
    options: { pathfinding: true },
  })
  return platform.wallet.sign(uuid, {
    user: alice.uuid,
    network: 'TESTNET',
    payWith: { currency: 'XRP' },
  })
}

describe('pay with another asset through the order book (docs/protocol.md §8.5, §8.7)', () => {
  it("sets SendMax from the book's price and the ledger pays through the book", async () => {
    const { platform, alice } = setup
    fundGateway()
    await bobTrustsUsd()
    gatewaySells('10', '20000000')
    const payer = alice.accounts[0]?.address ?? ''
    const record = await aliceSendsBobFiveUsdInXrp()
    const tx = decode(record.response.hex ?? '')
    // 5 USD at the book's 2 XRP each is 10 XRP, plus 1% room: not the rates lookup's price.
    expect(tx.SendMax).toBe('10100000')
    expect(record.response.dispatched_result).toBe('tesSUCCESS')
    const lookup = platform.ledger.transaction(record.response.txid ?? '')
    expect(lookup?.transaction.meta.delivered_amount).toEqual(usd('5'))
    expect(lookup?.balanceChanges[payer]).toEqual([
      { counterparty: '', currency: 'XRP', value: '-10.000012' },
    ])
    // The gateway's offer was half taken: 5 USD for 10 XRP left on the book.
    const [offer] = platform.ledger.bookOffers('TESTNET', {
      takerGets: { currency: 'USD', issuer: gateway.address },
      takerPays: { currency: 'XRP', issuer: null },
    }).offers
    expect(offer).toMatchObject({ TakerGets: usd('5'), TakerPays: '10000000' })
  })

  it('a book that cannot fill the whole Amount fails tecPATH_PARTIAL and changes nothing but the fee', async () => {
    const { platform } = setup
    fundGateway()
    await bobTrustsUsd()
    gatewaySells('1', '2000000')
    const record = await aliceSendsBobFiveUsdInXrp()
    expect(record.response.dispatched_result).toBe('tecPATH_PARTIAL')
    expect(
      platform.ledger.bookOffers('TESTNET', {
        takerGets: { currency: 'USD', issuer: gateway.address },
        takerPays: { currency: 'XRP', issuer: null },
      }).offers,
    ).toHaveLength(1)
  })
})

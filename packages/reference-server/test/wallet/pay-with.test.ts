import { decode } from 'ripple-binary-codec'
import { verify } from 'ripple-keypairs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { signTx, testKey } from '../ledger/test-keys'
import { singleSigningData, type WalletSetup, walletSetup } from './wallet-setup'

let setup: WalletSetup
beforeEach(() => {
  setup = walletSetup()
})
afterEach(() => setup.dispose())

const issuer = testKey(43)
const ISSUER = issuer.address
const USD = { currency: 'USD', issuer: ISSUER, value: '10' }

function request(destination: string, options: Record<string, unknown> = { pathfinding: true }) {
  return { txjson: { TransactionType: 'Payment', Destination: destination, Amount: USD }, options }
}

// The issuer lets its USD ripple (DefaultRipple): rippled delivers an issuer's asset out of a
// book only through a line it lets ripple (DirectIPaymentStep::check).
function fundIssuer(network: 'TESTNET') {
  const { ledger } = setup.platform
  ledger.fund(ISSUER, '50000000', [network])
  const tx = {
    TransactionType: 'AccountSet',
    Account: ISSUER,
    Fee: '12',
    Sequence: ledger.account(network, ISSUER)?.sequence,
    SetFlag: 8,
  }
  expect(ledger.submit(network, signTx(tx, issuer)).engine_result).toBe('tesSUCCESS')
}

// The receiver trusts the issuer for USD, signing a TrustSet in the wallet (docs/protocol.md §8.5).
async function trustUsd(network: 'TESTNET') {
  const { platform, bob, create } = setup
  fundIssuer(network)
  const { uuid } = create({
    txjson: { TransactionType: 'TrustSet', LimitAmount: { ...USD, value: '1000' } },
  })
  const record = await platform.wallet.sign(uuid, { user: bob.uuid, network })
  expect(record.response.dispatched_result).toBe('tesSUCCESS')
}

describe('pay with anything (docs/protocol.md §8.3, §8.5)', () => {
  it('pays an issued amount with the native asset: SendMax in drops, receiver gets USD', async () => {
    const { platform, alice, bob, create } = setup
    await trustUsd('TESTNET')
    const { uuid } = create(request(bob.accounts[0]?.address ?? ''))
    const record = await platform.wallet.sign(uuid, {
      user: alice.uuid,
      network: 'TESTNET',
      payWith: { currency: 'XRP' },
    })
    const tx = decode(record.response.hex ?? '')
    // The path search's cost of 10 USD (the simulator's market at the platform's rate, the price
    // of 1 XRP in USD, rounded up to a drop), plus 1% room for the price to move.
    const price = Number(platform.lookups.rates('USD').XRP)
    const cost = Math.ceil((10 / price) * 1_000_000)
    expect(Number(tx.SendMax)).toBe(Math.ceil(cost * 1.01))
    expect(tx.Paths).toBeUndefined()
    expect(tx.Amount).toEqual(USD)
    expect(verify(singleSigningData(tx), String(tx.TxnSignature), String(tx.SigningPubKey))).toBe(
      true,
    )
    expect(record.response.dispatched_result).toBe('tesSUCCESS')
    const lookup = platform.ledger.transaction(record.response.txid ?? '')
    expect(lookup?.transaction.meta.delivered_amount).toEqual(USD)
    // The receiver got exactly Amount; the payer spent the converted price, not all of SendMax.
    const [line] = platform.ledger.account('TESTNET', bob.accounts[0]?.address ?? '')?.lines ?? []
    expect(line).toMatchObject({ currency: 'USD', counterparty: ISSUER, balance: '10' })
    const spent = lookup?.balanceChanges[alice.accounts[0]?.address ?? '']?.[0]?.value
    expect(Number(spent)).toBeCloseTo(-(10 / price) - 0.000012, 5)
  })

  it('fails with tecPATH_DRY when the receiver has no trust line, charging only the fee', async () => {
    const { platform, alice, bob, create } = setup
    fundIssuer('TESTNET')
    const payer = alice.accounts[0]?.address ?? ''
    const before = BigInt(platform.ledger.account('TESTNET', payer)?.balance ?? '0')
    const { uuid } = create(request(bob.accounts[0]?.address ?? ''))
    const record = await platform.wallet.sign(uuid, {
      user: alice.uuid,
      network: 'TESTNET',
      payWith: { currency: 'XRP' },
    })
    expect(record.response.dispatched_result).toBe('tecPATH_DRY')
    const after = BigInt(platform.ledger.account('TESTNET', payer)?.balance ?? '0')
    expect(before - after).toBe(12n)
  })

  it('pays with another issued currency through the rates', async () => {
    const { platform, alice, bob, create } = setup
    const { uuid } = create(request(bob.accounts[0]?.address ?? ''))
    const record = await platform.wallet.sign(uuid, {
      user: alice.uuid,
      payWith: { currency: 'EUR', issuer: ISSUER },
    })
    const eurPerUsd =
      Number(platform.lookups.rates('EUR').XRP) / Number(platform.lookups.rates('USD').XRP)
    const sendMax = decode(record.response.hex ?? '').SendMax as { currency: string; value: string }
    expect(sendMax).toMatchObject({ currency: 'EUR', issuer: ISSUER })
    expect(Number(sendMax.value)).toBeCloseTo(10 * 1.01 * eurPerUsd, 10)
  })

  it('pays with a token it holds through the native asset: the path search’s Paths [[{currency: XRP}]] (rippled’s default path crosses only the direct book), the receiver gets USD', async () => {
    const { platform, alice, bob, create } = setup
    await trustUsd('TESTNET')
    const EUR = { currency: 'EUR', issuer: ISSUER }
    const trust = create({
      txjson: { TransactionType: 'TrustSet', LimitAmount: { ...EUR, value: '1000' } },
    })
    await platform.wallet.sign(trust.uuid, { user: alice.uuid, network: 'TESTNET' })
    const payer = alice.accounts[0]?.address ?? ''
    const sequence = platform.ledger.account('TESTNET', ISSUER)?.sequence
    const fund = {
      TransactionType: 'Payment',
      Account: ISSUER,
      Destination: payer,
      Amount: { ...EUR, value: '100' },
      Fee: '12',
      Sequence: sequence,
    }
    expect(platform.ledger.submit('TESTNET', signTx(fund, issuer)).engine_result).toBe('tesSUCCESS')
    const { uuid } = create(request(bob.accounts[0]?.address ?? ''))
    const record = await platform.wallet.sign(uuid, {
      user: alice.uuid,
      network: 'TESTNET',
      payWith: EUR,
    })
    const tx = decode(record.response.hex ?? '')
    expect(tx.Paths).toEqual([[{ currency: 'XRP' }]])
    expect(tx.SendMax).toMatchObject(EUR)
    expect(record.response.dispatched_result).toBe('tesSUCCESS')
    const [line] = platform.ledger.account('TESTNET', bob.accounts[0]?.address ?? '')?.lines ?? []
    expect(line).toMatchObject({ currency: 'USD', counterparty: ISSUER, balance: '10' })
  })

  it('adds no SendMax when the payer picks the requested asset', async () => {
    const { platform, alice, bob, create } = setup
    const { uuid } = create(request(bob.accounts[0]?.address ?? ''))
    const record = await platform.wallet.sign(uuid, {
      user: alice.uuid,
      payWith: { currency: 'USD', issuer: ISSUER },
    })
    expect(decode(record.response.hex ?? '').SendMax).toBeUndefined()
  })

  it.each([
    ['without pathfinding', { pathfinding: false }, { currency: 'XRP' }, /pathfinding/],
    ['an unknown rate', { pathfinding: true }, { currency: 'ZZZ', issuer: ISSUER }, /rate/],
    ['an issued currency without issuer', { pathfinding: true }, { currency: 'EUR' }, /issuer/],
  ])('refuses %s, changing nothing', async (_, options, payWith, message) => {
    const { platform, alice, bob, create } = setup
    const { uuid, events } = create(request(bob.accounts[0]?.address ?? '', options))
    const error = await platform.wallet
      .sign(uuid, { user: alice.uuid, payWith })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 602 })
    expect((error as Error).message).toMatch(/^payWith/)
    expect((error as Error).message).toMatch(message)
    expect(events).toEqual([])
  })
})

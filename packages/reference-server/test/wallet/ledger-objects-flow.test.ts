import { decode } from 'ripple-binary-codec'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { hashes } from 'xrpl'
import { type WalletSetup, walletSetup } from './wallet-setup'

const RIPPLE_EPOCH_S = 946_684_800

let setup: WalletSetup
beforeEach(() => {
  setup = walletSetup({ TESTNET: '50000000' })
})
afterEach(() => setup.dispose())

// Signs a request in the wallet simulator as `who` on TESTNET and returns what the ledger said.
const signAs = async (who: 'alice' | 'bob', txjson: Record<string, unknown>) => {
  const { platform, create } = setup
  const user = setup[who]
  const { uuid } = create({ txjson })
  const record = await platform.wallet.sign(uuid, {
    user: user.uuid,
    account: user.accounts[0]?.address,
    network: 'TESTNET',
  })
  return record.response
}

describe('escrows and channels signed in the wallet simulator do what they say (issue 32)', () => {
  it("a channel opened by Alice pays Bob the claim she authorized in her wallet, signed by Bob's", async () => {
    const { platform, alice, bob } = setup
    const from = alice.accounts[0]
    const to = bob.accounts[0]?.address ?? ''
    platform.ledger.fund(to, 20_000_000n, ['TESTNET'])
    const opened = await signAs('alice', {
      TransactionType: 'PaymentChannelCreate',
      Destination: to,
      Amount: '5000000',
      SettleDelay: 86_400,
      PublicKey: from?.publicKey,
    })
    expect(opened.dispatched_result).toBe('tesSUCCESS')
    const sequence = Number(decode(opened.hex ?? '').Sequence)
    const channel = hashes.hashPaymentChannel(from?.address ?? '', to, sequence)
    const claim = await signAs('alice', {
      TransactionType: 'PaymentChannelAuthorize',
      Channel: channel,
      Amount: '2000000',
    })
    const before = BigInt(platform.ledger.account('TESTNET', to)?.balance ?? '0')
    const cashed = await signAs('bob', {
      TransactionType: 'PaymentChannelClaim',
      Channel: channel,
      Balance: '2000000',
      Signature: claim.hex,
      PublicKey: from?.publicKey,
    })
    expect(cashed.dispatched_result).toBe('tesSUCCESS')
    expect(BigInt(platform.ledger.account('TESTNET', to)?.balance ?? '0')).toBe(
      before + 2_000_000n - 12n,
    )
  })

  it('an escrow holds Alice’s funds until its FinishAfter, then Bob’s finish pays him', async () => {
    const { platform, bob, clock } = setup
    const to = bob.accounts[0]?.address ?? ''
    platform.ledger.fund(to, 20_000_000n, ['TESTNET'])
    const finishAfter = Math.floor(clock.now() / 1000) - RIPPLE_EPOCH_S + 60
    const created = await signAs('alice', {
      TransactionType: 'EscrowCreate',
      Destination: to,
      Amount: '3000000',
      FinishAfter: finishAfter,
    })
    expect(created.dispatched_result).toBe('tesSUCCESS')
    const owner = created.account ?? ''
    const sequence = Number(decode(created.hex ?? '').Sequence)
    const objects = platform.ledger.accountObjects('TESTNET', owner, {
      types: ['Escrow'],
      limit: 10,
    })
    expect(objects?.objects.map((object) => object.index)).toEqual([
      hashes.hashEscrow(owner, sequence),
    ])
    const finish = { TransactionType: 'EscrowFinish', Owner: owner, OfferSequence: sequence }
    expect((await signAs('bob', finish)).dispatched_result).toBe('tecNO_PERMISSION')
    // The ledger closes every 4 s of the clock: a minute later the parent close time has passed.
    clock.advance(68)
    const before = BigInt(platform.ledger.account('TESTNET', to)?.balance ?? '0')
    expect((await signAs('bob', finish)).dispatched_result).toBe('tesSUCCESS')
    expect(BigInt(platform.ledger.account('TESTNET', to)?.balance ?? '0')).toBe(
      before + 3_000_000n - 12n,
    )
  })
})

import { decode } from 'ripple-binary-codec'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type WalletSetup, walletSetup } from './wallet-setup'

let setup: WalletSetup
beforeEach(() => {
  setup = walletSetup()
})
afterEach(() => setup.dispose())

// Signs a request as `user`'s first account on TESTNET and returns the record's response.
async function signAs(user: WalletSetup['alice'], txjson: Record<string, unknown>) {
  const { uuid } = setup.create({ txjson })
  const record = await setup.platform.wallet.sign(uuid, { user: user.uuid, network: 'TESTNET' })
  return record.response
}

describe('the wallet signs NFT transactions against the simulated ledger', () => {
  it("mints, then fills a buy offer's Owner with the token's holder and sells it through the offer", async () => {
    const { platform, alice, bob } = setup
    const minted = await signAs(alice, {
      TransactionType: 'NFTokenMint',
      NFTokenTaxon: 3,
      Flags: 8,
    })
    expect(minted.dispatched_result).toBe('tesSUCCESS')
    const metaOf = (txid: unknown) => platform.ledger.transaction(String(txid))?.transaction.meta
    const tokenId = String(metaOf(minted.txid)?.nftoken_id)

    const offered = await signAs(bob, {
      TransactionType: 'NFTokenCreateOffer',
      NFTokenID: tokenId,
      Amount: '3000000',
    })
    expect(offered.dispatched_result).toBe('tesSUCCESS')
    expect(decode(String(offered.hex))).toMatchObject({ Owner: alice.accounts[0]?.address })
    const offerId = String(metaOf(offered.txid)?.offer_id)

    const accepted = await signAs(alice, {
      TransactionType: 'NFTokenAcceptOffer',
      NFTokenBuyOffer: offerId,
    })
    expect(accepted.dispatched_result).toBe('tesSUCCESS')
    const held = platform.ledger.accountNfts('TESTNET', String(bob.accounts[0]?.address))
    expect(held !== 'badMarker' && held.account_nfts.map((nft) => nft.NFTokenID)).toEqual([tokenId])
  })
})

import { encode } from 'ripple-binary-codec'
import { describe, expect, it } from 'vitest'
import { Wallet } from 'xrpl'
import { xahauNode } from './xahau-node'

// Clawback on XAHAU (docs/protocol.md §8.15): xahaud's Clawback.cpp
// (src/ripple/app/tx/impl/Clawback.cpp, commit 24ebab1e) is rippled's transactor for trust-line
// tokens, and xahaud's STAmount (src/ripple/protocol/impl/STAmount.cpp) has no MPT form. Blobs
// encoded by ripple-binary-codec (xrpl.js's codec) with the definitions the node serves for XAHAU.
const { rpc, blobOf, submit, walletAt, definitions } = xahauNode()

// A fresh issuer (it must own nothing to allow clawback) and holder, funded by the seed's wallet.
async function issuerAndHolder() {
  const funder = walletAt(0)
  const [issuer, holder] = [Wallet.generate(), Wallet.generate()]
  for (const wallet of [issuer, holder]) {
    const funded = await submit(funder, {
      TransactionType: 'Payment',
      Destination: wallet.classicAddress,
      Amount: '50000000',
    })
    expect(funded.engine_result).toBe('tesSUCCESS')
  }
  return { issuer, holder }
}

const usdLine = async (holder: Wallet, issuer: Wallet) => {
  const lines = await rpc({
    command: 'account_lines',
    account: holder.classicAddress,
    peer: issuer.classicAddress,
  })
  return (lines.lines as { balance: string }[])[0]?.balance
}

describe('Clawback on XAHAU [xahaud Clawback.cpp]', () => {
  it('the issuer that allowed clawback takes back at most what the holder has [xahaud Clawback.cpp doApply]', async () => {
    const { issuer, holder } = await issuerAndHolder()
    const usd = (value: string, account: Wallet) => ({
      currency: 'USD',
      issuer: account.classicAddress,
      value,
    })
    expect(
      (await submit(issuer, { TransactionType: 'AccountSet', SetFlag: 16 })).engine_result,
    ).toBe('tesSUCCESS')
    expect(
      (await submit(holder, { TransactionType: 'TrustSet', LimitAmount: usd('100', issuer) }))
        .engine_result,
    ).toBe('tesSUCCESS')
    expect(
      (
        await submit(issuer, {
          TransactionType: 'Payment',
          Destination: holder.classicAddress,
          Amount: usd('40', issuer),
        })
      ).engine_result,
    ).toBe('tesSUCCESS')
    // Amount.issuer names the holder.
    const clawed = await submit(issuer, { TransactionType: 'Clawback', Amount: usd('15', holder) })
    expect(clawed.engine_result).toBe('tesSUCCESS')
    expect(await usdLine(holder, issuer)).toBe('25')
    const all = await submit(issuer, { TransactionType: 'Clawback', Amount: usd('1000', holder) })
    expect(all.engine_result).toBe('tesSUCCESS')
    expect(await usdLine(holder, issuer)).toBe('0')
    const nothing = await submit(issuer, { TransactionType: 'Clawback', Amount: usd('1', holder) })
    expect(nothing.engine_result).toBe('tecINSUFFICIENT_FUNDS')
  })

  it('an issuer that never allowed clawback is refused tecNO_PERMISSION, and XAH is temBAD_AMOUNT [xahaud Clawback.cpp preflight, preclaim]', async () => {
    const { issuer, holder } = await issuerAndHolder()
    const usd = { currency: 'USD', issuer: holder.classicAddress, value: '1' }
    const refused = await submit(issuer, { TransactionType: 'Clawback', Amount: usd })
    expect(refused).toMatchObject({ engine_result: 'tecNO_PERMISSION', applied: true })
    const native = await submit(issuer, { TransactionType: 'Clawback', Amount: '1000' })
    expect(native).toMatchObject({ engine_result: 'temBAD_AMOUNT', applied: false })
  })

  it('a blob holding an MPT amount is no transaction on XAHAU: invalidTransaction, nothing applied [xahaud STAmount.cpp]', async () => {
    const { issuer } = await issuerAndHolder()
    const blob = await blobOf(issuer, {
      TransactionType: 'Clawback',
      Amount: { mpt_issuance_id: `${'00'.repeat(4)}${'AB'.repeat(20)}`, value: '5' },
    })
    const answer = (await rpc({ command: 'submit', tx_blob: blob }).catch(
      (error: { data?: unknown }) => error.data,
    )) as Record<string, unknown>
    expect(answer).toMatchObject({ error: 'invalidTransaction' })
    expect(String(answer.error_exception)).toMatch(/MPT/)
    const info = await rpc({ command: 'account_info', account: issuer.classicAddress })
    // Neither the fee nor the sequence was taken.
    expect(info.account_data).toMatchObject({ Balance: '50000000' })
  })

  it('xahaud’s definitions have no Holder field: the MPT half’s Clawback cannot be encoded for XAHAU [xahaud SField.cpp]', () => {
    const tx = { TransactionType: 'Clawback', Holder: Wallet.generate().classicAddress }
    expect(() => encode(tx, definitions())).toThrow()
  })
})

import { decodeAccountID } from 'ripple-address-codec'
import { decode, encode } from 'ripple-binary-codec'
import { deriveAddress, verify } from 'ripple-keypairs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { multisign } from 'xrpl'
import { sha512HalfHex } from '../ledger/test-keys'
import { multiSigningData, singleSigningData, type WalletSetup, walletSetup } from './wallet-setup'

let setup: WalletSetup
beforeEach(() => {
  setup = walletSetup()
})
afterEach(() => setup.dispose())

interface SignerField {
  Signer: { Account: string; SigningPubKey: string; TxnSignature: string }
}

/** Carol's account gets a SignerList of alice's and bob's accounts (quorum 2) on TESTNET. */
async function vaultWithSigners(signerIndex: number) {
  const { platform, alice, bob } = setup
  const app = platform.applications.create({ name: 'Vault', permissions: ['restricted_types'] })
  const carol = platform.users.create({ name: 'Carol' })
  const vault = carol.accounts[0]?.address ?? ''
  const signerA = alice.accounts[0]?.address ?? ''
  const signerB = bob.accounts[signerIndex]?.address ?? ''
  const listPayload = platform.payloads.create(app, {
    txjson: {
      TransactionType: 'SignerListSet',
      SignerQuorum: 2,
      SignerEntries: [
        { SignerEntry: { Account: signerA, SignerWeight: 1 } },
        { SignerEntry: { Account: signerB, SignerWeight: 1 } },
      ],
    },
  })
  const list = await platform.wallet.sign(listPayload.uuid, {
    user: carol.uuid,
    network: 'TESTNET',
  })
  return { app, vault, signerA, signerB, list }
}

const accountId = (address: string) => Buffer.from(decodeAccountID(address)).toString('hex')

describe('multisign', () => {
  it('makes one verifiable multisignature per signer, never submitted', async () => {
    const { platform, alice, bob, create } = setup
    const vault = bob.accounts[0]?.address ?? ''
    const signer = alice.accounts[1]
    const sequence = platform.ledger.account('MAINNET', vault)?.sequence
    const { uuid, events } = create({
      txjson: { TransactionType: 'AccountSet', Account: vault },
      options: { multisign: true },
    })
    const record = await platform.wallet.sign(uuid, { user: alice.uuid, account: signer?.address })

    const tx = decode(record.response.hex ?? '')
    expect(tx).toMatchObject({ Account: vault, SigningPubKey: '', Sequence: sequence })
    expect(tx.TxnSignature).toBeUndefined()
    const signers = tx.Signers as unknown as SignerField[]
    expect(signers).toHaveLength(1)
    const entry = signers[0]?.Signer
    expect(entry?.Account).toBe(signer?.address)
    expect(deriveAddress(entry?.SigningPubKey ?? '')).toBe(signer?.address)
    const data = multiSigningData(tx, signer?.address ?? '')
    expect(verify(data, entry?.TxnSignature ?? '', entry?.SigningPubKey ?? '')).toBe(true)
    // A multisignature is not a single signature: it does not verify as one.
    expect(
      verify(singleSigningData(tx), entry?.TxnSignature ?? '', entry?.SigningPubKey ?? ''),
    ).toBe(false)
    expect(record.response).toMatchObject({
      multisign_account: vault,
      account: signer?.address,
      dispatched_result: null,
      txid: sha512HalfHex(`54584E00${record.response.hex}`),
    })
    expect(events).toEqual(['opened', 'pre_signed', 'resolved'])
  })

  it('refuses a multisign request that does not name the account', async () => {
    const { platform, alice, create } = setup
    const { uuid, events } = create({
      txjson: { TransactionType: 'AccountSet' },
      options: { multisign: true },
    })
    await expect(platform.wallet.sign(uuid, { user: alice.uuid })).rejects.toMatchObject({
      code: 602,
      message: expect.stringMatching(/txjson\.Account/),
    })
    expect(events).toEqual([])
  })

  it('combines two users multisignatures into a transaction the ledger accepts', async () => {
    const { platform, alice, bob } = setup
    const { app, vault, signerA, signerB, list } = await vaultWithSigners(1)
    expect(list.response.dispatched_result).toBe('tesSUCCESS')
    expect(platform.ledger.account('TESTNET', vault)?.ownerCount).toBe(1)

    const request = {
      txjson: {
        TransactionType: 'Payment',
        Account: vault,
        Destination: signerA,
        Amount: '1000000',
      },
      options: { multisign: true, force_network: 'TESTNET' },
    }
    const first = platform.payloads.create(app, request)
    const second = platform.payloads.create(app, request)
    const a = await platform.wallet.sign(first.uuid, { user: alice.uuid, account: signerA })
    const b = await platform.wallet.sign(second.uuid, { user: bob.uuid, account: signerB })
    const txA = decode(a.response.hex ?? '')
    const txB = decode(b.response.hex ?? '')
    // Both signed the same transaction (fee for 2 list entries: 12 × 3).
    const { Signers: signersA, ...unsignedA } = txA
    const { Signers: signersB, ...unsignedB } = txB
    expect(unsignedA).toEqual(unsignedB)
    expect(unsignedA.Fee).toBe('36')
    const combined = [
      ...(signersA as unknown as SignerField[]),
      ...(signersB as unknown as SignerField[]),
    ].sort((x, y) => (accountId(x.Signer.Account) < accountId(y.Signer.Account) ? -1 : 1))
    const blob = encode({ ...unsignedA, Signers: combined } as Record<string, unknown>)
    const result = platform.ledger.submit('TESTNET', blob)
    expect(result).toMatchObject({
      engine_result: 'tesSUCCESS',
      txid: sha512HalfHex(`54584E00${blob}`),
    })
  })
})

describe('signing as one signer (control API `signer: true`, docs/protocol.md §8.7, §10)', () => {
  it('gives each signer its Signers entry and no txid; xrpl.js multisign combines them into what the ledger applies', async () => {
    const { platform, alice, bob } = setup
    const { app, vault, signerA } = await vaultWithSigners(0)
    platform.ledger.close('TESTNET')

    // A plain payload, without options.multisign: the signer flag alone makes it a multisignature.
    const request = {
      txjson: { TransactionType: 'Payment', Account: vault, Destination: signerA, Amount: '1000' },
      options: { force_network: 'TESTNET' },
    }
    const first = platform.payloads.create(app, request)
    const second = platform.payloads.create(app, request)
    const a = await platform.wallet.sign(first.uuid, { user: alice.uuid, signer: true })
    const b = await platform.wallet.sign(second.uuid, { user: bob.uuid, signer: true })
    for (const record of [a, b]) {
      expect(record.response).toMatchObject({
        txid: '',
        multisign_account: vault,
        dispatched_result: null,
      })
    }
    // Fee for two list entries: base × (1 + 2) (Transactor::calculateBaseFee).
    expect(decode(a.response.hex ?? '').Fee).toBe('36')
    const combined = multisign([a.response.hex ?? '', b.response.hex ?? ''])
    expect(platform.ledger.submit('TESTNET', combined).engine_result).toBe('tesSUCCESS')
  })

  it('refuses to multi-sign for the signer’s own account, changing nothing', async () => {
    const { platform, alice, create } = setup
    const own = alice.accounts[0]?.address ?? ''
    const { uuid, events } = create({ txjson: { TransactionType: 'AccountSet', Account: own } })
    await expect(
      platform.wallet.sign(uuid, { user: alice.uuid, account: own, signer: true }),
    ).rejects.toMatchObject({ code: 602, message: expect.stringMatching(/account/) })
    expect(events).toEqual([])
  })

  it('refuses a signer flag that is not a boolean (600 naming it)', async () => {
    const { platform, alice, create } = setup
    const { uuid } = create({ txjson: { TransactionType: 'AccountSet' } })
    await expect(
      platform.wallet.sign(uuid, { user: alice.uuid, signer: 'yes' } as never),
    ).rejects.toMatchObject({ code: 600, message: expect.stringMatching(/signer/) })
  })
})

import { decode } from 'ripple-binary-codec'
import { deriveAddress, verify } from 'ripple-keypairs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sha512HalfHex } from '../ledger/test-keys'
import { singleSigningData, type WalletSetup, walletSetup } from './wallet-setup'

let setup: WalletSetup
beforeEach(() => {
  setup = walletSetup()
})
afterEach(() => setup.dispose())

const MEMOS = [{ Memo: { MemoType: '7369676E2D696E', MemoData: '68656C6C6F' } }]

describe('SignIn (docs/protocol.md §8.2)', () => {
  it.each([
    [0, 'ed25519'],
    [1, 'ecdsa-secp256k1'],
  ] as const)(
    'signs account %i (%s): no TransactionType, Fee, Sequence or Flags',
    async (index, algorithm) => {
      const { platform, alice, create } = setup
      const account = alice.accounts[index]
      expect(account?.algorithm).toBe(algorithm)
      const { uuid, events } = create({ txjson: { TransactionType: 'SignIn', Memos: MEMOS } })

      const record = await platform.wallet.sign(uuid, {
        user: alice.uuid,
        account: account?.address,
      })

      const hex = record.response.hex ?? ''
      const signed = decode(hex)
      expect(Object.keys(signed).sort()).toEqual([
        'Account',
        'Memos',
        'SigningPubKey',
        'TxnSignature',
      ])
      expect(signed).toMatchObject({ Account: account?.address, Memos: MEMOS })
      const publicKey = String(signed.SigningPubKey)
      expect(deriveAddress(publicKey)).toBe(account?.address)
      expect(verify(singleSigningData(signed), String(signed.TxnSignature), publicKey)).toBe(true)
      expect(record.response.txid).toBe(sha512HalfHex(`54584E00${hex}`))
      // docs/protocol.md §3.3: the record shows production's SignIn; the memos are in the signed hex.
      expect(record.payload.request_json).toEqual({ TransactionType: 'SignIn', SignIn: true })
      expect(record.response).toMatchObject({
        account: account?.address,
        signer: account?.address,
        signer_pubkey: publicKey,
        dispatched_to: null,
        dispatched_result: null,
        dispatched_to_node: false,
        environment_nodetype: 'MAINNET',
      })
      // Never submitted: no dispatched marker and nothing on the ledger.
      expect(events).toEqual(['opened', 'pre_signed', 'resolved'])
      expect(platform.ledger.transaction(record.response.txid ?? '')).toBeNull()
    },
  )

  it('keeps only the account, key and signature when the request has no common fields', async () => {
    const { platform, alice, create } = setup
    const { uuid } = create({ txjson: { TransactionType: 'SignIn' } })
    const record = await platform.wallet.sign(uuid, { user: alice.uuid })
    const signed = decode(record.response.hex ?? '')
    expect(Object.keys(signed).sort()).toEqual(['Account', 'SigningPubKey', 'TxnSignature'])
    expect(signed.Account).toBe(alice.accounts[0]?.address)
  })
})

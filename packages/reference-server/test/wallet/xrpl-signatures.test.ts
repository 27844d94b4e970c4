import { describe, expect, it } from 'vitest'
import { Wallet } from 'xrpl'
import { XRPL_CODEC } from '../../src/ledger/codec/network-codec'
import { deriveUserAccount } from '../../src/platform/users/users'
import { signSingle } from '../../src/wallet/sign-transaction'

const ISSUER = 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq'
const usd = (value: string) => ({ currency: 'USD', issuer: ISSUER, value })

// xrpl.js signs the same filled transactions: the wallet simulator's blobs must be byte for byte
// what a real wallet library makes (docs/protocol.md §8.2), for both key types.
describe('wallet signatures equal xrpl.js Wallet.sign', () => {
  const keys = [deriveUserAccount('Oracle', 0), deriveUserAccount('Oracle', 1)]
  const transactions = [
    { TransactionType: 'TrustSet', LimitAmount: usd('1000') },
    { TransactionType: 'Payment', Destination: ISSUER, Amount: usd('5'), SendMax: '10100000' },
    {
      TransactionType: 'Payment',
      Destination: ISSUER,
      Amount: usd('25'),
      SendMax: usd('25'),
      DeliverMin: usd('10'),
      Flags: 0x00020000,
    },
    { TransactionType: 'TicketCreate', TicketCount: 3 },
    {
      TransactionType: 'Payment',
      Destination: ISSUER,
      Amount: '1000',
      Sequence: 0,
      TicketSequence: 9,
    },
  ]
  for (const key of keys) {
    it.each(transactions)(`${key.algorithm}: %j`, (fields) => {
      const tx = { Sequence: 7, Fee: '12', ...fields, Account: key.address }
      const ours = signSingle(tx, key, XRPL_CODEC)
      const oracle = new Wallet(key.publicKey, key.privateKey).sign(tx as never)
      expect(ours.hex).toBe(oracle.tx_blob)
      expect(ours.txid).toBe(oracle.hash)
    })
  }
})

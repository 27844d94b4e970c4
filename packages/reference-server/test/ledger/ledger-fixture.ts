import { createLedger, type Ledger, type LedgerCloseMode } from '../../src/ledger'
import { type Clock, createClock } from '../../src/platform'
import { nativePrice } from '../../src/platform/lookups/rates'
import { multisignTx, signTx, type TestKey } from './test-keys'

/** One node of a transaction's `meta.AffectedNodes`: its kind and its fields. */
export type AffectedNode = Record<string, Record<string, unknown>>

/** A ledger on a test clock with the platform's prices, and a signer for its accounts. */
export interface LedgerFixture {
  clock: Clock
  ledger: Ledger
  /** Fills Account, Sequence (unless given) and Fee, signs with `key` and submits on TESTNET. */
  submit(key: TestKey, fields: Record<string, unknown>): { txid: string; engine_result: string }
  balance(address: string): bigint
  /** The validated or open transaction's metadata. */
  meta(
    txid: string,
  ): { AffectedNodes: AffectedNode[]; TransactionResult: string } & Record<string, unknown>
  /** The node of `index` in a transaction's metadata, or undefined. */
  node(txid: string, index: string): AffectedNode | undefined
  dispose(): void
}

/** Accounts a fixture starts with: each of `keys` given `drops` on TESTNET. */
export interface Funded {
  keys: readonly TestKey[]
  drops: bigint
}

/** Starts a ledger that closes only on demand (or as `closeMs` says), with the `funded` accounts. */
export function ledgerFixture(
  funded: Funded = { keys: [], drops: 0n },
  closeMs: LedgerCloseMode = false,
): LedgerFixture {
  const clock = createClock({ start: Date.parse('2026-01-01T00:00:00Z'), manual: true })
  const ledger = createLedger({ clock, closeMs, price: nativePrice })
  for (const key of funded.keys) ledger.fund(key.address, funded.drops, ['TESTNET'])
  const meta: LedgerFixture['meta'] = (txid) =>
    ledger.transaction(txid)?.transaction.meta as unknown as ReturnType<LedgerFixture['meta']>
  return {
    clock,
    ledger,
    submit(key, fields) {
      const tx = {
        Account: key.address,
        Fee: ledger.fee('TESTNET'),
        Sequence: ledger.account('TESTNET', key.address)?.sequence,
        ...fields,
      }
      return ledger.submit('TESTNET', signTx(tx, key))
    },
    balance: (address) => BigInt(ledger.account('TESTNET', address)?.balance ?? '0'),
    meta,
    node: (txid, index) =>
      meta(txid).AffectedNodes.find((node) => Object.values(node)[0]?.LedgerIndex === index),
    dispose() {
      ledger.dispose()
      clock.dispose()
    },
  }
}

/**
 * Gives `owner` a SignerList of `signers` (each of weight 1, quorum all of them) and signs a
 * Payment of 1 unit from it to the first signer once per signer: xrpl.js `multisign(blobs)`
 * combines them for `submit_multisigned`.
 */
export function multisignedPayment(f: LedgerFixture, owner: TestKey, signers: readonly TestKey[]) {
  const list = {
    TransactionType: 'SignerListSet',
    SignerQuorum: signers.length,
    SignerEntries: signers.map((key) => ({
      SignerEntry: { Account: key.address, SignerWeight: 1 },
    })),
  }
  if (f.submit(owner, list).engine_result !== 'tesSUCCESS') throw new Error('SignerListSet failed')
  const tx = {
    TransactionType: 'Payment',
    Account: owner.address,
    Destination: signers[0]?.address,
    Amount: '1000000',
    Fee: String(12 * (signers.length + 1)),
    Sequence: f.ledger.account('TESTNET', owner.address)?.sequence,
  }
  return { tx, blobs: signers.map((key) => multisignTx(tx, [{ account: key.address, key }])) }
}

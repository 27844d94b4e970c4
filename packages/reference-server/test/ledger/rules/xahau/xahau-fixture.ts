import { sign } from 'ripple-keypairs'
import { createLedger, type Ledger, type SubmitResult } from '../../../../src/ledger'
import { networkCodec } from '../../../../src/ledger/codec/network-codec'
import { networkDefinition } from '../../../../src/ledger/networks'
import { accountRootIndex as accountIndexOf } from '../../../../src/ledger/state/keylets'
import type { LedgerObject } from '../../../../src/ledger/state/ledger-object'
import { type Clock, createClock } from '../../../../src/platform'
import { nativePrice } from '../../../../src/platform/lookups/rates'
import type { TestKey } from '../../test-keys'

/** A ledger on a test clock whose XAHAU node signs and decodes with xahaud's definitions. */
export interface XahauFixture {
  clock: Clock
  ledger: Ledger
  /** Fills Account, Sequence, Fee (the least fee unless given) and NetworkID, signs, submits on XAHAU. */
  submit(key: TestKey, fields: Record<string, unknown>): SubmitResult
  balance(address: string): bigint
  ownerCount(address: string): number
  /** The XAHAU open ledger's object at `index`. */
  entry(index: string): Readonly<LedgerObject> | null
  /** The transaction's metadata. */
  meta(txid: string): Record<string, unknown> & { AffectedNodes: Record<string, unknown>[] }
  dispose(): void
}

const codec = networkCodec(networkDefinition('XAHAU'))

/** Starts a ledger with each of `keys` given `drops` on XAHAU. */
export function xahauFixture(keys: readonly TestKey[], drops: bigint): XahauFixture {
  const clock = createClock({ start: Date.parse('2026-01-01T00:00:00Z'), manual: true })
  const ledger = createLedger({ clock, closeMs: false, price: nativePrice })
  for (const key of keys) ledger.fund(key.address, drops, ['XAHAU'])
  return {
    clock,
    ledger,
    submit(key, fields) {
      const unsigned = {
        Account: key.address,
        Sequence: ledger.account('XAHAU', key.address)?.sequence,
        NetworkID: 21337,
        SigningPubKey: key.publicKey,
        ...fields,
      }
      const prepared = {
        Fee: ledger.minimumFee('XAHAU', { ...unsigned, Fee: '0' }),
        ...unsigned,
      }
      const TxnSignature = sign(codec.encodeForSigning(prepared), key.privateKey)
      return ledger.submit('XAHAU', codec.encode({ ...prepared, TxnSignature }))
    },
    balance: (address) => BigInt(ledger.account('XAHAU', address)?.balance ?? '0'),
    ownerCount: (address) =>
      Number(ledger.entry('XAHAU', accountIndexOf(address))?.OwnerCount ?? 0),
    entry: (index) => ledger.entry('XAHAU', index),
    meta: (txid) =>
      ledger.transaction(txid)?.transaction.meta as unknown as ReturnType<XahauFixture['meta']>,
    dispose() {
      ledger.dispose()
      clock.dispose()
    },
  }
}

import type { NetworkKey } from 'pullsign/wire'
import type { LedgerHeader } from './closing/ledger-header'
import type { TransactionLookup } from './ledger-types'

/**
 * One closed ledger as its listeners get it: the network, the header, and the transactions it
 * validated in ledger order (built only when asked: a close nobody reads costs nothing more).
 *
 * @example
 * ```ts
 * ledger.onClose(({ network, header, transactions }) => {
 *   console.log(network, header.ledger_index, transactions().length)
 * })
 * ```
 */
export interface LedgerClosed {
  network: NetworkKey
  header: LedgerHeader
  transactions(): TransactionLookup[]
}

/**
 * One transaction applied to a network's open ledger (not yet validated: that comes with its
 * ledger's close), as `submit` applied it.
 *
 * @example
 * ```ts
 * ledger.onTransaction(({ network }) => ledger.close(network)) // validate each at once
 * ```
 */
export interface TransactionApplied {
  network: NetworkKey
  txid: string
  engine_result: string
}

/** A set of listeners; each call of `add` returns its own removal. */
export interface Listeners<T> {
  add(listener: (event: T) => void): () => void
  emit(event: T): void
  readonly size: number
  clear(): void
}

// A listener's error must not stop the close or the submission that emitted the event, nor the
// listeners after it: it is reported and the emit goes on.
const report = (error: unknown) => console.error('[pullsign-server] ledger listener error:', error)

/**
 * A listener set for the ledger's events (closes, applied transactions).
 *
 * @example
 * ```ts
 * const closes = listeners<LedgerClosed>()
 * const stop = closes.add(({ header }) => console.log(header.ledger_index))
 * ```
 */
export function listeners<T>(): Listeners<T> {
  const set = new Set<(event: T) => void>()
  return {
    add(listener) {
      const own = (event: T) => listener(event)
      set.add(own)
      return () => set.delete(own)
    },
    emit(event) {
      for (const listener of set) {
        try {
          listener(event)
        } catch (error) {
          report(error)
        }
      }
    },
    get size() {
      return set.size
    },
    clear: () => set.clear(),
  }
}

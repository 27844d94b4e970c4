import { createPayloadBook, type PayloadDeps } from './payload-book'
import { createPayloadPersistence, type PayloadPersistence } from './payload-persistence'
import { createPayloadRequests, type PayloadRequests } from './payload-requests'
import { createPayloadSubscriptions, type PayloadSubscriptions } from './payload-subscriptions'
import { createPayloadWalletSteps, type PayloadWalletSteps } from './payload-wallet-steps'

/**
 * Payloads: the sign requests of docs/protocol.md §3 and their events (§4), as four ports over one
 * store. Each part of the server is handed the ports it uses: the API routes and the OAuth
 * provider {@link PayloadRequests}, the wallet {@link PayloadWalletSteps}, the payload sockets
 * {@link PayloadSubscriptions}, snapshots and resets {@link PayloadPersistence}; the platform
 * (`platform.payloads`) offers all four.
 */
export interface Payloads
  extends PayloadRequests,
    PayloadWalletSteps,
    PayloadSubscriptions,
    PayloadPersistence {}

/**
 * Creates the payload part of the platform, its four ports in one object.
 *
 * @example
 * ```ts
 * const payloads = createPayloads(deps)
 * const created = payloads.create(app, { txjson: { TransactionType: 'SignIn' } })
 * payloads.record(created.uuid).meta.resolved // false
 * ```
 */
export function createPayloads(deps: PayloadDeps): Payloads {
  const book = createPayloadBook(deps)
  const requests = createPayloadRequests(book)
  const persistence = createPayloadPersistence(book)
  return {
    ...requests,
    ...createPayloadWalletSteps(book),
    ...createPayloadSubscriptions(book),
    saveState: persistence.saveState,
    loadState: persistence.loadState,
    forgetApplication: persistence.forgetApplication,
    endSubscriptions: persistence.endSubscriptions,
    clear: persistence.clear,
    dispose: persistence.dispose,
    get size() {
      return persistence.size
    },
    get changes() {
      return persistence.changes
    },
  }
}

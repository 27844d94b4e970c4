import type { PayloadRecord } from 'pullsign/wire'
import { conflict } from '../errors'
import { newUuid } from '../ids'
import type { PayloadBook } from './payload-book'
import { resolvedMessage, webhookBody } from './payload-record'
import type { StoredPayload } from './payload-store'
import type { OpenInput, WalletOutcome, WalletRequest } from './payload-types'

/**
 * The wallet's port: the state machine of docs/protocol.md §3 as the wallet app walks it (open,
 * pre-sign, dispatch, resolve), each step emitting its §4 event.
 */
export interface PayloadWalletSteps {
  /** What the wallet needs to sign. */
  request(uuid: string): WalletRequest
  /** Marks opened; refuses expired-before-open, resolved and cancelled payloads; emits `opened`. */
  open(uuid: string, input: OpenInput): void
  /** Emits `pre_signed`. */
  preSign(uuid: string): void
  /** Emits `dispatched`. */
  dispatch(uuid: string): void
  /** Applies the wallet's outcome with the §3.5 side effects, in order. */
  resolve(uuid: string, outcome: WalletOutcome): PayloadRecord
}

/**
 * Creates the {@link PayloadWalletSteps} port over a payload book.
 *
 * @example
 * ```ts
 * const steps = createPayloadWalletSteps(book)
 * steps.open(uuid, { userUuid: alice.uuid }) // emits {opened: true}
 * ```
 */
export function createPayloadWalletSteps(book: PayloadBook): PayloadWalletSteps {
  const { deps, events } = book

  const requireOpened = (payload: StoredPayload, step: string) => {
    if (payload.state !== 'opened') {
      throw conflict(`payload ${payload.uuid} is ${payload.state}, it cannot be ${step}`)
    }
  }

  return {
    request(uuid) {
      const payload = book.find(uuid)
      const { options, txjson } = payload.request
      return {
        uuid: payload.uuid,
        application: deps.applications.get(payload.appUuid),
        txjson: structuredClone(txjson),
        options: {
          ...options,
          signers: [...options.signers],
          return_url: { ...options.return_url },
        },
        userUuid: payload.boundUser,
      }
    },
    open(uuid, input) {
      const payload = book.find(uuid)
      deps.users.get(input.userUuid)
      if (payload.state === 'opened' && payload.openedBy === input.userUuid) return
      if (payload.state !== 'created') {
        throw conflict(`payload ${payload.uuid} is ${payload.state}, it cannot be opened`)
      }
      if (payload.boundUser !== null && payload.boundUser !== input.userUuid) {
        throw conflict(`payload ${payload.uuid} is for another user`)
      }
      // Expiry limits opening, not resolving (docs/protocol.md §3.3).
      if (deps.clock.now() >= payload.expiresAt) {
        throw conflict(`payload ${payload.uuid} expired before it was opened`)
      }
      book.change(payload, {
        state: 'opened',
        openedBy: input.userUuid,
        via: input.via ?? (payload.pushed ? 'PUSH_NOTIFICATION' : 'QR'),
      })
      events.disarm(payload.uuid)
      events.emit(payload.uuid, { opened: true })
    },
    preSign(uuid) {
      const payload = book.find(uuid)
      requireOpened(payload, 'signed')
      events.emit(payload.uuid, { pre_signed: true })
    },
    dispatch(uuid) {
      const payload = book.find(uuid)
      requireOpened(payload, 'dispatched')
      events.emit(payload.uuid, { dispatched: true })
    },
    resolve(uuid, outcome) {
      const payload = book.find(uuid)
      requireOpened(payload, 'resolved')
      if (outcome.userUuid !== payload.openedBy) {
        throw conflict(`payload ${payload.uuid} was opened by another user`)
      }
      const app = deps.applications.get(payload.appUuid)
      // §3.5 step 1: the record, and on signing a user token issued or renewed.
      const token = outcome.signed ? deps.tokens.issue(app, outcome.userUuid) : null
      book.change(payload, {
        state: 'resolved',
        outcome,
        resolvedAt: deps.clock.now(),
        referenceCall: newUuid(),
        issuedToken: token?.token ?? null,
      })
      // Step 2: the websocket resolve message.
      const message = resolvedMessage(payload)
      if (message) events.emit(payload.uuid, message)
      // Step 3: the webhook.
      deps.webhooks.deliver(app, webhookBody(payload, app, token))
      return book.view(payload)
    },
  }
}

import { webhookSignature } from 'pullsign/verify'
import {
  WEBHOOK_HEADERS,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_SUCCESS_STATUSES,
  WEBHOOK_TIMEOUT_SECONDS,
  WEBHOOK_USER_AGENT,
  type WebhookBody,
} from 'pullsign/wire'
import type { WebhookAttempt } from '../../control-api-types'
import type { Clock } from '../clock'
import type { Application } from './applications'

/** Webhook delivery (docs/protocol.md §5). */
export interface Webhooks {
  /** Queues the webhook of a resolution: the first attempt starts at once. */
  deliver(app: Application, body: WebhookBody): void
  /** Every finished attempt, oldest first (the §10 log). */
  attempts(): WebhookAttempt[]
  /** Resolves when no attempt is in flight (retries waiting on the clock do not count). */
  settled(): Promise<void>
  /** Drops the logged attempts of payloads the platform forgot (retention); retries go on. */
  forget(payloadUuids: ReadonlySet<string>): void
  /** Ends an application's pending retries; its attempts in flight neither log nor retry. */
  stopApplication(appUuid: string): void
  /** Forgets the log and every pending retry (reset). */
  clear(): void
  dispose(): void
}

interface Job {
  app: Application
  url: string
  body: WebhookBody
  raw: string
}

const MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1

const describe = (error: unknown): string => {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined
  if (typeof cause?.code === 'string') return cause.code
  return error instanceof Error ? error.message : String(error)
}

/**
 * Creates the webhook dispatcher. Attempts run on the injected fetch; the 15 s timeout and the
 * retry delays (10, 60, 600, 600 s after each failure) run on the platform clock, so tests move
 * time instead of waiting.
 *
 * @example
 * ```ts
 * const webhooks = createWebhookDispatcher({ clock, fetch: globalThis.fetch })
 * webhooks.deliver(app, body)
 * await webhooks.settled()
 * webhooks.attempts()[0]?.ok // true when the receiver answered 200, 201 or 204
 * ```
 */
export function createWebhookDispatcher(deps: { clock: Clock; fetch: typeof fetch }): Webhooks {
  let log: WebhookAttempt[] = []
  // Each pending retry's cancel, with the application it belongs to.
  const pending = new Map<() => void, string>()
  let inFlight = 0
  let waiters: Array<() => void> = []
  // A reset starts a new generation; attempts of an older one neither log nor retry.
  let generation = 0
  // The same per application: its reset (stopApplication) starts a new one of its own.
  const appGenerations = new Map<string, number>()
  const current = (job: Job) => `${generation} ${appGenerations.get(job.app.uuid) ?? 0}`

  const finishOne = () => {
    inFlight--
    if (inFlight > 0) return
    const ready = waiters
    waiters = []
    for (const resolve of ready) resolve()
  }

  const schedule = (job: Job, attempt: number, delaySeconds: number) => {
    const cancel = deps.clock.setTimeout(() => {
      pending.delete(cancel)
      send(job, attempt)
    }, delaySeconds * 1000)
    pending.set(cancel, job.app.uuid)
  }

  const send = (job: Job, attempt: number) => {
    inFlight++
    const ownGeneration = current(job)
    const startedAt = deps.clock.now()
    const timestamp = String(Math.floor(startedAt / 1000))
    const controller = new AbortController()
    let timedOut = false
    const cancelTimeout = deps.clock.setTimeout(() => {
      timedOut = true
      controller.abort()
    }, WEBHOOK_TIMEOUT_SECONDS * 1000)
    let status: number | null = null
    let error: string | null = null

    const attemptOnce = async () => {
      try {
        const signature = await webhookSignature(job.app.apiSecret, timestamp, job.raw)
        const response = await deps.fetch(job.url, {
          method: 'POST',
          redirect: 'manual',
          signal: controller.signal,
          headers: {
            'content-type': 'application/json',
            [WEBHOOK_HEADERS.userAgent]: WEBHOOK_USER_AGENT,
            [WEBHOOK_HEADERS.attempt]: String(attempt),
            [WEBHOOK_HEADERS.payload]: job.body.meta.payload_uuidv4,
            [WEBHOOK_HEADERS.timestamp]: timestamp,
            [WEBHOOK_HEADERS.signature]: signature,
          },
          body: job.raw,
        })
        status = response.status
        // The status is the outcome (docs/protocol.md §5); the body is only released, never
        // awaited: cancelling a teed body (msw clones every mocked response) settles only once
        // every branch is cancelled, so awaiting it would hang the attempt for good.
        response.body?.cancel().catch(() => {})
        if (!(WEBHOOK_SUCCESS_STATUSES as readonly number[]).includes(status)) {
          error = `HTTP ${status} is not a success status (200, 201, 204)`
        }
      } catch (caught) {
        error = timedOut ? `no answer within ${WEBHOOK_TIMEOUT_SECONDS} s` : describe(caught)
      } finally {
        cancelTimeout()
      }
    }

    void attemptOnce().then(() => {
      if (ownGeneration === current(job)) {
        const ok = error === null
        log.push({
          payload_uuidv4: job.body.meta.payload_uuidv4,
          attempt,
          at: new Date(startedAt).toISOString(),
          status,
          ok,
          error,
        })
        const delay = WEBHOOK_RETRY_DELAYS_SECONDS[attempt - 1]
        if (!ok && attempt < MAX_ATTEMPTS && delay !== undefined) schedule(job, attempt + 1, delay)
      }
      finishOne()
    })
  }

  const stopAll = () => {
    generation++
    for (const cancel of pending.keys()) cancel()
    pending.clear()
  }

  return {
    deliver(app, body) {
      if (!app.webhookUrl) return
      send({ app, url: app.webhookUrl, body, raw: JSON.stringify(body) }, 1)
    },
    attempts: () => log.map((entry) => ({ ...entry })),
    settled() {
      if (inFlight === 0) return Promise.resolve()
      return new Promise((resolve) => waiters.push(resolve))
    },
    forget(payloadUuids) {
      if (payloadUuids.size === 0) return
      log = log.filter((entry) => !payloadUuids.has(entry.payload_uuidv4))
    },
    stopApplication(appUuid) {
      appGenerations.set(appUuid, (appGenerations.get(appUuid) ?? 0) + 1)
      for (const [cancel, owner] of pending) {
        if (owner !== appUuid) continue
        cancel()
        pending.delete(cancel)
      }
    },
    clear() {
      stopAll()
      log = []
    },
    dispose: stopAll,
  }
}

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
import type { WebhooksState } from './webhooks-state'

/** Webhook delivery (docs/protocol.md §5). */
export interface Webhooks {
  /** Queues the webhook of a resolution: the first attempt starts at once. */
  deliver(app: Application, body: WebhookBody): void
  /** The finished attempts, oldest first (the §10 log): the newest {@link MAX_LOGGED_ATTEMPTS}. */
  attempts(): WebhookAttempt[]
  /** Resolves when no attempt is in flight (retries waiting on the clock do not count). */
  settled(): Promise<void>
  /** Drops the logged attempts of payloads the platform forgot (retention); retries go on. */
  forget(payloadUuids: ReadonlySet<string>): void
  /** Counts the changes of the state it saves: a snapshot writes its part again only when it moved. */
  readonly changes: number
  /** The log and every delivery still to come, for a snapshot (src/state/snapshot.ts). */
  saveState(): WebhooksState
  /**
   * Replaces the log and the schedule with a checked snapshot part; `application` finds the
   * application of each scheduled delivery (its secret signs it).
   */
  loadState(state: WebhooksState, application: (uuid: string) => Application): void
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

/** Attempts the log keeps (about 250 B each), the oldest dropped first. */
export const MAX_LOGGED_ATTEMPTS = 10_000

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
  let changes = 0
  // Every retry waiting on the clock, and every attempt in flight: what a snapshot must keep.
  const pending = new Map<() => void, { job: Job; attempt: number; dueAt: number }>()
  const sending = new Set<{ job: Job; attempt: number; dueAt: number }>()
  let inFlight = 0
  let waiters: Array<() => void> = []
  // A reset starts a new generation; attempts of an older one neither log nor retry.
  let generation = 0
  // The same per application: its reset (stopApplication) starts a new one of its own.
  const appGenerations = new Map<string, number>()
  const current = (job: Job) => `${generation} ${appGenerations.get(job.app.uuid) ?? 0}`
  // pullsign/verify (and the jose it imports) loads with the first webhook, once: an import()
  // per delivery asks the module loader (and any loader hooks) to resolve it again every time.
  let verifyModule: Promise<typeof import('pullsign/verify')> | undefined
  const signatureOf = async (secret: string, timestamp: string, raw: string) => {
    verifyModule ??= import('pullsign/verify')
    const { webhookSignature } = await verifyModule
    return webhookSignature(secret, timestamp, raw)
  }

  const finishOne = () => {
    inFlight--
    if (inFlight > 0) return
    const ready = waiters
    waiters = []
    for (const resolve of ready) resolve()
  }

  // `dueAt` is kept as given, so a snapshot restores a retry at the very time it was due.
  const schedule = (job: Job, attempt: number, dueAt: number) => {
    const cancel = deps.clock.setTimeout(
      () => {
        pending.delete(cancel)
        send(job, attempt)
      },
      Math.max(0, dueAt - deps.clock.now()),
    )
    pending.set(cancel, { job, attempt, dueAt })
    changes++
  }

  const send = (job: Job, attempt: number) => {
    inFlight++
    const ownGeneration = current(job)
    const startedAt = deps.clock.now()
    const entry = { job, attempt, dueAt: startedAt }
    sending.add(entry)
    changes++
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
        const signature = await signatureOf(job.app.apiSecret, timestamp, job.raw)
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
      sending.delete(entry)
      changes++
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
        if (log.length > MAX_LOGGED_ATTEMPTS) log.shift()
        const delay = WEBHOOK_RETRY_DELAYS_SECONDS[attempt - 1]
        if (!ok && attempt < MAX_ATTEMPTS && delay !== undefined) {
          schedule(job, attempt + 1, deps.clock.now() + delay * 1000)
        }
      }
      finishOne()
    })
  }

  const stopAll = () => {
    generation++
    for (const cancel of pending.keys()) cancel()
    pending.clear()
    sending.clear()
    changes++
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
      changes++
      log = log.filter((entry) => !payloadUuids.has(entry.payload_uuidv4))
    },
    get changes() {
      return changes
    },
    saveState: () => ({
      log: log.map((entry) => ({ ...entry })),
      scheduled: [...sending, ...pending.values()].map(({ job, attempt, dueAt }) => ({
        application: job.app.uuid,
        body: structuredClone(job.body),
        attempt,
        dueAt,
      })),
    }),
    loadState(state, application) {
      stopAll()
      log = state.log.slice(-MAX_LOGGED_ATTEMPTS).map((entry) => ({ ...entry }))
      for (const { application: uuid, body, attempt, dueAt } of state.scheduled) {
        const job = { app: application(uuid), url: body.meta.url, body, raw: JSON.stringify(body) }
        schedule(job, attempt, dueAt)
      }
    },
    stopApplication(appUuid) {
      appGenerations.set(appUuid, (appGenerations.get(appUuid) ?? 0) + 1)
      changes++
      for (const [cancel, { job }] of pending) {
        if (job.app.uuid !== appUuid) continue
        cancel()
        pending.delete(cancel)
      }
      for (const entry of sending) if (entry.job.app.uuid === appUuid) sending.delete(entry)
    },
    clear() {
      stopAll()
      log = []
    },
    dispose: stopAll,
  }
}

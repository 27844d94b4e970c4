import * as z from 'zod'
import { badBody, type Clock } from '../platform'
import { issuePath } from '../platform/issue-path'
import type { StateId, StatePart } from './state-part'

/**
 * The snapshot format this server writes and reads (docs/protocol.md §10).
 *
 * @example
 * ```ts
 * server.snapshot().version === SNAPSHOT_VERSION // true
 * ```
 */
export const SNAPSHOT_VERSION = 2

/**
 * The whole state of a reference server as JSON: what GET `/__ref/snapshot` answers and
 * `--state-file` holds. It keeps the applications' API secrets and the users' seeds: it is a
 * development server's file, to keep as private as those credentials.
 *
 * @example
 * ```ts
 * const snapshot: Snapshot = server.snapshot()
 * snapshot.version // 2
 * ```
 */
export interface Snapshot {
  version: typeof SNAPSHOT_VERSION
  /** Server time when it was taken; a restore never moves the server clock back before it. */
  savedAt: string
  /** Each store's part: applications, users, userTokens, payloads, ledger, … */
  [part: string]: unknown
}

/** Taking and restoring snapshots of the stores it was given. */
export interface Snapshots {
  take(): Snapshot
  /**
   * The snapshot as JSON text, each part serialized again only when its store's change count
   * moved since the last call (a state file checks every second; a large state is written only
   * when it changed); `changed` says whether any part moved.
   */
  text(): { text: string; changed: boolean }
  /**
   * Checks a snapshot completely (600 naming the field, nothing changed), then replaces the
   * state with it; `clock: true` also sets the clock to its `savedAt`, back included (without,
   * the clock only moves forward to `savedAt`, never back).
   */
  restore(input: unknown, options?: RestoreOptions): void
}

/**
 * Options of a restore (`server.restore`, POST `/__ref/restore`'s `clock` field).
 *
 * @example
 * ```ts
 * server.restore(snapshot, { clock: true }) // the server time is the snapshot's savedAt again
 * ```
 */
export interface RestoreOptions {
  /** Sets the clock back (or forward) to the snapshot's `savedAt`. Default false. */
  clock?: boolean
}

const stateIdKey = (id: StateId) => `${id.kind} ${id.id}`

// Every reference of one part to another names an id the snapshot holds.
const checkIds = (parts: readonly StatePart<unknown>[], data: Record<string, unknown>) => {
  const held = new Set<string>()
  for (const part of parts) {
    for (const id of part.ids?.(data[part.key]) ?? []) {
      if (held.has(stateIdKey(id))) throw badBody(id.field, `repeats the ${id.kind} ${id.id}`)
      held.add(stateIdKey(id))
    }
  }
  for (const part of parts) {
    for (const id of part.references?.(data[part.key]) ?? []) {
      if (!held.has(stateIdKey(id))) throw badBody(id.field, `is no ${id.kind} of the snapshot`)
    }
  }
}

/**
 * Creates the snapshots of a set of store parts (src/state/state-parts.ts). `clear` empties
 * everything no part holds (sessions, launches, rate limits) before a restore.
 *
 * @example
 * ```ts
 * const snapshots = createSnapshots({ clock, parts, clear: () => platform.reset() })
 * snapshots.restore(snapshots.take()) // the same state again
 * ```
 */
export function createSnapshots(deps: {
  clock: Pick<Clock, 'now' | 'advance' | 'setTime'>
  parts: readonly StatePart<unknown>[]
  clear: () => void
}): Snapshots {
  const { clock, parts } = deps
  // Built on the first restore: a server that never restores does not pay for it.
  const schema = z.lazy(() =>
    z.object({
      version: z.literal(
        SNAPSHOT_VERSION,
        // Version 1 held the ledger as accounts and trust lines, before ledger objects.
        `must be ${SNAPSHOT_VERSION}, the format this server reads (version 1 snapshots, from before the ledger held rippled's objects, are not read: take a new one)`,
      ),
      savedAt: z.iso.datetime(),
      ...Object.fromEntries(parts.map((part) => [part.key, part.schema])),
    }),
  )

  // The JSON text of each part at a change count, from the last `text()`.
  const texts = new Map<string, { changes: number; text: string }>()

  return {
    text() {
      let changed = false
      const body = parts.map((part) => {
        const changes = part.changes()
        let cached = texts.get(part.key)
        if (cached?.changes !== changes) {
          changed = true
          cached = { changes, text: JSON.stringify(part.save()) }
          texts.set(part.key, cached)
        }
        return `,${JSON.stringify(part.key)}:${cached.text}`
      })
      return {
        changed,
        // Joined only when asked: a check that finds no change copies nothing.
        get text() {
          const head = `{"version":${SNAPSHOT_VERSION},"savedAt":"${new Date(clock.now()).toISOString()}"`
          return `${head}${body.join('')}}`
        },
      }
    },
    take: () => ({
      version: SNAPSHOT_VERSION,
      savedAt: new Date(clock.now()).toISOString(),
      ...Object.fromEntries(parts.map((part) => [part.key, part.save()])),
    }),
    restore(input, options = {}) {
      const checked = schema.safeParse(input)
      if (!checked.success) {
        const issue = checked.error.issues[0]
        throw badBody(issuePath(issue?.path ?? [], 'snapshot'), issue?.message ?? 'is not valid')
      }
      const data = checked.data as Record<string, unknown>
      checkIds(parts, data)
      for (const part of parts) part.replacing?.(data[part.key])
      deps.clear()
      const savedAt = Date.parse(checked.data.savedAt)
      if (options.clock) clock.setTime(savedAt)
      else if (savedAt > clock.now()) clock.advance((savedAt - clock.now()) / 1000)
      for (const part of parts) part.load(data[part.key])
    },
  }
}

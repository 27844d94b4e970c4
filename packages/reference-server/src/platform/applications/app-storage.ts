import {
  APP_STORAGE_MAX_BYTES,
  type AppStorageDeleteResponse,
  type AppStorageGetResponse,
  type AppStorageSetResponse,
} from 'pullsign/wire'
import { badBody } from '../errors'
import type { AppStorageState } from './app-storage-state'
import type { Application } from './applications'

/** App storage (docs/protocol.md §2): one JSON object per application, at most 60 KB. */
export interface AppStorage {
  get(app: Application): AppStorageGetResponse
  /** Replaces the stored object; 600 naming `body` for anything but a JSON object ≤ 60 KB. */
  set(app: Application, data: unknown): AppStorageSetResponse
  delete(app: Application): AppStorageDeleteResponse
  /** Counts the changes of the state it saves: a snapshot writes its part again only when it moved. */
  readonly changes: number
  /** Every application's object, for a snapshot (src/state/snapshot.ts). */
  saveState(): AppStorageState
  /** Replaces every stored object with a checked snapshot part. */
  loadState(state: AppStorageState): void
  clear(): void
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Creates the app storage.
 *
 * @example
 * ```ts
 * const storage = createAppStorage()
 * storage.set(app, { theme: 'dark' })
 * storage.get(app).data // { theme: 'dark' }
 * ```
 */
export function createAppStorage(): AppStorage {
  // Stored as JSON text: a copy the caller cannot change, and its size is what was checked.
  const byApp = new Map<string, string>()
  let changes = 0
  const application = (app: Application) => ({ name: app.name, uuidv4: app.uuid })

  return {
    get(app) {
      const stored = byApp.get(app.uuid)
      return {
        application: application(app),
        data: stored === undefined ? null : JSON.parse(stored),
      }
    },
    set(app, data) {
      if (!isPlainObject(data)) throw badBody('body', 'must be a JSON object')
      const text = JSON.stringify(data)
      if (Buffer.byteLength(text) > APP_STORAGE_MAX_BYTES) {
        throw badBody('body', `must be at most ${APP_STORAGE_MAX_BYTES} bytes as JSON`)
      }
      byApp.set(app.uuid, text)
      changes++
      return { application: application(app), stored: true, data: JSON.parse(text) }
    },
    delete(app) {
      byApp.delete(app.uuid)
      changes++
      return { application: application(app), stored: true, data: null }
    },
    get changes() {
      return changes
    },
    saveState: () =>
      [...byApp].map(([application, text]) => ({ application, data: JSON.parse(text) })),
    loadState(state) {
      byApp.clear()
      changes++
      for (const { application, data } of state) byApp.set(application, JSON.stringify(data))
    },
    clear() {
      byApp.clear()
      changes++
    },
  }
}

import {
  APP_STORAGE_MAX_BYTES,
  USERDATA_KEY_PATTERN,
  type UserdataListResponse,
  type UserdataPersistResponse,
  type UserdataRemoveResponse,
  type UserdataRetrieveResponse,
} from 'pullsign/wire'
import type { Application } from '../applications/applications'
import { badBody } from '../errors'
import type { UserDataState } from './user-data-state'

/**
 * The user store of the JWT routes (docs/protocol.md §2 `userdata`): per application and per user.
 *
 * @example
 * ```ts
 * platform.userData.list(app, user.uuid) // { operation: 'LIST', keys: [], count: 0 }
 * ```
 */
export interface UserData {
  list(app: Application, userUuid: string): UserdataListResponse
  /** `keys`: one key or a comma list (`k1,k2`); each must match `^[a-z0-9]{3,}$`. */
  retrieve(app: Application, userUuid: string, keys: string): UserdataRetrieveResponse
  /** Stores a JSON object under `key`, at most 60 KB as JSON (the app storage's limit [ours]). */
  persist(app: Application, userUuid: string, key: string, data: unknown): UserdataPersistResponse
  remove(app: Application, userUuid: string, key: string): UserdataRemoveResponse
  /** Counts the changes of the state it saves: a snapshot writes its part again only when it moved. */
  readonly changes: number
  /** Every application's and user's keys, for a snapshot (src/state/snapshot.ts). */
  saveState(): UserDataState
  /** Replaces the whole store with a checked snapshot part. */
  loadState(state: UserDataState): void
  clear(): void
}

// [ours] bounds: a key is at most 64 characters, a user holds at most 100 keys per application.
const MAX_KEY_LENGTH = 64
const MAX_KEYS = 100

const checkKey = (key: string, field = 'key') => {
  if (key.length > MAX_KEY_LENGTH || !USERDATA_KEY_PATTERN.test(key)) {
    throw badBody(field, `must be 3 to ${MAX_KEY_LENGTH} characters of a-z and 0-9`)
  }
  return key
}

/**
 * Creates the user store. Values are kept as JSON text, so nobody holds a reference into it.
 *
 * @example
 * ```ts
 * const data = createUserData()
 * data.persist(app, alice.uuid, 'profile', { theme: 'dark' })
 * data.retrieve(app, alice.uuid, 'profile').data.profile // { theme: 'dark' }
 * ```
 */
export function createUserData(): UserData {
  const stores = new Map<string, Map<string, string>>()
  let changes = 0
  const storeOf = (app: Application, userUuid: string) => {
    const id = `${app.uuid} ${userUuid}`
    let store = stores.get(id)
    if (!store) {
      store = new Map()
      stores.set(id, store)
    }
    return store
  }

  return {
    list(app, userUuid) {
      const keys = [...(stores.get(`${app.uuid} ${userUuid}`)?.keys() ?? [])]
      return { operation: 'LIST', keys, count: keys.length }
    },
    retrieve(app, userUuid, list) {
      const asked = list.split(',').map((key) => checkKey(key, 'keys'))
      if (asked.length > MAX_KEYS) throw badBody('keys', `must list at most ${MAX_KEYS} keys`)
      const store = stores.get(`${app.uuid} ${userUuid}`)
      const data: Record<string, Record<string, unknown>> = {}
      for (const key of asked) {
        const text = store?.get(key)
        if (text !== undefined) data[key] = JSON.parse(text)
      }
      const keys = Object.keys(data)
      return { operation: 'RETRIEVE', data, keys, count: keys.length }
    },
    persist(app, userUuid, key, value) {
      checkKey(key)
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw badBody('body', 'must be a JSON object')
      }
      const text = JSON.stringify(value)
      if (Buffer.byteLength(text) > APP_STORAGE_MAX_BYTES) {
        throw badBody('body', `must be at most ${APP_STORAGE_MAX_BYTES} bytes as JSON`)
      }
      const store = storeOf(app, userUuid)
      if (!store.has(key) && store.size >= MAX_KEYS) {
        throw badBody('key', `is one too many: a user holds at most ${MAX_KEYS} keys`)
      }
      store.set(key, text)
      changes++
      return { operation: 'PERSIST', persisted: true }
    },
    remove(app, userUuid, key) {
      stores.get(`${app.uuid} ${userUuid}`)?.delete(checkKey(key))
      changes++
      return { operation: 'REMOVE', persisted: true }
    },
    get changes() {
      return changes
    },
    saveState: () =>
      [...stores].map(([id, store]) => {
        const [application = '', user = ''] = id.split(' ')
        const data = Object.fromEntries([...store].map(([key, text]) => [key, JSON.parse(text)]))
        return { application, user, data }
      }),
    loadState(state) {
      stores.clear()
      changes++
      for (const { application, user, data } of state) {
        const entries = Object.entries(data).map(([key, value]) => [key, JSON.stringify(value)])
        stores.set(`${application} ${user}`, new Map(entries as Array<[string, string]>))
      }
    },
    clear() {
      stores.clear()
      changes++
    },
  }
}

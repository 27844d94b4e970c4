import type { Endpoints } from 'pullsign/wire'
import type {
  RefApplication,
  RefCreatedUser,
  RefState,
  RefWalletsResponse,
} from '../control-api-types'
import type { ControlCall } from './control-client'

/** Two users are enough for every flow of the kit: one who pays, one who is paid. */
const USER_NAMES = ['Alice', 'Bob'] as const

const isState = (value: unknown): value is RefState => {
  const state = value as Partial<RefState> | null
  return (
    typeof state === 'object' &&
    state !== null &&
    typeof state.endpoints?.api === 'string' &&
    Array.isArray(state.applications)
  )
}

/**
 * Joins a running reference server as a tenant of its own: a new application, new funded users
 * (with their keys) and funded wallets, created through the control API. A `url` that does not
 * answer as a reference server is a TypeError naming `options.url`.
 */
export async function joinSharedServer(
  url: string,
  control: ControlCall,
): Promise<{
  endpoints: Endpoints
  application: RefApplication
  users: RefCreatedUser[]
  wallets: RefWalletsResponse['wallets']
}> {
  let state: unknown
  try {
    state = await control('GET', '/state')
  } catch (error) {
    throw new TypeError(
      `createTestEnvironment: options.url ${url} is not a running reference server (${error instanceof Error ? error.message : String(error)})`,
    )
  }
  if (!isState(state)) {
    throw new TypeError(
      `createTestEnvironment: options.url ${url} is not a reference server (GET /__ref/state is not its state)`,
    )
  }
  // Names are unique on a server: each tenant's carry a tag of its own.
  const tag = crypto.randomUUID().slice(0, 8)
  const [application, users] = await Promise.all([
    control<RefApplication>('POST', '/applications', { name: `Test environment ${tag}` }),
    Promise.all(
      USER_NAMES.map((name) =>
        control<RefCreatedUser>('POST', '/users', { name: `${name} ${tag}` }),
      ),
    ),
  ])
  // Made for the application: the accounts this tenant may impersonate (docs/protocol.md §10).
  const { wallets } = await control<RefWalletsResponse>('POST', '/ledger/wallets', {
    application: application.uuid,
  })
  return { endpoints: state.endpoints, application, users, wallets }
}

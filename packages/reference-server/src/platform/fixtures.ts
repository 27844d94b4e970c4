import type { KycStatus, NetworkKey } from 'pullsign/wire'
import * as z from 'zod'
import { DEMO_XAPP_PATH } from '../control-api-types'
import type { Applications, CreateApplicationInput } from './applications/applications'
import { badBody, PlatformError } from './errors'
import { stableUuid } from './ids'
import { parseInput } from './schema-input'
import type { GlobalIdLink, Users } from './users/users'

/** A user of the start fixtures (the §10 body plus a fixed uuid). */
export interface FixtureUser {
  uuid?: string
  name: string
  accounts?: number
  kyc?: KycStatus
  balances?: Partial<Record<NetworkKey, string>>
  globalid?: GlobalIdLink
}

/** What the platform starts with, and returns to on `reset()`. */
export interface Fixtures {
  applications: CreateApplicationInput[]
  users: FixtureUser[]
}

/**
 * The demo fixtures of the CLI: one application and two users with funded accounts (Alice's first
 * linked to GlobalID). Every id and key is derived from fixed text, so they are the same on every
 * start and the docs can quote them.
 *
 * @example
 * ```ts
 * const platform = createPlatform({ fixtures: DEMO_FIXTURES })
 * platform.applications.get(DEMO_FIXTURES.applications[0]!.uuid!).name // 'Demo shop'
 * ```
 */
export const DEMO_FIXTURES: Readonly<Fixtures> = Object.freeze<Fixtures>({
  applications: [
    {
      uuid: stableUuid('application:Demo shop'),
      apiSecret: stableUuid('application-secret:Demo shop'),
      name: 'Demo shop',
      description: 'The demo application of the pullsign reference server',
      iconUrl: 'https://xumm.app/assets/icons/apps/demo-shop.png',
      redirectUris: ['http://127.0.0.1:3000/callback', 'http://localhost:3000/callback'],
      permissions: ['push'],
      // the demo xApp this server serves itself (docs/protocol.md §10), so Launch works out of the box
      xapp: { url: DEMO_XAPP_PATH, sandbox: false, devices: [] },
    },
  ],
  users: [
    {
      uuid: stableUuid('user:Alice'),
      name: 'Alice',
      accounts: 2,
      kyc: 'SUCCESSFUL',
      // Her first account is linked to GlobalID, so account-meta's `linked` is a time for it and
      // null for every other account (a client parsing the field as a date meets both).
      globalid: {
        linked: '2025-03-14T09:26:53.000Z',
        profileUrl: 'https://app.global.id/u/demo-alice',
      },
    },
    { uuid: stableUuid('user:Bob'), name: 'Bob', accounts: 2, kyc: 'NONE' },
  ],
})

/** No applications, no users: for tests that build exactly what they need. */
export const EMPTY_FIXTURES: Readonly<Fixtures> = Object.freeze<Fixtures>({
  applications: [],
  users: [],
})

const fixturesSchema = z.lazy(() =>
  z.object({
    applications: z.array(z.record(z.string(), z.unknown())).max(100).default([]),
    users: z.array(z.record(z.string(), z.unknown())).max(1000).default([]),
  }),
)

/**
 * Validates fixtures from outside (e.g. the CLI's `--fixtures file.json`): 600 naming the field.
 * Each entry is checked again by the registry that creates it.
 *
 * @example
 * ```ts
 * parseFixtures(JSON.parse(readFileSync('fixtures.json', 'utf8')))
 * ```
 */
export function parseFixtures(input: unknown): Fixtures {
  const parsed = parseInput(fixturesSchema, input, badBody, 'fixtures')
  return parsed as unknown as Fixtures
}

/**
 * Creates the fixtures' applications and users (users' accounts funded through the ledger).
 *
 * @example
 * ```ts
 * loadFixtures(DEMO_FIXTURES, { applications, users })
 * ```
 */
export function loadFixtures(
  fixtures: Fixtures,
  registries: { applications: Applications; users: Users },
): void {
  for (const [index, app] of fixtures.applications.entries()) {
    atPath(`applications.${index}`, () => registries.applications.create(app))
  }
  for (const [index, user] of fixtures.users.entries()) {
    atPath(`users.${index}`, () => registries.users.create(user))
  }
}

// A registry's refusal names the field inside the entry (`webhookUrl must be ...`, 600); the
// fixtures' error names the whole path (`applications.0.webhookUrl must be ...`).
const atPath = (path: string, create: () => unknown) => {
  try {
    create()
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error
    const message = error.code === 600 ? `${path}.${error.message}` : `${path}: ${error.message}`
    throw new PlatformError(error.status, error.code, message)
  }
}

import { timingSafeEqual } from 'node:crypto'
import * as z from 'zod'
import type {
  ApplicationPermission,
  RefApplication,
  RefCreateApplicationRequest,
  RefXappSettings,
} from '../../control-api-types'
import { badCredentials, conflict, notFound } from '../errors'
import { newUuid, UUID } from '../ids'
import { parseInput } from '../schema-input'
import { isNavigableUrl } from '../url-schemes'
import type { ApplicationsState } from './applications-state'

/**
 * An application registered on the platform. Its API key is its uuid (as in production); the API
 * secret is a second lower-case UUID that only the application and the platform know.
 */
export interface Application {
  uuid: string
  name: string
  description: string | null
  /** Always a URL (docs/protocol.md §3.3): {@link DEFAULT_APP_ICON_URL} when created without one. */
  iconUrl: string
  apiKey: string
  apiSecret: string
  webhookUrl: string | null
  redirectUris: string[]
  permissions: ApplicationPermission[]
  xapp: RefXappSettings | null
  disabled: boolean
  /** Validity of the user tokens this application issues, days (docs/protocol.md §6: 30 by default). */
  tokenValidityDays: number
}

/** Input of {@link Applications.create}: the §10 request plus fixture-only fixed ids. */
export interface CreateApplicationInput extends RefCreateApplicationRequest {
  description?: string
  iconUrl?: string
  /** Fixed credentials (fixtures, so docs can quote them); random otherwise. */
  uuid?: string
  apiSecret?: string
  tokenValidityDays?: number
}

/** The registered applications. */
export interface Applications {
  /** Registers an application; validates every field first (600 naming the field). */
  create(input: unknown): Application
  /** The application of a key/secret pair; 813 when either is wrong. */
  authenticate(apiKey: unknown, apiSecret: unknown): Application
  /** The application with this uuid (= API key); 404 when unknown. */
  get(uuid: string): Application
  /**
   * PATCH `/__ref/applications/{uuid}` (docs/protocol.md §10): changes the name, webhook URL,
   * redirect URIs or xApp, validated like a create (600 naming the field, nothing changed).
   */
  update(uuid: string, input: unknown): Application
  /** The application with this uuid, or null. */
  find(uuid: string): Application | null
  list(): Application[]
  /** The §10 view (credentials included: the control API is for the developer's own tests). */
  view(app: Application): RefApplication
  /** Counts the changes of the state it saves: a snapshot writes its part again only when it moved. */
  readonly changes: number
  /** Every application, credentials included, for a snapshot (src/state/snapshot.ts). */
  saveState(): ApplicationsState
  /** Replaces every application with a checked snapshot part. */
  loadState(state: ApplicationsState): void
  clear(): void
}

/**
 * The icon of an application created without one: production's payload records always carry an
 * `application.icon_url` (docs/protocol.md §3.3).
 *
 * @example
 * ```ts
 * applications.create({ name: 'Shop' }).iconUrl === DEFAULT_APP_ICON_URL // true
 * ```
 */
export const DEFAULT_APP_ICON_URL = 'https://xumm.app/assets/icons/apps/default.png'

const url = z
  .string()
  .max(2048)
  .refine((value) => URL.canParse(value), 'must be a URL')

// The host simulator page frames the xApp and its content security policy names the xApp's
// origin, which only an http(s) URL has.
const webUrl = url.refine((value) => /^https?:/i.test(value), 'must be an http(s) URL')

// [ours] An xApp served by this server itself (the demo xApp, `/__ref/demo-xapp`) is named by its
// path, resolved against the API base at launch: the server's port is known only once it listens.
export const xappUrl = z
  .string()
  .max(2048)
  .refine(
    (value) => (/^https?:/i.test(value) && URL.canParse(value)) || /^\/(?![/\\])\S*$/.test(value),
    'must be an http(s) URL or a path on this server (/…)',
  )

// The fields an application may change after it is created (PATCH, docs/protocol.md §10).
const changeableFields = {
  name: z.string().trim().min(1).max(80),
  webhookUrl: webUrl.optional().nullable(),
  redirectUris: z
    .array(
      url.refine(isNavigableUrl, 'must not use a javascript:, data:, vbscript: or file: scheme'),
    )
    .max(50)
    .optional(),
  xapp: z
    .object({
      url: xappUrl,
      sandbox: z.boolean().optional(),
      devices: z.array(z.string().min(1).max(128)).max(10).optional(),
      developer: z.string().regex(UUID, 'must be a lower-case user uuid').optional(),
    })
    .optional()
    .nullable(),
}

const changeSchema = z.lazy(() =>
  z.strictObject({ ...changeableFields, name: changeableFields.name.optional() }),
)

const inputSchema = z.lazy(() =>
  z.object({
    ...changeableFields,
    description: z.string().max(1000).optional(),
    iconUrl: url.optional(),
    permissions: z.array(z.string().min(1).max(64)).max(20).optional(),
    uuid: z.string().regex(UUID, 'must be a lower-case UUID').optional(),
    apiSecret: z.string().regex(UUID, 'must be a lower-case UUID').optional(),
    tokenValidityDays: z.number().int().min(1).max(3650).optional(),
  }),
)

// Constant-time comparison: the secret check must not leak how many characters matched. The
// application's side is kept as bytes (`secrets` below), so a call converts only its own.
const xappSettings = (
  xapp: z.infer<typeof changeableFields.xapp> | undefined,
): RefXappSettings | null =>
  xapp
    ? {
        url: xapp.url,
        sandbox: xapp.sandbox ?? false,
        devices: xapp.devices ?? [],
        ...(xapp.developer ? { developer: xapp.developer } : {}),
      }
    : null

const sameSecret = (secret: Buffer, offered: string) => {
  const bytes = Buffer.from(offered)
  return bytes.length === secret.length && timingSafeEqual(secret, bytes)
}

/**
 * Creates the application registry.
 *
 * @example
 * ```ts
 * const applications = createApplications({ tokenValidityDays: 30 })
 * const app = applications.create({ name: 'Demo shop', webhookUrl: 'http://127.0.0.1:3000/hook' })
 * applications.authenticate(app.apiKey, app.apiSecret) === app // true
 * ```
 */
export function createApplications(defaults: { tokenValidityDays: number }): Applications {
  const byUuid = new Map<string, Application>()
  const secrets = new Map<string, Buffer>()
  let changes = 0

  return {
    create(input) {
      const data = parseInput(inputSchema, input)
      const uuid = data.uuid ?? newUuid()
      if (byUuid.has(uuid)) throw conflict(`an application with uuid ${uuid} already exists`)
      const app: Application = {
        uuid,
        name: data.name,
        description: data.description ?? null,
        iconUrl: data.iconUrl ?? DEFAULT_APP_ICON_URL,
        apiKey: uuid,
        apiSecret: data.apiSecret ?? newUuid(),
        webhookUrl: data.webhookUrl ?? null,
        redirectUris: data.redirectUris ?? [],
        permissions: [...new Set(data.permissions ?? [])],
        xapp: xappSettings(data.xapp),
        disabled: false,
        tokenValidityDays: data.tokenValidityDays ?? defaults.tokenValidityDays,
      }
      byUuid.set(uuid, app)
      secrets.set(uuid, Buffer.from(app.apiSecret))
      changes++
      return app
    },
    authenticate(apiKey, apiSecret) {
      if (typeof apiKey !== 'string' || typeof apiSecret !== 'string') throw badCredentials()
      const uuid = apiKey.toLowerCase()
      const app = byUuid.get(uuid)
      const secret = secrets.get(uuid)
      if (!app || !secret || !sameSecret(secret, apiSecret.toLowerCase())) throw badCredentials()
      return app
    },
    get(uuid) {
      const app = byUuid.get(uuid)
      if (!app) throw notFound(`application ${uuid.slice(0, 64)}`)
      return app
    },
    update(uuid, input) {
      const app = this.get(uuid)
      const data = parseInput(changeSchema, input)
      if (data.name !== undefined) app.name = data.name
      if (data.webhookUrl !== undefined) app.webhookUrl = data.webhookUrl
      if (data.redirectUris !== undefined) app.redirectUris = data.redirectUris
      if (data.xapp !== undefined) app.xapp = xappSettings(data.xapp)
      changes++
      return app
    },
    find: (uuid) => byUuid.get(uuid) ?? null,
    list: () => [...byUuid.values()],
    view: (app) => ({
      uuid: app.uuid,
      name: app.name,
      apiKey: app.apiKey,
      apiSecret: app.apiSecret,
      webhookUrl: app.webhookUrl,
      redirectUris: [...app.redirectUris],
      permissions: [...app.permissions],
      xapp: app.xapp ? { ...app.xapp, devices: [...(app.xapp.devices ?? [])] } : null,
    }),
    get changes() {
      return changes
    },
    saveState: () => [...byUuid.values()].map((app) => structuredClone(app)),
    loadState(state) {
      this.clear()
      for (const app of state) {
        byUuid.set(app.uuid, structuredClone(app))
        secrets.set(app.uuid, Buffer.from(app.apiSecret))
      }
    },
    clear() {
      byUuid.clear()
      secrets.clear()
      changes++
    },
  }
}

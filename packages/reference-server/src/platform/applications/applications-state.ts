import * as z from 'zod'
import { UUID } from '../ids'
import { type Application, xappUrl } from './applications'

/** The applications of a snapshot, credentials included (a development server's file). */
export type ApplicationsState = Application[]

/**
 * Checks the applications part of a snapshot: every field of an {@link Application}, the API key
 * equal to the uuid (as the platform issues them).
 */
export const applicationsStateSchema: z.ZodType<ApplicationsState> = z.lazy(() => {
  const uuid = z.string().regex(UUID, 'must be a lower-case UUID')
  const url = z
    .string()
    .max(2048)
    .refine((value) => URL.canParse(value), 'must be a URL')
  return z.array(
    z
      .object({
        uuid,
        name: z.string().trim().min(1).max(80),
        description: z.string().max(1000).nullable(),
        iconUrl: url,
        apiKey: uuid,
        apiSecret: uuid,
        webhookUrl: url.nullable(),
        redirectUris: z.array(url).max(50),
        permissions: z.array(z.string().min(1).max(64)).max(20) as z.ZodType<
          Application['permissions']
        >,
        xapp: z
          .object({
            url: xappUrl,
            sandbox: z.boolean().optional(),
            devices: z.array(z.string().min(1).max(128)).max(10).optional(),
            developer: uuid.optional(),
          })
          .nullable(),
        disabled: z.boolean(),
        tokenValidityDays: z.number().int().min(1).max(3650),
      })
      .refine((app) => app.apiKey === app.uuid, { message: 'must equal uuid', path: ['apiKey'] }),
  )
})

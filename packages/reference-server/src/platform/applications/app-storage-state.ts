import { APP_STORAGE_MAX_BYTES } from 'pullsign/wire'
import * as z from 'zod'
import { UUID } from '../ids'

/** The app storage of a snapshot: each application's stored object. */
export type AppStorageState = Array<{ application: string; data: Record<string, unknown> }>

/** A JSON object of at most 60 KB, as app storage and the user store keep them. */
export const storedObject = z.lazy(() =>
  z
    .record(z.string(), z.unknown())
    .refine(
      (value) => Buffer.byteLength(JSON.stringify(value)) <= APP_STORAGE_MAX_BYTES,
      `must be at most ${APP_STORAGE_MAX_BYTES} bytes as JSON`,
    ),
)

/** Checks the app storage part of a snapshot. */
export const appStorageStateSchema: z.ZodType<AppStorageState> = z.lazy(() =>
  z.array(
    z.object({
      application: z.string().regex(UUID, 'must be a lower-case UUID'),
      data: storedObject,
    }),
  ),
)

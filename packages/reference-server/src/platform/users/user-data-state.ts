import { USERDATA_KEY_PATTERN } from 'pullsign/wire'
import * as z from 'zod'
import { storedObject } from '../applications/app-storage-state'
import { UUID } from '../ids'

/** The user store of a snapshot: per application and user, each key's object. */
export type UserDataState = Array<{
  application: string
  user: string
  data: Record<string, Record<string, unknown>>
}>

/** Checks the user store part of a snapshot. */
export const userDataStateSchema: z.ZodType<UserDataState> = z.lazy(() => {
  const uuid = z.string().regex(UUID, 'must be a lower-case UUID')
  return z.array(
    z.object({
      application: uuid,
      user: uuid,
      data: z.record(
        z.string().max(64).regex(USERDATA_KEY_PATTERN, 'must be a user store key'),
        storedObject,
      ),
    }),
  )
})

import * as z from 'zod'
import { UUID } from '../ids'
import type { UserToken } from './user-tokens'

/** The user tokens of a snapshot, oldest first (the last of an application and user is current). */
export type UserTokensState = UserToken[]

/** Checks the user tokens part of a snapshot. */
export const userTokensStateSchema: z.ZodType<UserTokensState> = z.lazy(() => {
  const uuid = z.string().regex(UUID, 'must be a lower-case UUID')
  const ms = z.number().int().nonnegative()
  return z.array(
    z.object({
      token: uuid,
      appUuid: uuid,
      userUuid: uuid,
      issued: ms,
      expires: ms,
      revoked: z.boolean(),
    }),
  )
})

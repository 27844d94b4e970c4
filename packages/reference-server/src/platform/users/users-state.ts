import { KYC_STATUSES, NETWORK_KEYS, type NetworkKey } from 'pullsign/wire'
import * as z from 'zod'
import { UUID } from '../ids'
import { seedAccountKeys } from './account-keys'
import { globalIdSchema, type User } from './users'

/** The users of a snapshot, with their keys and seeds (a development server's file). */
export type UsersState = User[]

/** Checks the users part of a snapshot: every field of a {@link User}, keys matching seeds. */
export const usersStateSchema: z.ZodType<UsersState> = z.lazy(() => {
  // The keys must be the seed's: a user whose account could not sign would be a half-loaded one.
  const accountSchema = z
    .object({
      address: z.string().min(25).max(35),
      algorithm: z.enum(['ed25519', 'ecdsa-secp256k1']),
      publicKey: z.string().regex(/^[0-9A-F]{66}$/, 'must be 33 bytes of upper-case hex'),
      privateKey: z.string().regex(/^[0-9A-F]{66}$/, 'must be 33 bytes of upper-case hex'),
      seed: z.string().min(20).max(40),
      networks: z.array(z.enum(NETWORK_KEYS as unknown as [NetworkKey, ...NetworkKey[]])),
      globalid: globalIdSchema.optional(),
    })
    .superRefine((account, context) => {
      let keys: { publicKey: string; privateKey: string; address: string } | null = null
      try {
        keys = seedAccountKeys(account.seed)
      } catch {
        context.addIssue({ code: 'custom', path: ['seed'], message: 'is not a seed' })
        return
      }
      if (keys.publicKey !== account.publicKey || keys.privateKey !== account.privateKey) {
        context.addIssue({ code: 'custom', path: ['publicKey'], message: "is not the seed's key" })
      } else if (keys.address !== account.address) {
        context.addIssue({ code: 'custom', path: ['address'], message: "is not the key's address" })
      }
    })

  return z.array(
    z.object({
      uuid: z.string().regex(UUID, 'must be a lower-case UUID'),
      name: z.string().trim().min(1).max(80),
      kyc: z.enum(KYC_STATUSES),
      accounts: z.array(accountSchema).min(1).max(8),
      device: z.object({
        id: z.string().min(1).max(128),
        platform: z.enum(['ios', 'android']),
        currency: z.string().min(1).max(8),
        locale: z.string().min(1).max(35),
      }),
    }),
  )
})

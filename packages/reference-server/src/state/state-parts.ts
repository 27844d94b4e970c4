import type { Identity } from '../identity'
import { signingKeysStateSchema } from '../identity/signing-keys-state'
import { type Ledger, ledgerStateSchema } from '../ledger'
import type {
  Applications,
  AppStorage,
  PayloadPersistence,
  UserData,
  Users,
  UserTokens,
  Webhooks,
} from '../platform'
import { appStorageStateSchema } from '../platform/applications/app-storage-state'
import { applicationsStateSchema } from '../platform/applications/applications-state'
import { webhooksStateSchema } from '../platform/applications/webhooks-state'
import { payloadsStateSchema } from '../platform/payloads/payloads-state'
import { userDataStateSchema } from '../platform/users/user-data-state'
import { userTokensStateSchema } from '../platform/users/user-tokens-state'
import { usersStateSchema } from '../platform/users/users-state'
import { autopilotStateSchema } from '../wallet/autopilot-state'
import type { Wallet } from '../wallet/wallet-types'
import { type StateId, type StatePart, statePart } from './state-part'

const application = (id: string, field: string): StateId => ({ kind: 'application', id, field })
const user = (id: string, field: string): StateId => ({ kind: 'user', id, field })

/**
 * The stores a snapshot holds, in the order they load: applications and users before what
 * points at them; users before the ledger (the ledger part replaces whatever funding did); the
 * payloads before the autopilot's answers to them.
 *
 * @example
 * ```ts
 * const parts = storeStateParts(platform)
 * ```
 */
export function storeStateParts(stores: {
  applications: Applications
  users: Users
  ledger: Ledger
  tokens: UserTokens
  payloads: Pick<PayloadPersistence, 'changes' | 'saveState' | 'loadState' | 'endSubscriptions'>
  storage: AppStorage
  userData: UserData
  webhooks: Webhooks
  identity: Pick<Identity, 'keys'>
  wallet: Pick<Wallet, 'autopilotPersistence'>
}): StatePart<unknown>[] {
  const { applications, users, ledger, tokens, payloads, storage, userData, webhooks } = stores
  const autopilot = stores.wallet.autopilotPersistence
  const { keys } = stores.identity
  return [
    statePart({
      key: 'applications',
      schema: applicationsStateSchema,
      changes: () => applications.changes,
      save: () => applications.saveState(),
      load: (state) => applications.loadState(state),
      ids: (state) => state.map((app, i) => application(app.uuid, `applications.${i}.uuid`)),
    }),
    statePart({
      key: 'users',
      schema: usersStateSchema,
      changes: () => users.changes,
      save: () => users.saveState(),
      load: (state) => users.loadState(state),
      ids: (state) => state.map((saved, i) => user(saved.uuid, `users.${i}.uuid`)),
    }),
    statePart({
      key: 'ledger',
      schema: ledgerStateSchema,
      changes: () => ledger.changes,
      save: () => ledger.saveState(),
      load: (state) => ledger.loadState(state),
    }),
    statePart({
      key: 'userTokens',
      schema: userTokensStateSchema,
      changes: () => tokens.changes,
      save: () => tokens.saveState(),
      load: (state) => tokens.loadState(state),
      references: (state) =>
        state.flatMap((token, i) => [
          application(token.appUuid, `userTokens.${i}.appUuid`),
          user(token.userUuid, `userTokens.${i}.userUuid`),
        ]),
    }),
    statePart({
      key: 'payloads',
      schema: payloadsStateSchema,
      changes: () => payloads.changes,
      save: () => payloads.saveState(),
      load: (state) => payloads.loadState(state),
      replacing: (state) => payloads.endSubscriptions(new Set(state.map((saved) => saved.uuid))),
      references: (state) =>
        state.flatMap((payload, i) => [
          application(payload.appUuid, `payloads.${i}.appUuid`),
          ...(['boundUser', 'openedBy'] as const).flatMap((field) => {
            const id = payload[field]
            return id === null ? [] : [user(id, `payloads.${i}.${field}`)]
          }),
        ]),
    }),
    statePart({
      key: 'autopilot',
      schema: autopilotStateSchema,
      changes: () => autopilot.changes,
      save: () => autopilot.saveState(),
      load: (state) => autopilot.loadState(state),
      references: (state) =>
        (state?.rules ?? []).flatMap((rule, i) => [
          user(rule.user, `autopilot.rules.${i}.user`),
          ...(rule.application === null
            ? []
            : [application(rule.application, `autopilot.rules.${i}.application`)]),
        ]),
    }),
    statePart({
      key: 'appStorage',
      schema: appStorageStateSchema,
      changes: () => storage.changes,
      save: () => storage.saveState(),
      load: (state) => storage.loadState(state),
      references: (state) =>
        state.map((entry, i) => application(entry.application, `appStorage.${i}.application`)),
    }),
    statePart({
      key: 'userData',
      schema: userDataStateSchema,
      changes: () => userData.changes,
      save: () => userData.saveState(),
      load: (state) => userData.loadState(state),
      references: (state) =>
        state.flatMap((entry, i) => [
          application(entry.application, `userData.${i}.application`),
          user(entry.user, `userData.${i}.user`),
        ]),
    }),
    statePart({
      key: 'webhooks',
      schema: webhooksStateSchema,
      changes: () => webhooks.changes,
      save: () => webhooks.saveState(),
      load: (state) => webhooks.loadState(state, (uuid) => applications.get(uuid)),
      references: (state) =>
        state.scheduled.map((entry, i) =>
          application(entry.application, `webhooks.scheduled.${i}.application`),
        ),
    }),
    statePart({
      key: 'signingKey',
      schema: signingKeysStateSchema,
      changes: () => keys.changes,
      save: () => keys.saveState(),
      load: (state) => keys.loadState(state),
    }),
  ]
}

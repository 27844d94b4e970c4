import type * as z from 'zod'

/** An id a snapshot part holds or points at, with the field it is in (`payloads.3.appUuid`). */
export interface StateId {
  kind: 'application' | 'user'
  id: string
  field: string
}

/**
 * One store's part of a snapshot (src/state/snapshot.ts): the store saves and loads its own
 * state, and its schema checks that state, so no module reaches into another's.
 *
 * @example
 * ```ts
 * const part: StatePart<UserTokensState> = {
 *   key: 'userTokens',
 *   schema: userTokensStateSchema,
 *   changes: () => tokens.changes,
 *   save: () => tokens.saveState(),
 *   load: (state) => tokens.loadState(state),
 * }
 * ```
 */
export interface StatePart<T> {
  /** The snapshot's field of this part. */
  readonly key: string
  /** A `z.lazy` schema: built on the first restore, which most servers never see. */
  readonly schema: z.ZodType<T>
  /** The store's change count: the part is saved again only when it moved. */
  changes(): number
  save(): T
  /** Replaces the store's state with a checked one. */
  load(state: T): void
  /**
   * Told the checked state a restore is about to load, before anything is cleared: what the
   * store must say to its listeners about what goes away (the payloads' subscribers).
   */
  replacing?(state: T): void
  /** The ids this part holds (applications, users), so another part's references are checked. */
  ids?(state: T): StateId[]
  /** The ids of other parts this part points at. */
  references?(state: T): StateId[]
}

/**
 * Types a part (the list of parts holds parts of different types).
 *
 * @example
 * ```ts
 * const parts = [statePart({ key: 'ledger', schema: ledgerStateSchema, changes, save, load })]
 * ```
 */
export const statePart = <T>(part: StatePart<T>): StatePart<unknown> =>
  part as unknown as StatePart<unknown>

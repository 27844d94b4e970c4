import { NETWORK_KEYS, type NetworkKey } from 'pullsign/wire'
import * as z from 'zod'
import {
  AMENDMENT_PROFILES,
  type AmendmentProfile,
  type AmendmentTable,
  restoredAmendments,
  unknownAmendments,
} from './amendments/amendment-table'
import type { LedgerChain, LedgerChainState } from './closing/ledger-chain'
import type { JsonObject } from './codec/json-object'
import { type NetworkDefinition, networkDefinition } from './networks'
import { accountRootIndex } from './state/keylets'
import type { LedgerObject } from './state/ledger-object'
import type { ObjectStore } from './state/object-store'
import type { StoreSnapshot } from './state/store-snapshot'
import type { StoredTransaction } from './state/stored-transaction'
import type { TransactionMeta } from './state/transaction-meta'
import { refuse } from './view/refusal'

/**
 * One network's ledger in a snapshot: its ledger objects as rippled writes them (each with its
 * `index`), and every kept transaction with its metadata. Written out rather than inferred from
 * the schema: it is part of the public `Snapshot` type, and the published types must not name zod
 * (bundled into dist, not a dependency).
 */
export interface NetworkLedgerState {
  closedIndex: number
  /** Close time of the latest closed ledger, seconds since the Ripple epoch. */
  parentCloseTime: number
  /** Every ledger object, in index order. */
  objects: Record<string, unknown>[]
  /** Every kept transaction (a Batch's inner ones too), oldest first. */
  transactions: {
    txid: string
    tx: Record<string, unknown>
    ledgerIndex: number
    validated: boolean
    closedAt: number | null
    meta: Record<string, unknown>
    inner: string[]
    /** Why a `tec` result was not `tesSUCCESS` (view/refusal.ts); absent on success. */
    refusal?: { result: string; rule: string; detail: string; source: string }
    /** Applied through the control API's impersonation, unsigned (docs/protocol.md §10). */
    impersonated?: true
  }[]
  /** The open ledger's transactions, in order. */
  open: string[]
  /** Each closed ledger that held transactions: its index and their ids, in order. */
  closedLedgers: [number, string[]][]
  /**
   * The kept closed-ledger headers (closing/ledger-chain.ts): a restore answers the same index,
   * hash and close time for each. Absent in older snapshots: the restored chain then starts anew
   * at `closedIndex`.
   */
  chain?: LedgerChainState
  /**
   * The latest closed ledger's objects where they differ from `objects` (the open ledger's
   * changes since the close): `[index, object or null (none there then)]`. Absent: the same.
   */
  validated?: [string, Record<string, unknown> | null][]
  /**
   * Its amendment table (docs/protocol.md §8.10): the profile and the names enabled. A snapshot
   * without it restores the server's profile.
   */
  amendments?: { profile: AmendmentProfile; enabled: string[] }
}

// The saved headers follow each other and end at the state's latest closed ledger.
const checkChain = (
  chain: LedgerChainState,
  state: { closedIndex: number; parentCloseTime: number },
  context: z.RefinementCtx,
) => {
  const issue = (path: PropertyKey[], message: string) =>
    context.addIssue({ code: 'custom', path: ['chain', ...path], message })
  chain.ledgers.forEach(([ledgerIndex, closeTime], i) => {
    const previous = i === 0 ? null : chain.ledgers[i - 1]
    if (previous && ledgerIndex <= previous[0])
      issue(['ledgers', i, 0], 'must follow the ledger before it')
    if (previous && closeTime <= previous[1])
      issue(['ledgers', i, 1], 'must be after the close before it')
  })
  const latest = chain.ledgers[chain.ledgers.length - 1]
  if (latest && (latest[0] !== state.closedIndex || latest[1] !== state.parentCloseTime)) {
    issue(
      ['ledgers', chain.ledgers.length - 1],
      'must be the ledger closedIndex and parentCloseTime name',
    )
  }
}

// Built on the first restore (ledgerStateSchema is lazy): most servers never restore.
const networkStateSchema = (network: NetworkDefinition): z.ZodType<NetworkLedgerState> => {
  const index = z.number().int().nonnegative()
  const hash = z.string().regex(/^[0-9A-F]{64}$/, 'must be 32 bytes of upper-case hex')
  const object = z
    .looseObject({
      LedgerEntryType: z.string().min(1).max(40),
      Flags: z.number().int().nonnegative(),
      index: hash,
    })
    .superRefine((value, context) => {
      // An account's object must sit where the ledger looks for it.
      if (value.LedgerEntryType !== 'AccountRoot') return
      const ok =
        typeof value.Account === 'string' &&
        typeof value.Balance === 'string' &&
        /^\d{1,20}$/.test(value.Balance) &&
        (() => {
          try {
            return accountRootIndex(value.Account as string) === value.index
          } catch {
            return false
          }
        })()
      if (!ok) {
        context.addIssue({ code: 'custom', message: 'is not an AccountRoot at its account index' })
      }
    })
  const meta = z.looseObject({
    AffectedNodes: z.array(z.record(z.string(), z.unknown())),
    TransactionIndex: z.number().int().min(-1),
    TransactionResult: z.string().min(3).max(32),
  })
  const transactionSchema = z.object({
    txid: hash,
    tx: z.record(z.string(), z.unknown()),
    ledgerIndex: index,
    validated: z.boolean(),
    closedAt: index.nullable(),
    meta,
    inner: z.array(hash),
    refusal: z
      .strictObject({
        result: z.string().min(3).max(32),
        rule: z.string().max(64),
        detail: z.string().max(2000),
        source: z.string().max(128),
      })
      .optional(),
    impersonated: z.literal(true).optional(),
  })

  const chain = z.object({
    parent: z.tuple([hash, index]),
    ledgers: z
      .array(z.tuple([index, index, hash, hash, z.string().regex(/^\d{1,20}$/, 'must be drops')]))
      .min(1),
  })
  return z
    .object({
      closedIndex: index,
      parentCloseTime: index,
      objects: z.array(object),
      transactions: z.array(transactionSchema),
      open: z.array(hash),
      closedLedgers: z.array(z.tuple([index, z.array(hash)])),
      chain: chain.optional(),
      validated: z.array(z.tuple([hash, object.nullable()])).optional(),
      amendments: z
        .object({
          profile: z.enum(
            AMENDMENT_PROFILES as unknown as [AmendmentProfile, ...AmendmentProfile[]],
          ),
          enabled: z.array(z.string().max(64)).max(512),
        })
        .optional(),
    })
    .superRefine((state, context) => {
      if (state.chain) checkChain(state.chain, state, context)
      unknownAmendments(network, state.amendments?.enabled ?? []).forEach((name) => {
        const at = state.amendments?.enabled.indexOf(name) ?? 0
        context.addIssue({
          code: 'custom',
          path: ['amendments', 'enabled', at],
          message: `is no amendment of ${network.key}`,
        })
      })
      const seen = new Set<string>()
      state.objects.forEach((object, i) => {
        if (seen.has(object.index)) {
          context.addIssue({
            code: 'custom',
            path: ['objects', i, 'index'],
            message: 'repeats an index',
          })
        }
        seen.add(object.index)
      })
      const known = new Set(state.transactions.map((stored) => stored.txid))
      const unknown = (path: PropertyKey[]) =>
        context.addIssue({ code: 'custom', path, message: 'is not a transaction of this network' })
      state.transactions.forEach((stored, i) => {
        stored.inner.forEach((id, j) => {
          if (!known.has(id)) unknown(['transactions', i, 'inner', j])
        })
      })
      state.open.forEach((id, i) => {
        if (!known.has(id)) unknown(['open', i])
      })
      state.closedLedgers.forEach(([, ids], i) => {
        ids.forEach((id, j) => {
          if (!known.has(id)) unknown(['closedLedgers', i, 1, j])
        })
      })
    }) as z.ZodType<NetworkLedgerState>
}

/** The ledger of a snapshot: each network's. */
export type LedgerState = Partial<Record<NetworkKey, NetworkLedgerState>>

/** Checks the ledger part of a snapshot. */
export const ledgerStateSchema: z.ZodType<LedgerState> = z.lazy(() =>
  z.strictObject(
    Object.fromEntries(
      NETWORK_KEYS.map((key) => [key, networkStateSchema(networkDefinition(key)).optional()]),
    ) as Record<NetworkKey, z.ZodOptional<z.ZodType<NetworkLedgerState>>>,
  ),
) as z.ZodType<LedgerState>

/** What a network ledger keeps, as its closure holds it (network-ledger.ts). */
export interface NetworkLedgerParts {
  objects: Iterable<LedgerObject>
  transactions: Map<string, StoredTransaction>
  open: StoredTransaction[]
  closedLedgers: Map<number, StoredTransaction[]>
  closedIndex: number
  parentCloseTime: number
  /** The kept headers; null in a snapshot from before they were saved. */
  chain: LedgerChainState | null
  /** The latest closed ledger's own objects (StoreSnapshot.held): none in an older snapshot. */
  validated: [string, LedgerObject | null][]
  /** Absent in a snapshot from before the tables were kept. */
  amendments?: AmendmentTable
}

/**
 * A network ledger's parts as snapshot JSON (objects in index order, transactions by id).
 *
 * @example
 * ```ts
 * const state = saveNetworkLedger({ objects: store, ... })
 * ```
 */
export function saveNetworkLedger(
  parts: Omit<NetworkLedgerParts, 'objects' | 'chain' | 'validated'> & {
    objects: ObjectStore
    chain: LedgerChain
    validated: StoreSnapshot
  },
): NetworkLedgerState {
  return {
    closedIndex: parts.closedIndex,
    parentCloseTime: parts.parentCloseTime,
    objects: [...parts.objects.objects()].map((object) => structuredClone(object)),
    transactions: [...parts.transactions.values()].map((stored) => ({
      txid: stored.txid,
      tx: structuredClone(stored.tx),
      ledgerIndex: stored.ledgerIndex,
      validated: stored.validated,
      closedAt: stored.closedAt,
      meta: structuredClone(stored.meta) as unknown as Record<string, unknown>,
      inner: stored.inner.map((inner) => inner.txid),
      ...(stored.refusal ? { refusal: { ...stored.refusal } } : {}),
      ...(stored.impersonated ? { impersonated: true as const } : {}),
    })),
    open: parts.open.map((stored) => stored.txid),
    closedLedgers: [...parts.closedLedgers].map(([at, list]) => [at, list.map((s) => s.txid)]),
    chain: parts.chain.saveState(),
    validated: parts.validated
      .held()
      .map(([index, object]) => [index, object && (structuredClone(object) as never)]),
    ...(parts.amendments
      ? {
          amendments: {
            profile: parts.amendments.profile,
            enabled: [...parts.amendments.enabledNames],
          },
        }
      : {}),
  }
}

/**
 * The parts of a network ledger from a checked snapshot part.
 *
 * @example
 * ```ts
 * const parts = loadNetworkLedger(state, networkDefinition('TESTNET'))
 * ```
 */
export function loadNetworkLedger(
  state: NetworkLedgerState,
  network: NetworkDefinition,
): NetworkLedgerParts {
  const transactions = new Map<string, StoredTransaction>()
  for (const saved of state.transactions) {
    transactions.set(saved.txid, {
      txid: saved.txid,
      network,
      tx: structuredClone(saved.tx) as JsonObject,
      ledgerIndex: saved.ledgerIndex,
      validated: saved.validated,
      closedAt: saved.closedAt,
      meta: structuredClone(saved.meta) as unknown as TransactionMeta,
      inner: [],
      ...(saved.refusal
        ? {
            refusal: refuse(
              saved.refusal.result,
              saved.refusal.rule,
              saved.refusal.detail,
              saved.refusal.source,
            ),
          }
        : {}),
      ...(saved.impersonated ? { impersonated: true } : {}),
    })
  }
  // The schema checked every id, so each lookup finds its transaction.
  const byId = (id: string) => transactions.get(id) as StoredTransaction
  for (const saved of state.transactions) byId(saved.txid).inner = saved.inner.map(byId)
  return {
    objects: state.objects.map((object) => structuredClone(object) as LedgerObject),
    transactions,
    open: state.open.map(byId),
    closedLedgers: new Map(state.closedLedgers.map(([at, ids]) => [at, ids.map(byId)])),
    closedIndex: state.closedIndex,
    parentCloseTime: state.parentCloseTime,
    chain: state.chain ?? null,
    validated: (state.validated ?? []).map(([index, object]) => [
      index,
      object && (structuredClone(object) as LedgerObject),
    ]),
    ...(state.amendments ? { amendments: restoredAmendments(network, state.amendments) } : {}),
  }
}

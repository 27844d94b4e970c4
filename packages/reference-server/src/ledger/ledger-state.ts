import { NETWORK_KEYS, type NetworkKey } from 'pullsign/wire'
import * as z from 'zod'
import { IssuedValue } from './amounts/issued-value'
import type { JsonObject } from './codec/json-object'
import type { NetworkDefinition } from './networks'
import type { AccountState } from './state/account-state'
import type { StoredTransaction } from './state/stored-transaction'
import { lineKey, type TrustLine } from './state/trust-line'

type Issued = { currency: string; issuer: string; value: string }

/**
 * One network's ledger in a snapshot: accounts, trust lines, and every kept transaction. Written
 * out rather than inferred from the schema: it is part of the public `Snapshot` type, and the
 * published types must not name zod (bundled into dist, not a dependency).
 */
export interface NetworkLedgerState {
  closedIndex: number
  accounts: {
    address: string
    balance: string
    sequence: number
    ownerCount: number
    regularKey: string | null
    signerList: { quorum: number; weights: [string, number][] } | null
    flags: number
    tickets: number[]
  }[]
  lines: {
    currency: string
    low: string
    high: string
    balance: string
    lowLimit: string
    highLimit: string
    lowOwns: boolean
    highOwns: boolean
  }[]
  /** Every kept transaction (a Batch's inner ones too), oldest first. */
  transactions: {
    txid: string
    tx: Record<string, unknown>
    result: string
    ledgerIndex: number
    transactionIndex: number
    validated: boolean
    closedAt: number | null
    balances: {
      native: { address: string; before: string; after: string; created: boolean }[]
      lines: {
        low: string
        high: string
        currency: string
        before: string
        after: string
        lowLimit: string
        highLimit: string
      }[]
    }
    delivered: string | Issued | null
    partial: boolean
    inner: string[]
  }[]
  /** The open ledger's transactions, in order. */
  open: string[]
  /** Each closed ledger that held transactions: its index and their ids, in order. */
  closedLedgers: [number, string[]][]
}

// Built on the first restore (ledgerStateSchema is lazy): most servers never restore.
const networkStateSchema = (): z.ZodType<NetworkLedgerState> => {
  const drops = z.string().regex(/^-?\d{1,20}$/, 'must be a whole number of drops')
  const decimal = z
    .string()
    .max(64)
    .refine((value) => new IssuedValue(value).isFinite(), 'must be a decimal number')
  const index = z.number().int().nonnegative()
  const txid = z.string().regex(/^[0-9A-F]{64}$/, 'must be 32 bytes of upper-case hex')
  const issued = z.object({ currency: z.string(), issuer: z.string(), value: z.string() })

  const accountSchema = z.object({
    address: z.string().min(25).max(35),
    balance: drops,
    sequence: index,
    ownerCount: index,
    regularKey: z.string().nullable(),
    signerList: z
      .object({ quorum: index, weights: z.array(z.tuple([z.string(), index])) })
      .nullable(),
    flags: index,
    tickets: z.array(index),
  })

  const lineSchema = z.object({
    currency: z.string().min(1).max(40),
    low: z.string(),
    high: z.string(),
    balance: decimal,
    lowLimit: decimal,
    highLimit: decimal,
    lowOwns: z.boolean(),
    highOwns: z.boolean(),
  })

  const transactionSchema = z.object({
    txid,
    tx: z.record(z.string(), z.unknown()),
    result: z.string().min(3).max(32),
    ledgerIndex: index,
    transactionIndex: z.number().int().min(-1),
    validated: z.boolean(),
    closedAt: index.nullable(),
    balances: z.object({
      native: z.array(
        z.object({ address: z.string(), before: drops, after: drops, created: z.boolean() }),
      ),
      lines: z.array(
        z.object({
          low: z.string(),
          high: z.string(),
          currency: z.string(),
          before: decimal,
          after: decimal,
          lowLimit: decimal,
          highLimit: decimal,
        }),
      ),
    }),
    delivered: z.union([z.string(), issued]).nullable(),
    partial: z.boolean(),
    inner: z.array(txid),
  })

  return z
    .object({
      closedIndex: index,
      accounts: z.array(accountSchema),
      lines: z.array(lineSchema),
      transactions: z.array(transactionSchema),
      open: z.array(txid),
      closedLedgers: z.array(z.tuple([index, z.array(txid)])),
    })
    .superRefine((state, context) => {
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
    })
}

/** The ledger of a snapshot: each network's. */
export type LedgerState = Partial<Record<NetworkKey, NetworkLedgerState>>

/** Checks the ledger part of a snapshot. */
export const ledgerStateSchema: z.ZodType<LedgerState> = z.lazy(() =>
  z.partialRecord(
    z.enum(NETWORK_KEYS as unknown as [NetworkKey, ...NetworkKey[]]),
    networkStateSchema(),
  ),
)

/** What a network ledger keeps, as its closure holds it (network-ledger.ts). */
export interface NetworkLedgerParts {
  accounts: Map<string, AccountState>
  lines: Map<string, TrustLine>
  transactions: Map<string, StoredTransaction>
  open: StoredTransaction[]
  closedLedgers: Map<number, StoredTransaction[]>
  closedIndex: number
}

const text = (value: IssuedValue) => value.toString()

/**
 * A network ledger's parts as snapshot JSON (bigints and decimals as strings, objects by id).
 *
 * @example
 * ```ts
 * const state = saveNetworkLedger(parts)
 * ```
 */
export function saveNetworkLedger(parts: NetworkLedgerParts): NetworkLedgerState {
  return {
    closedIndex: parts.closedIndex,
    accounts: [...parts.accounts].map(([address, account]) => ({
      address,
      balance: account.balance.toString(),
      sequence: account.sequence,
      ownerCount: account.ownerCount,
      regularKey: account.regularKey,
      signerList: account.signerList && {
        quorum: account.signerList.quorum,
        weights: [...account.signerList.weights],
      },
      flags: account.flags,
      tickets: [...account.tickets],
    })),
    lines: [...parts.lines.values()].map((line) => ({
      ...line,
      balance: text(line.balance),
      lowLimit: text(line.lowLimit),
      highLimit: text(line.highLimit),
    })),
    transactions: [...parts.transactions.values()].map((stored) => ({
      txid: stored.txid,
      tx: structuredClone(stored.tx),
      result: stored.result,
      ledgerIndex: stored.ledgerIndex,
      transactionIndex: stored.transactionIndex,
      validated: stored.validated,
      closedAt: stored.closedAt,
      balances: {
        native: stored.balances.native.map((change) => ({
          ...change,
          before: change.before.toString(),
          after: change.after.toString(),
        })),
        lines: stored.balances.lines.map((change) => ({
          ...change,
          before: text(change.before),
          after: text(change.after),
          lowLimit: text(change.lowLimit),
          highLimit: text(change.highLimit),
        })),
      },
      delivered: stored.delivered === undefined ? null : structuredClone(stored.delivered),
      partial: stored.partial,
      inner: stored.inner.map((inner) => inner.txid),
    })),
    open: parts.open.map((stored) => stored.txid),
    closedLedgers: [...parts.closedLedgers].map(([at, list]) => [at, list.map((s) => s.txid)]),
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
  const accounts = new Map<string, AccountState>(
    state.accounts.map((saved) => [
      saved.address,
      {
        balance: BigInt(saved.balance),
        sequence: saved.sequence,
        ownerCount: saved.ownerCount,
        regularKey: saved.regularKey,
        signerList: saved.signerList && {
          quorum: saved.signerList.quorum,
          weights: new Map(saved.signerList.weights),
        },
        flags: saved.flags,
        tickets: new Set(saved.tickets),
        lineKeys: new Set(),
      },
    ]),
  )
  const lines = new Map<string, TrustLine>()
  for (const saved of state.lines) {
    const key = lineKey(saved.low, saved.high, saved.currency)
    lines.set(key, {
      ...saved,
      balance: new IssuedValue(saved.balance),
      lowLimit: new IssuedValue(saved.lowLimit),
      highLimit: new IssuedValue(saved.highLimit),
    })
    accounts.get(saved.low)?.lineKeys.add(key)
    accounts.get(saved.high)?.lineKeys.add(key)
  }
  const transactions = new Map<string, StoredTransaction>()
  for (const saved of state.transactions) {
    transactions.set(saved.txid, {
      ...saved,
      network,
      tx: structuredClone(saved.tx) as JsonObject,
      balances: {
        native: saved.balances.native.map((change) => ({
          ...change,
          before: BigInt(change.before),
          after: BigInt(change.after),
        })),
        lines: saved.balances.lines.map((change) => ({
          ...change,
          before: new IssuedValue(change.before),
          after: new IssuedValue(change.after),
          lowLimit: new IssuedValue(change.lowLimit),
          highLimit: new IssuedValue(change.highLimit),
        })),
      },
      delivered: saved.delivered ?? undefined,
      inner: [],
    })
  }
  // The schema checked every id, so each lookup finds its transaction.
  const byId = (id: string) => transactions.get(id) as StoredTransaction
  for (const saved of state.transactions) byId(saved.txid).inner = saved.inner.map(byId)
  return {
    accounts,
    lines,
    transactions,
    open: state.open.map(byId),
    closedLedgers: new Map(state.closedLedgers.map(([at, ids]) => [at, ids.map(byId)])),
    closedIndex: state.closedIndex,
  }
}

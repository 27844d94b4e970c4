import { createHash } from 'node:crypto'
import type { NetworkDefinition } from '../networks'
import { XAHAU_AMENDMENTS, XRPL_AMENDMENTS } from './amendment-names'
import { MODELLED_AMENDMENTS, NOT_ON_XAHAU } from './modelled-amendments'

/**
 * One amendment as a node's `feature` method lists it (xrpl.org "feature"): its id, name and
 * whether the network has it enabled. `supported` says whether the simulated ledger knows how to
 * apply it, which here is the same as enabled.
 */
export interface Amendment {
  /** SHA-512Half of the name's ASCII bytes, upper-case hex (rippled's `registerFeature`). */
  id: string
  name: string
  enabled: boolean
  supported: boolean
}

/** The amendments of one network (docs/protocol.md §8.7). */
export interface AmendmentTable {
  /** Every amendment the network's server registers, in its source's order. */
  readonly amendments: readonly Amendment[]
  /** Whether an amendment, by name, is enabled; a name the network does not know is not. */
  enabled(name: string): boolean
  /** One amendment by id (any case) or name, as `feature`'s parameter takes it. */
  find(idOrName: string): Amendment | undefined
}

/**
 * What a transaction's rules ask of the amendment table: whether an amendment is enabled (the
 * preflight context of each rule).
 *
 * @example
 * ```ts
 * const rules: AmendmentRules = amendmentTable(network)
 * if (!rules.enabled('DeletableAccounts')) return 'temDISABLED'
 * ```
 */
export type AmendmentRules = Pick<AmendmentTable, 'enabled'>

/**
 * An amendment's id: SHA-512Half of its name (rippled `Feature.cpp`, `registerFeature`).
 *
 * @example
 * ```ts
 * amendmentId('MultiSign') // '4C97EBA926031A7CF7D7B36FDE3ED66DDA5421192D63DE53FFB46E43B9DC8373'
 * ```
 */
export function amendmentId(name: string): string {
  return createHash('sha512').update(name, 'ascii').digest().toString('hex', 0, 32).toUpperCase()
}

function buildTable(names: readonly string[], excluded: ReadonlySet<string>): AmendmentTable {
  const amendments = names.map((name): Amendment => {
    const enabled = MODELLED_AMENDMENTS.has(name) && !excluded.has(name)
    return Object.freeze({ id: amendmentId(name), name, enabled, supported: enabled })
  })
  const byName = new Map(amendments.map((a) => [a.name, a]))
  const byId = new Map(amendments.map((a) => [a.id, a]))
  return Object.freeze({
    amendments: Object.freeze(amendments),
    enabled: (name: string) => byName.get(name)?.enabled === true,
    find: (idOrName: string) => byName.get(idOrName) ?? byId.get(idOrName.toUpperCase()),
  })
}

// Built once: the tables never change while the server runs.
const XRPL_TABLE = buildTable(XRPL_AMENDMENTS, new Set())
const XAHAU_TABLE = buildTable(XAHAU_AMENDMENTS, NOT_ON_XAHAU)

/**
 * The amendment table of a network (docs/protocol.md §8.7): the XRP Ledger's amendments on the
 * XRP networks, xahaud's on the XAH ones; enabled are those the simulated ledger implements. The
 * node's `feature` and `server_definitions` answer from it, and a transaction that needs a
 * disabled one ends `temDISABLED` (required-amendments.ts).
 *
 * @example
 * ```ts
 * amendmentTable(networkDefinition('TESTNET')).enabled('DeletableAccounts') // true
 * amendmentTable(networkDefinition('XAHAU')).enabled('NonFungibleTokensV1_1') // false
 * ```
 */
export function amendmentTable(network: NetworkDefinition): AmendmentTable {
  // Xahau networks (native XAH) run xahaud, with its own amendment list (§8.1, §8.7).
  return network.native_asset === 'XAH' ? XAHAU_TABLE : XRPL_TABLE
}

const enabledSets = new Map<AmendmentTable, ReadonlySet<string>>()

/**
 * The names of the amendments enabled on a network: what the rules' preflight context answers
 * with `enabled(name)` (rules/transaction-rules.ts).
 *
 * @example
 * ```ts
 * enabledAmendments(networkDefinition('TESTNET')).has('TicketBatch') // true
 * ```
 */
export function enabledAmendments(network: NetworkDefinition): ReadonlySet<string> {
  const table = amendmentTable(network)
  let names = enabledSets.get(table)
  if (!names) {
    names = new Set(table.amendments.filter((a) => a.enabled).map((a) => a.name))
    enabledSets.set(table, names)
  }
  return names
}

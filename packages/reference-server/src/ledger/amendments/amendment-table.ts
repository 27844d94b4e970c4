import { createHash } from 'node:crypto'
import { isXahau, type NetworkDefinition } from '../networks'
import { XAHAU_AMENDMENTS, XRPL_AMENDMENTS } from './amendment-names'
import { MODELLED_AMENDMENTS } from './modelled-amendments'
import { XAHAU_MAINNET_ENABLED, XRPL_MAINNET_ENABLED } from './network-profiles'

/**
 * Which amendments the networks start with (docs/protocol.md §8.10): `default` enables on
 * MAINNET, TESTNET and DEVNET every amendment the node models; `production` makes MAINNET mirror
 * the XRP Ledger's mainnet. The Xahau networks mirror Xahau's mainnet in both.
 */
export type AmendmentProfile = 'default' | 'production'

/** The profiles, for validating input. */
export const AMENDMENT_PROFILES: readonly AmendmentProfile[] = Object.freeze([
  'default',
  'production',
])

/**
 * One amendment as a node's `feature` method lists it (xrpl.org "feature"): its id, its name,
 * whether the network has it enabled, and whether this node models what it changes
 * (`supported`). A transaction that needs an amendment that is not both is `temDISABLED`.
 */
export interface Amendment {
  /** SHA-512Half of the name's ASCII bytes, upper-case hex (rippled's `registerFeature`). */
  id: string
  name: string
  enabled: boolean
  supported: boolean
}

/**
 * Switches on a network's table after its profile: names to enable, then names to disable.
 *
 * @example
 * ```ts
 * const switches: AmendmentSwitches = { enable: ['BatchV1_1'], disable: ['Checks'] }
 * ```
 */
export interface AmendmentSwitches {
  enable?: readonly string[]
  disable?: readonly string[]
}

/** The amendments of one network (docs/protocol.md §8.10), an immutable value. */
export interface AmendmentTable {
  /** The profile it was built from. */
  readonly profile: AmendmentProfile
  /** Every amendment the network's server registers, in its source's order. */
  readonly amendments: readonly Amendment[]
  /** The names of the enabled amendments, in the table's order. */
  readonly enabledNames: readonly string[]
  /**
   * Whether the rules may count on an amendment, by name: enabled on the network and modelled by
   * the node. A name the network does not know is not.
   */
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

const ids = new Map<string, string>()

/**
 * An amendment's id: SHA-512Half of its name (rippled `Feature.cpp`, `registerFeature`).
 *
 * @example
 * ```ts
 * amendmentId('MultiSign') // '4C97EBA926031A7CF7D7B36FDE3ED66DDA5421192D63DE53FFB46E43B9DC8373'
 * ```
 */
export function amendmentId(name: string): string {
  let id = ids.get(name)
  if (id === undefined) {
    id = createHash('sha512').update(name, 'ascii').digest().toString('hex', 0, 32).toUpperCase()
    // The names are the servers' fixed lists: a few hundred ids at most.
    if (ids.size < 1024) ids.set(name, id)
  }
  return id
}

/**
 * The amendments a network's server knows, by name: xahaud's on the Xahau networks, rippled's
 * on the others.
 *
 * @example
 * ```ts
 * knownAmendments(networkDefinition('XAHAU')).includes('Hooks') // true
 * ```
 */
export const knownAmendments = (network: NetworkDefinition): readonly string[] =>
  isXahau(network) ? XAHAU_AMENDMENTS : XRPL_AMENDMENTS

/**
 * The names a profile enables on a network before any switch (docs/protocol.md §8.10).
 *
 * @example
 * ```ts
 * profileEnables(networkDefinition('MAINNET'), 'production').has('BatchV1_1') // false
 * ```
 */
export function profileEnables(
  network: NetworkDefinition,
  profile: AmendmentProfile,
): ReadonlySet<string> {
  if (isXahau(network)) return XAHAU_MAINNET_ENABLED
  if (profile === 'production' && network.key === 'MAINNET') return XRPL_MAINNET_ENABLED
  return MODELLED_AMENDMENTS
}

/**
 * Amendment names a network does not know, in the order given: what a switch must be refused
 * for before anything changes.
 *
 * @example
 * ```ts
 * unknownAmendments(networkDefinition('XAHAU'), ['URIToken', 'BatchV1_1']) // ['BatchV1_1']
 * ```
 */
export function unknownAmendments(network: NetworkDefinition, names: readonly string[]): string[] {
  const known = knownAmendments(network)
  return names.filter((name) => !known.includes(name))
}

function buildTable(
  network: NetworkDefinition,
  profile: AmendmentProfile,
  base: Iterable<string>,
  switches: AmendmentSwitches,
): AmendmentTable {
  const unknown = unknownAmendments(network, [
    ...(switches.enable ?? []),
    ...(switches.disable ?? []),
  ])
  if (unknown.length > 0) {
    throw new RangeError(`${network.key} has no amendment ${unknown.join(', ')}`)
  }
  const on = new Set(base)
  for (const name of switches.enable ?? []) on.add(name)
  for (const name of switches.disable ?? []) on.delete(name)
  const amendments = knownAmendments(network).map(
    (name): Amendment =>
      Object.freeze({
        id: amendmentId(name),
        name,
        enabled: on.has(name),
        supported: MODELLED_AMENDMENTS.has(name),
      }),
  )
  const byName = new Map(amendments.map((a) => [a.name, a]))
  const byId = new Map(amendments.map((a) => [a.id, a]))
  const usable = new Set(amendments.filter((a) => a.enabled && a.supported).map((a) => a.name))
  return Object.freeze({
    profile,
    amendments: Object.freeze(amendments),
    enabledNames: Object.freeze(amendments.filter((a) => a.enabled).map((a) => a.name)),
    enabled: (name: string) => usable.has(name),
    find: (idOrName: string) => byName.get(idOrName) ?? byId.get(idOrName.toUpperCase()),
  })
}

// The tables without switches, built once per network and profile: every reset builds the five
// networks again.
const plain = new Map<string, AmendmentTable>()

/**
 * The amendment table of a network (docs/protocol.md §8.10): the amendments its server knows
 * (xahaud's on the Xahau networks, rippled's on the others), those its profile enables, then the
 * switches. `enabled(name)` holds for an amendment both enabled and modelled by the node; the
 * node's `feature` and the dashboard show each amendment's `enabled` and `supported`. An unknown
 * name in a switch throws a RangeError naming it (callers check with `unknownAmendments` first).
 *
 * @example
 * ```ts
 * amendmentTable(networkDefinition('TESTNET')).enabled('DeletableAccounts') // true
 * amendmentTable(networkDefinition('XAHAU')).enabled('DeletableAccounts') // false
 * amendmentTable(networkDefinition('MAINNET'), 'production').enabled('BatchV1_1') // false
 * ```
 */
export function amendmentTable(
  network: NetworkDefinition,
  profile: AmendmentProfile = 'default',
  switches: AmendmentSwitches = {},
): AmendmentTable {
  if (switches.enable?.length || switches.disable?.length) {
    return buildTable(network, profile, profileEnables(network, profile), switches)
  }
  const key = `${network.key}:${profile}`
  let table = plain.get(key)
  if (!table) {
    table = buildTable(network, profile, profileEnables(network, profile), {})
    plain.set(key, table)
  }
  return table
}

/**
 * A network's table with switches on top of what `table` enables (its profile kept): the control
 * API's `enable` and `disable` without a profile, and a restored snapshot's list.
 *
 * @example
 * ```ts
 * switchAmendments(network, table, { disable: ['Checks'] }).enabled('Checks') // false
 * ```
 */
export const switchAmendments = (
  network: NetworkDefinition,
  table: AmendmentTable,
  switches: AmendmentSwitches,
): AmendmentTable => buildTable(network, table.profile, table.enabledNames, switches)

/**
 * A network's table as a snapshot keeps it: its profile and exactly the names it enables.
 *
 * @example
 * ```ts
 * restoredAmendments(network, { profile: 'default', enabled: ['MultiSign'] }).enabledNames // ['MultiSign']
 * ```
 */
export const restoredAmendments = (
  network: NetworkDefinition,
  saved: { profile: AmendmentProfile; enabled: readonly string[] },
): AmendmentTable => buildTable(network, saved.profile, [], { enable: saved.enabled })

import { createHash } from 'node:crypto'
import type { HookMeta } from 'pullsign/wire'

interface HookSpec {
  name: string
  description: string
  creator: HookMeta['creator']
  audits: string[]
}

const SPECS: readonly HookSpec[] = [
  {
    name: 'Balance Adjustment',
    description: 'Claims the monthly balance adjustment (rewards) on Xahau.',
    creator: { name: 'Xahau', mail: 'hooks@xahau.network', site: 'xahau.network' },
    audits: ['https://xahau.network/audits/genesis-hooks.pdf'],
  },
  {
    name: 'Governance Game',
    description: 'Lets the governance seats vote on amendments and hook changes.',
    creator: { name: 'Xahau', mail: 'hooks@xahau.network', site: 'xahau.network' },
    audits: ['https://xahau.network/audits/genesis-hooks.pdf'],
  },
  {
    name: 'Firewall',
    description: 'Blocks incoming payments from accounts on a block list.',
    creator: { name: 'XRPL Labs', mail: 'hooks@xrpl-labs.com', site: 'xrpl-labs.com' },
    audits: [],
  },
  {
    name: 'Savings',
    description: 'Moves a share of every outgoing payment to a savings account.',
    creator: { name: 'XRPL Labs', mail: 'hooks@xrpl-labs.com', site: 'xrpl-labs.com' },
    audits: [],
  },
]

// Hook hashes are upper-case SHA-512Half values; derived from the name so they never change.
const hashOf = (name: string) =>
  createHash('sha512').update(`hook:${name}`).digest('hex').slice(0, 64).toUpperCase()

/**
 * The hook hashes the lookup knows (docs/protocol.md §2 `hookhash`), with their HookMeta.
 *
 * @example
 * ```ts
 * Object.values(knownHookHashes()).map((meta) => meta.name)
 * ```
 */
export function knownHookHashes(): Record<string, HookMeta> {
  const entries = SPECS.map((spec): [string, HookMeta] => [
    hashOf(spec.name),
    {
      name: spec.name,
      description: spec.description,
      creator: { ...spec.creator },
      xapp: '',
      appuuid: '',
      icon: `https://xumm.app/assets/icons/hooks/${spec.name.toLowerCase().replace(/ /g, '-')}.png`,
      verifiedAccounts: [],
      audits: [...spec.audits],
    },
  ])
  return Object.fromEntries(entries)
}

import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// Data flows one way: adapters (http/, ws/, web/) call the platform and identity (http/ renders
// web/'s pages, never the other way round), identity uses the platform, the wallet drives the
// platform, the platform drives the ledger, and the ledger knows nothing above it; only the
// composition root (create-platform.ts) and the entry points at the top of src/ see every part.
// Each rule names a source folder and the folders it must never import.
const FORBIDDEN: Record<string, readonly string[]> = {
  ledger: ['platform', 'wallet', 'identity', 'http', 'ws', 'web'],
  platform: ['wallet', 'identity', 'http', 'ws', 'web'],
  wallet: ['http', 'ws', 'web'],
  identity: ['wallet', 'http', 'ws', 'web'],
  web: ['http', 'ws', 'wallet'],
}

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src')
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+'(\.[^']+)'/g

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? sourceFiles(path) : entry.name.endsWith('.ts') ? [path] : []
  })

/** The top folder of src/ a file (or an imported folder's index) is in; '' for a file at the top. */
const folderOf = (path: string) => {
  const parts = relative(SRC, path).split(sep)
  const isFolder = statSync(path, { throwIfNoEntry: false })?.isDirectory() === true
  return parts.length > 1 || isFolder ? (parts[0] ?? '') : ''
}

/** The file an import names: `x` is `x.ts` or the folder `x/` (its index.ts). */
const fileOf = (path: string) =>
  statSync(path, { throwIfNoEntry: false })?.isDirectory() === true
    ? join(path, 'index.ts')
    : path.endsWith('.ts')
      ? path
      : `${path}.ts`

const arrows = sourceFiles(SRC).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => ({
    from: relative(SRC, file),
    to: relative(SRC, fileOf(resolve(dirname(file), match[1] ?? ''))),
    fromFolder: folderOf(file),
    toFolder: folderOf(resolve(dirname(file), match[1] ?? '')),
    specifier: match[1] ?? '',
  })),
)

/** The circles (strongly connected files, Tarjan) of more than one file in a graph of imports. */
const circlesOf = (next: ReadonlyMap<string, readonly string[]>): string[][] => {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (file: string) => {
    index.set(file, index.size)
    low.set(file, index.get(file) ?? 0)
    stack.push(file)
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to)
        low.set(file, Math.min(low.get(file) ?? 0, low.get(to) ?? 0))
      } else if (stack.includes(to)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(to) ?? 0))
      }
    }
    if (low.get(file) !== index.get(file)) return
    const circle: string[] = []
    let member: string | undefined
    do {
      member = stack.pop()
      if (member !== undefined) circle.push(member)
    } while (member !== undefined && member !== file)
    if (circle.length > 1) found.push(circle.sort())
  }
  for (const file of next.keys()) if (!index.has(file)) visit(file)
  return found
}

// The ledger's layout (rippled's `transactors/<family>/`): under ledger/rules/, the transactor,
// the registry and the contracts every type shares (transaction-rules.ts, preflight-fields.ts) at
// the top; common/ for what several families use (funds, owned objects, deposit authorization,
// trust-line steps, account flags); one folder per family. A family imports the top's contracts
// and common/, never what assembles the families (registry.ts, transactor.ts), and another
// family only where it truly uses it, listed here with why. Beside rules/, reads/ holds what the
// node reads (book and account offers, object pages, NFTs, channels); below both, the foundations.
const FAMILY_USES: Record<string, readonly string[]> = {
  // Remit mints and hands over URITokens, and moves issued amounts as URITokenBuy does (xahaud
  // Remit.cpp includes URIToken.h).
  xahau: ['uritoken'],
  // AccountDelete removes the account's NFToken offers, DID and oracles (rippled
  // DeleteAccount.cpp `removeNFTokenOfferFromLedger`, `removeDIDFromLedger`,
  // `removeOracleFromLedger`), and on Xahau stays for a URIToken issuer (xahaud DeleteAccount.cpp
  // `lsfURITokenIssuer`).
  account: ['nft', 'did', 'oracle', 'uritoken'],
  // Clawback of an MPT amount is the MPT family's half of Clawback (rippled Clawback.cpp).
  token: ['mpt'],
}
const MAX_FILES_PER_FOLDER = 25
// The ledger's foundations, below its rules and reads.
const FOUNDATIONS = [
  'amendments',
  'amm',
  'amounts',
  'closing',
  'codec',
  'number',
  'paths',
  'signatures',
  'state',
  'view',
]

/** Where a file under ledger/rules/ sits: 'top', 'common' or its family; undefined elsewhere. */
const rulesPlace = (file: string): string | undefined => {
  const parts = file.split(sep)
  if (parts[0] !== 'ledger' || parts[1] !== 'rules') return undefined
  return parts.length === 3 ? 'top' : parts[2]
}
const isFamily = (place: string | undefined) =>
  place !== undefined && place !== 'top' && place !== 'common'
/** The sub-folder of ledger/ a file is in ('' for ledger/'s own top files); undefined elsewhere. */
const ledgerFolder = (file: string): string | undefined => {
  const parts = file.split(sep)
  if (parts[0] !== 'ledger') return undefined
  return parts.length === 2 ? '' : parts[1]
}

const importGraph = new Map<string, string[]>()
for (const arrow of arrows) {
  importGraph.set(arrow.from, [...(importGraph.get(arrow.from) ?? []), arrow.to])
}

describe('import arrows point one way', () => {
  it('finds the imports it judges (the reader works)', () => {
    expect(arrows.length).toBeGreaterThan(300)
    expect(arrows).toContainEqual(
      expect.objectContaining({ from: 'create-platform.ts', toFolder: 'wallet' }),
    )
  })

  it.each(Object.entries(FORBIDDEN))('%s/ imports none of %j', (folder, forbidden) => {
    const wrong = arrows.filter(
      (arrow) => arrow.fromFolder === folder && forbidden.includes(arrow.toFolder),
    )
    expect(wrong.map((arrow) => `${arrow.from} -> ${arrow.specifier}`)).toEqual([])
  })

  it('no import circle crosses a folder (sub-folders included)', () => {
    const crossing = circlesOf(importGraph).filter(
      (circle) => new Set(circle.map(dirname)).size > 1,
    )
    expect(crossing).toEqual([])
  })

  it('finds a circle where there is one (the circle finder works)', () => {
    const graph = new Map([
      ['platform/a.ts', ['identity/b.ts', 'platform/c.ts']],
      ['identity/b.ts', ['platform/index.ts']],
      ['platform/index.ts', ['platform/a.ts']],
      ['platform/c.ts', []],
    ])
    expect(circlesOf(graph)).toEqual([['identity/b.ts', 'platform/a.ts', 'platform/index.ts']])
    expect(arrows).toContainEqual(
      expect.objectContaining({ from: 'create-platform.ts', to: 'platform/index.ts' }),
    )
  })

  it('registers routes only in http/', () => {
    const routeModules = sourceFiles(SRC)
      .filter((file) => /\bnew Hono\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file))
    expect(routeModules.length).toBeGreaterThan(5)
    expect(routeModules.filter((file) => folderOf(join(SRC, file)) !== 'http')).toEqual([])
  })
})

describe('the ledger by family (rules/<family>/, as rippled groups its transactors)', () => {
  const rulesArrows = arrows.filter((arrow) => rulesPlace(arrow.from) !== undefined)

  it(`no folder under ledger/ holds more than ${MAX_FILES_PER_FOLDER} source files`, () => {
    const counts = new Map<string, number>()
    for (const file of sourceFiles(join(SRC, 'ledger'))) {
      const folder = relative(SRC, dirname(file))
      counts.set(folder, (counts.get(folder) ?? 0) + 1)
    }
    expect(counts.get(join('ledger', 'rules', 'nft'))).toBeGreaterThan(5)
    expect([...counts].filter(([, count]) => count > MAX_FILES_PER_FOLDER)).toEqual([])
  })

  it('a family or common/ imports the top of rules/ for its contracts, never the registry', () => {
    // The top files that import a folder of rules/ assemble the families; importing one back is
    // an arrow running up (and a circle through the registry).
    const assembling = new Set(
      rulesArrows
        .filter((arrow) => rulesPlace(arrow.from) === 'top' && isFamily(rulesPlace(arrow.to)))
        .map((arrow) => arrow.from),
    )
    expect([...assembling].sort()).toEqual([
      join('ledger', 'rules', 'registry.ts'),
      join('ledger', 'rules', 'transactor.ts'),
    ])
    const wrong = rulesArrows.filter(
      (arrow) => rulesPlace(arrow.from) !== 'top' && assembling.has(arrow.to),
    )
    expect(wrong.map((arrow) => `${arrow.from} -> ${arrow.specifier}`)).toEqual([])
  })

  it('common/ imports no family', () => {
    const wrong = rulesArrows.filter(
      (arrow) => rulesPlace(arrow.from) === 'common' && isFamily(rulesPlace(arrow.to)),
    )
    expect(wrong.map((arrow) => `${arrow.from} -> ${arrow.specifier}`)).toEqual([])
  })

  it('a family imports another only where it uses it, and each listed use is there', () => {
    const crossings = rulesArrows.filter((arrow) => {
      const from = rulesPlace(arrow.from)
      const to = rulesPlace(arrow.to)
      return isFamily(from) && isFamily(to) && from !== to
    })
    const wrong = crossings.filter(
      (arrow) =>
        !(FAMILY_USES[rulesPlace(arrow.from) ?? ''] ?? []).includes(rulesPlace(arrow.to) ?? ''),
    )
    expect(wrong.map((arrow) => `${arrow.from} -> ${arrow.specifier}`)).toEqual([])
    const used = new Set(
      crossings.map((arrow) => `${rulesPlace(arrow.from)} -> ${rulesPlace(arrow.to)}`),
    )
    const listed = Object.entries(FAMILY_USES).flatMap(([from, tos]) =>
      tos.map((to) => `${from} -> ${to}`),
    )
    expect(listed.filter((use) => !used.has(use))).toEqual([])
  })

  it("ledger/'s folders import none of its top files but networks.ts (they assemble)", () => {
    const wrong = arrows.filter(
      (arrow) =>
        (ledgerFolder(arrow.from) ?? '') !== '' &&
        ledgerFolder(arrow.to) === '' &&
        arrow.to !== join('ledger', 'networks.ts'),
    )
    expect(wrong.map((arrow) => `${arrow.from} -> ${arrow.specifier}`)).toEqual([])
  })

  it('the foundations import no rules or reads, and the rules no reads', () => {
    const wrong = arrows.filter((arrow) => {
      const from = ledgerFolder(arrow.from) ?? ''
      const to = ledgerFolder(arrow.to) ?? ''
      return (
        (FOUNDATIONS.includes(from) && (to === 'rules' || to === 'reads')) ||
        (from === 'rules' && to === 'reads')
      )
    })
    expect(wrong.map((arrow) => `${arrow.from} -> ${arrow.specifier}`)).toEqual([])
  })
})

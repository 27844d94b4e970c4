// @ts-check
import { readFileSync } from 'node:fs'

/**
 * The API reference of `pullsign`: one TypeDoc module per subpath the package exports, found from
 * package.json so that a new subpath is documented (and its TSDoc checked) the day it ships.
 */
const { exports } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))
const entryPoints = Object.keys(exports)
  // The script-tag file (`./pullsign.iife.js`) is a script, not a module with types.
  .filter((subpath) => subpath !== './package.json' && !subpath.endsWith('.js'))
  .map((subpath) => (subpath === '.' ? 'src/index.ts' : `src/${subpath.slice(2)}/index.ts`))

/** @type {Partial<import('typedoc').TypeDocOptions>} */
export default {
  name: 'pullsign',
  entryPoints,
  tsconfig: 'tsconfig.build.json',
  out: '../../docs/api',
  readme: 'none',
  excludePrivate: true,
  excludeInternal: true,
  treatWarningsAsErrors: true,
  // `tsc --noEmit` in the same `check` already type-checks these files.
  skipErrorChecking: true,
  // Source links point at the public repository, whatever remote (or none) this checkout has.
  sourceLinkTemplate: 'https://github.com/pullsign/pullsign/blob/main/{path}#L{line}',
  validation: { notExported: true, invalidLink: true, notDocumented: false },
}

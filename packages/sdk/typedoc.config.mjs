// @ts-check
import { existsSync, readFileSync } from 'node:fs'

/**
 * The API reference of `pullsign`: one TypeDoc module per subpath the package exports, found from
 * package.json so that a new subpath is documented (and its TSDoc checked) the day it ships.
 */
const { exports } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))
const entryPoints = Object.keys(exports)
  // The script-tag file (`./pullsign.iife.js`) is a script, not a module with types.
  .filter((subpath) => subpath !== './package.json' && !subpath.endsWith('.js'))
  // A subpath is a folder's index (`./ui`) or a file of its own (`./ui/define`, `./ui/locales/nl`).
  .map((subpath) => {
    const path = subpath === '.' ? 'src' : `src/${subpath.slice(2)}`
    return existsSync(new URL(`./${path}/index.ts`, import.meta.url))
      ? `${path}/index.ts`
      : `${path}.ts`
  })

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

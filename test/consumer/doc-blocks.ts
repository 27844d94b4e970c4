import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/**
 * What happens to a fenced code block of the docs, said by its info string (the convention is in
 * the root README, "Code blocks in the docs"):
 *
 * - `ts run`: type-checked, then run in Node against the packed packages; it must finish by
 *   itself.
 * - `ts check`: type-checked against the packed packages only (it needs a browser, a wallet, the
 *   real network or credentials); `tsx check`: the same for a React component (JSX).
 * - `ts title="dir/file.ts"` (or `js`): one file of a recipe project, written under that path and
 *   run by the recipe's test; TypeScript files are type-checked too.
 * - `sh run`: run with bash in the project where the packages are installed.
 * - `sh show` (or any other language with `show`): shown, never run (installs, publishing, a
 *   server that runs until stopped, another language's program).
 * - `text`, `json`: not code (output, shapes, data).
 */
export type BlockMode = 'run' | 'check' | 'recipe' | 'show' | 'not-code'

export interface DocBlock {
  /** The markdown file, relative to the workspace root. */
  file: string
  /** The line of the opening fence (1-based). */
  line: number
  lang: string
  mode: BlockMode
  /** The path a recipe block is written to (its `title`). */
  title?: string
  code: string
}

/** A block whose info string does not say what happens to it. */
export interface UnmarkedBlock {
  file: string
  line: number
  info: string
  problem: string
}

const TYPESCRIPT = new Set(['ts', 'typescript', 'tsx'])
/** Whether a block's language is TypeScript (type-checked when it runs, is checked or a recipe). */
export const isTypeScript = (block: DocBlock) => TYPESCRIPT.has(block.lang)
const JAVASCRIPT = new Set(['js', 'javascript', 'mjs'])
const SHELL = new Set(['sh', 'bash', 'shell'])
const NOT_CODE = new Set(['text', 'json'])

/**
 * The markdown files whose blocks the test command checks: the root README, docs/, and each
 * package's README and guides (`packages/<pkg>/docs/*.md`, so a new guide is checked at once).
 */
export function docFiles(root: string): string[] {
  const markdown = (dir: string) =>
    existsSync(join(root, dir))
      ? readdirSync(join(root, dir))
          .filter((name) => name.endsWith('.md'))
          .map((name) => `${dir}/${name}`)
      : []
  const packages = readdirSync(join(root, 'packages'))
  return [
    'README.md',
    ...markdown('docs'),
    ...packages.flatMap((pkg) => [
      ...(existsSync(join(root, 'packages', pkg, 'README.md'))
        ? [`packages/${pkg}/README.md`]
        : []),
      ...markdown(`packages/${pkg}/docs`),
    ]),
  ]
}

/** Reads the mode from an info string, or says what is wrong with it. */
function modeOf(info: string): { mode: BlockMode; lang: string; title?: string } | string {
  const title = /\btitle="([^"]+)"/.exec(info)?.[1]
  const [lang = '', ...words] = info
    .replace(/\btitle="[^"]*"/, '')
    .trim()
    .split(/\s+/)
  if (lang === '') return 'no language: say what it is (```text for output, ```ts run, …)'
  if (NOT_CODE.has(lang))
    return words.length === 0 ? { mode: 'not-code', lang } : `${lang} is not code: no mode`
  if (title !== undefined) {
    return TYPESCRIPT.has(lang) || JAVASCRIPT.has(lang)
      ? { mode: 'recipe', lang, title }
      : 'title="…" is for TypeScript and JavaScript recipe files'
  }
  const [mode, ...rest] = words
  if (rest.length > 0 || mode === undefined) {
    return TYPESCRIPT.has(lang)
      ? 'a TypeScript block says `run` or `check`, or names its recipe file with title="…"'
      : SHELL.has(lang)
        ? 'a shell block says `run` or `show`'
        : `a ${lang} block says \`show\` (or use text for output)`
  }
  if (TYPESCRIPT.has(lang) && (mode === 'check' || (mode === 'run' && lang !== 'tsx'))) {
    return { mode, lang }
  }
  if (SHELL.has(lang) && (mode === 'run' || mode === 'show')) return { mode, lang }
  if (!TYPESCRIPT.has(lang) && !JAVASCRIPT.has(lang) && !SHELL.has(lang) && mode === 'show') {
    return { mode, lang }
  }
  return JAVASCRIPT.has(lang)
    ? 'write a runnable or checkable block in TypeScript (```ts run / ```ts check); JavaScript only as a recipe file (title="…")'
    : `\`${mode}\` is not a mode for ${lang}`
}

/**
 * Every fenced block of a markdown file, fences indented inside list items included (their
 * indentation is removed from the code). Blocks whose info string says nothing go to `unmarked`.
 */
export function readDocBlocks(
  root: string,
  path: string,
): { blocks: DocBlock[]; unmarked: UnmarkedBlock[] } {
  const file = relative(root, join(root, path))
  const lines = readFileSync(join(root, path), 'utf8').split('\n')
  const blocks: DocBlock[] = []
  const unmarked: UnmarkedBlock[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})(.*)$/.exec(lines[i] ?? '')
    if (!open) continue
    const [, indent = '', fence = '', info = ''] = open
    const body: string[] = []
    let end = i + 1
    while (end < lines.length && !(lines[end] ?? '').trim().startsWith(fence)) {
      body.push((lines[end] ?? '').slice(indent.length))
      end++
    }
    const parsed = modeOf(info.trim())
    if (typeof parsed === 'string') {
      unmarked.push({ file, line: i + 1, info: info.trim(), problem: parsed })
    } else {
      blocks.push({ file, line: i + 1, ...parsed, code: `${body.join('\n')}\n` })
    }
    i = end
  }
  return { blocks, unmarked }
}

/** A file name for a block: its markdown file and line (`packages-sdk-README-md-120`). */
export function blockId(block: DocBlock): string {
  return `${block.file.replace(/[^A-Za-z0-9]+/g, '-')}-${block.line}`
}

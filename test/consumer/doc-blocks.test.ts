import { spawnSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { installedProject, root } from './consumer-project'
import { blockId, type DocBlock, docFiles, isTypeScript, readDocBlocks } from './doc-blocks'

/**
 * The code blocks of the READMEs and guides, used as a reader would: each TypeScript block is
 * type-checked against the packed packages' types (one `tsc` run for all), the `run` ones are run
 * against them (one Node process for all), and the `sh run` ones are run in the project where
 * they are installed. The convention: test/consumer/doc-blocks.ts and the root README.
 */
const project = await installedProject()
const docs = docFiles(root).map((file) => readDocBlocks(root, file))
const blocks = docs.flatMap(({ blocks }) => blocks)
const where = (block: DocBlock) => `${block.file}:${block.line}`

/** Where the blocks are written in the consumer project: ESM TypeScript, beside node_modules. */
const dir = join(project, 'doc-blocks')
const typescript = blocks.filter(
  (block) =>
    isTypeScript(block) &&
    (block.mode === 'run' || block.mode === 'check' || block.mode === 'recipe'),
)
const runnable = typescript.filter((block) => block.mode === 'run')
const source = (block: DocBlock) =>
  block.mode === 'recipe'
    ? `recipes/${blockId(block)}/${block.title}`
    : `blocks/${blockId(block)}.${block.lang === 'tsx' ? 'tsx' : 'ts'}`

test('every code block of the docs says what happens to it', () => {
  const unmarked = docs.flatMap(({ unmarked }) => unmarked)
  expect(
    unmarked.map(({ file, line, info, problem }) => `${file}:${line} \`\`\`${info}: ${problem}`),
  ).toEqual([])
  // The files read are the ones users read, guides included.
  expect(docFiles(root)).toEqual(
    expect.arrayContaining([
      'README.md',
      'packages/sdk/README.md',
      'packages/reference-server/README.md',
    ]),
  )
})

describe('the TypeScript blocks, against the packed packages', () => {
  test('type-check, all in one tsc run', { timeout: 180_000 }, () => {
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(join(dir, 'blocks'), { recursive: true })
    // ESM, as most apps written today (and top-level await needs it).
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }))
    // Node's types, for the blocks that run in Node: the workspace's own.
    mkdirSync(join(dir, 'node_modules', '@types'), { recursive: true })
    symlinkSync(
      realpathSync(join(root, 'node_modules', '@types', 'node')),
      join(dir, 'node_modules', '@types', 'node'),
    )
    for (const block of typescript) {
      const path = join(dir, source(block))
      mkdirSync(dirname(path), { recursive: true })
      // A block without an import or export would share the global scope with the others.
      const module = /^\s*(import|export)\s/m.test(block.code) ? '' : '\nexport {}\n'
      writeFileSync(path, `${block.code}${module}`)
    }
    // The native sign-in examples call React Native's Linking, which this project does not
    // install: its two members they use, typed as React Native types them.
    writeFileSync(
      join(dir, 'blocks', 'react-native.d.ts'),
      "declare module 'react-native' {\n  export const Linking: {\n    openURL(url: string): Promise<any>\n    addEventListener(type: 'url', handler: (event: { url: string }) => void): { remove(): void }\n  }\n}\n",
    )
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2022', 'dom', 'dom.iterable'],
          strict: true,
          // React examples (```tsx check) use the automatic JSX runtime.
          jsx: 'react-jsx',
          // The packages' own .d.ts name libraries (msw, vite) whose inner types are theirs.
          skipLibCheck: true,
          types: ['node'],
          outDir: 'out',
          rootDir: '.',
        },
        include: ['blocks', 'recipes'],
      }),
    )
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
    const checked = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], {
      cwd: dir,
      encoding: 'utf8',
    })
    // Name each error by its markdown file and line, not by the generated file.
    const byBlock = new Map(typescript.map((block) => [source(block), block]))
    const errors = checked.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const at = /^(\S+?)\((\d+),\d+\): (.*)$/.exec(line)
        const block = at && byBlock.get(at[1] ?? '')
        return block ? `${block.file}:${block.line + Number(at[2])}: ${at[3]}` : line
      })
    expect(errors).toEqual([])
    expect(typescript.length).toBeGreaterThan(10)
  })

  test('the `run` blocks run to the end, one after the other in one Node process', {
    timeout: 180_000,
  }, () => {
    const ids = runnable.map(blockId)
    expect(
      ids.every((id) => existsSync(join(dir, 'out', 'blocks', `${id}.js`))),
      'type-check first',
    ).toBe(true)
    writeFileSync(join(dir, 'run-blocks.mjs'), RUNNER)
    const ran = spawnSync(process.execPath, ['run-blocks.mjs', ...ids], {
      cwd: dir,
      encoding: 'utf8',
      // Past this the process did not exit by itself: a block left a socket or a timer open.
      timeout: 150_000,
      env: { ...process.env, NO_COLOR: '1' },
    })
    const results = existsSync(join(dir, 'results.json'))
      ? (JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as {
          id: string
          error?: string
        }[])
      : []
    const byId = new Map(runnable.map((block) => [blockId(block), block]))
    const failed = results
      .filter((result) => result.error)
      .map((result) => `${where(byId.get(result.id) as DocBlock)}: ${result.error}`)
    expect(failed, ran.stdout.slice(-4000)).toEqual([])
    expect(results.map((result) => result.id)).toEqual(ids)
    expect(
      ran.status,
      `the process did not exit by itself after the last block (a block left a handle open): ${ran.stderr.slice(-2000)}`,
    ).toBe(0)
  })
})

test('the `sh run` blocks succeed in the project where the packages are installed', {
  timeout: 120_000,
}, () => {
  const shell = blocks.filter((block) => block.mode === 'run' && !isTypeScript(block))
  for (const block of shell) {
    const env = {
      ...process.env,
      PATH: `${join(project, 'node_modules', '.bin')}:${process.env.PATH}`,
    }
    const ran = spawnSync('bash', ['-eo', 'pipefail', '-c', block.code], {
      cwd: project,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(ran.status, `${where(block)}:\n${ran.stdout}${ran.stderr}`).toBe(0)
  }
  expect(shell.length).toBeGreaterThan(0)
})

/**
 * Imports each compiled block in turn and writes what happened to results.json. A block that
 * neither settles nor fails within a minute is a hang; the process must then exit by itself.
 */
const RUNNER = `
import { writeFileSync } from 'node:fs'
const results = []
let current
process.on('unhandledRejection', (error) => {
  results.push({ id: current, error: 'unhandled rejection: ' + (error?.stack ?? String(error)) })
})
for (const id of process.argv.slice(2)) {
  current = id
  let timer
  const hang = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('did not finish within 60 s')), 60_000)
  })
  try {
    await Promise.race([import('./out/blocks/' + id + '.js'), hang])
    results.push({ id })
  } catch (error) {
    results.push({ id, error: error?.stack ?? String(error) })
  } finally {
    clearTimeout(timer)
  }
}
writeFileSync('results.json', JSON.stringify(results))
`

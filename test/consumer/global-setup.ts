import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { serveValue } from '../awaited-value'
import { installConsumerProject, root } from './consumer-project'
import { docFiles, readDocBlocks } from './doc-blocks'

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Serves the consumer project's directory once the packed packages are installed (the docs'
     * recipes in it): see `installedProject` in consumer-project.ts.
     */
    consumerProject: string
    /** The files the docs' recipe blocks (```ts title="dir/file.ts"```) were written to. */
    docRecipes: string[]
  }
}

/**
 * Writes every recipe block of the docs into the project, under its title, so the recipes users
 * copy are the files the consumer tests run. Answers their paths.
 */
function writeDocRecipes(project: string): string[] {
  const recipes = docFiles(root)
    .flatMap((file) => readDocBlocks(root, file).blocks)
    .filter((block) => block.mode === 'recipe')
  return recipes.map(({ title = '', code }) => {
    mkdirSync(dirname(join(project, title)), { recursive: true })
    writeFileSync(join(project, title), code)
    return title
  })
}

/**
 * The consumer tests' one project per run: packed, installed once and shared by every file (one
 * `npm install` for all of them), with the docs' recipes written in, removed at the end. npm
 * works while the other projects' files run (the consumer files run last: groupOrder in
 * vitest.config.ts); each consumer file awaits the install.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'pullsign-consumer-'))
  const remove = () => rmSync(dir, { recursive: true, force: true })
  try {
    project.provide('docRecipes', writeDocRecipes(dir))
  } catch (err) {
    remove()
    throw err
  }
  const installed = installConsumerProject(dir)
  // Its failure is each consumer file's, reported when it awaits the project.
  installed.catch(() => {})
  const served = await serveValue(async () => {
    await installed
    return dir
  })
  project.provide('consumerProject', served.url)
  return async () => {
    await served.close()
    await installed.catch(() => {})
    remove()
  }
}

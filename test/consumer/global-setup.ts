import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { createConsumerProject, root } from './consumer-project'
import { docFiles, readDocBlocks } from './doc-blocks'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The consumer project's directory: the packed packages installed, the docs' recipes in it. */
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
 * `npm install` for all of them), with the docs' recipes written in, removed at the end.
 */
export default function setup(project: TestProject) {
  const dir = createConsumerProject()
  const remove = () => rmSync(dir, { recursive: true, force: true })
  try {
    project.provide('docRecipes', writeDocRecipes(dir))
  } catch (err) {
    remove()
    throw err
  }
  project.provide('consumerProject', dir)
  return remove
}

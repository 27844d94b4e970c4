import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { createConsumerProject, root } from './consumer-project'
import { writeReadmeRecipes } from './readme-recipes'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The consumer project's directory: the packed packages installed, the README recipes in it. */
    consumerProject: string
    /** The files the reference server's README recipes were written to, relative to it. */
    readmeRecipes: string[]
  }
}

/**
 * The consumer tests' one project per run: packed, installed once and shared by every file (one
 * `npm install` for all of them), with the README's recipes written in, removed at the end.
 */
export default function setup(project: TestProject) {
  const dir = createConsumerProject()
  const recipes = writeReadmeRecipes(join(root, 'packages/reference-server/README.md'), dir)
  project.provide('consumerProject', dir)
  project.provide('readmeRecipes', recipes)
  return () => rmSync(dir, { recursive: true, force: true })
}

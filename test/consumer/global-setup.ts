import { rmSync } from 'node:fs'
import type { TestProject } from 'vitest/node'
import { createConsumerProject } from './consumer-project'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The consumer project's directory: the packed packages installed. */
    consumerProject: string
  }
}

/**
 * The consumer tests' one project per run: packed, installed once and shared by every file (one
 * `npm install` for all of them), removed at the end.
 */
export default function setup(project: TestProject) {
  const dir = createConsumerProject()
  project.provide('consumerProject', dir)
  return () => rmSync(dir, { recursive: true, force: true })
}

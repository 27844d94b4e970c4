import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/**
 * Writes every code block of a README that names its file (```ts title="test/x.test.ts"```) into
 * a project, so the recipes users copy are the ones the consumer test runs. Returns the paths.
 */
export function writeReadmeRecipes(readme: string, project: string): string[] {
  const blocks = [
    ...readFileSync(readme, 'utf8').matchAll(/```\w+ title="([^"]+)"\n([\s\S]*?)```/g),
  ]
  return blocks.map(([, path = '', body = '']) => {
    mkdirSync(dirname(join(project, path)), { recursive: true })
    writeFileSync(join(project, path), body)
    return path
  })
}

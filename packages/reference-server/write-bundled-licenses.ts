// Writes dist/THIRD-PARTY-LICENSES.md: the license of every package tsup bundled into dist (zod,
// hono, srvx, ripple-binary-codec, … and what they import), read off the built file's module
// comments, so the notices their licenses ask for travel with the copies. The build runs it after
// tsup.
//   tsx packages/reference-server/write-bundled-licenses.ts
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = fileURLToPath(new URL('.', import.meta.url))
const dist = join(here, 'dist')
// esbuild heads each bundled module with its path from here: `// ../../node_modules/.pnpm/x@1/node_modules/x/…`
const MODULE_PATH = /^\/\/ (\S*node_modules\/\.pnpm\/[^/]+\/node_modules\/(?:@[^/]+\/)?[^/]+)\//gm

const packageDirs = new Set<string>()
for (const file of readdirSync(dist).filter((name) => /\.(?:c?js)$/.test(name))) {
  for (const [, dir] of readFileSync(join(dist, file), 'utf8').matchAll(MODULE_PATH)) {
    if (dir) packageDirs.add(join(here, dir))
  }
}

const notices = [...packageDirs]
  .map((dir) => {
    const { name, version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
    const file = readdirSync(dir).find((entry) => /^(?:licen[cs]e|copying)/i.test(entry))
    if (!file) throw new Error(`${name}@${version} is bundled into dist but has no license file`)
    const text = readFileSync(join(dir, file), 'utf8').trim()
    return {
      name: String(name),
      section: `## ${name} ${version} (${license})\n\n\`\`\`text\n${text}\n\`\`\`\n`,
    }
  })
  .sort((a, b) => a.name.localeCompare(b.name))

writeFileSync(
  join(dist, 'THIRD-PARTY-LICENSES.md'),
  `# Third-party licenses\n\n\`dist/\` bundles these packages (package README, "One file to load").\n\n${notices.map((notice) => notice.section).join('\n')}`,
)

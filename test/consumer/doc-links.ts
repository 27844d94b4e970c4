import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'

/** A relative link of a markdown file that does not resolve. */
export interface BrokenLink {
  file: string
  target: string
  problem: string
}

/** The text a reader sees as prose: fenced blocks and inline code removed (links there are code). */
const prose = (markdown: string) =>
  markdown.replace(/^\s*(`{3,}|~{3,})[\s\S]*?^\s*\1\s*$/gm, '').replace(/`[^`\n]*`/g, '')

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

const anchorsOf = (markdown: string) =>
  new Set(
    [...markdown.replace(/^\s*(`{3,})[\s\S]*?^\s*\1\s*$/gm, '').matchAll(/^#{1,6}\s+(.+)$/gm)].map(
      ([, heading = '']) => headingAnchor(heading),
    ),
  )

/** The relative link targets of a markdown text (`[text](target)`), absolute URLs left out. */
export function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target = '']) => target)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
}

/**
 * Checks every relative link of `files` (paths under `base`) against the files under `base`: the
 * file exists, and an `#anchor` names a heading of the markdown file it points at.
 */
export function brokenLinks(base: string, files: string[]): BrokenLink[] {
  return files.flatMap((file) => {
    const markdown = readFileSync(join(base, file), 'utf8')
    return relativeLinks(markdown).flatMap((target): BrokenLink[] => {
      const [path = '', anchor] = target.split('#')
      const resolved = path === '' ? file : normalize(join(dirname(file), decodeURI(path)))
      if (resolved.startsWith('..') || !existsSync(join(base, resolved))) {
        return [{ file, target, problem: `${resolved} is not there` }]
      }
      if (anchor && resolved.endsWith('.md')) {
        const anchors = anchorsOf(readFileSync(join(base, resolved), 'utf8'))
        if (!anchors.has(anchor))
          return [{ file, target, problem: `${resolved} has no heading #${anchor}` }]
      }
      return []
    })
  })
}

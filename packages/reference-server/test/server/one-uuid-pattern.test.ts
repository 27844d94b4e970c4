import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { newUuid, UUID_SOURCE } from '../../src/platform/ids'
import { renderXappHostPage } from '../../src/web/pages/xapp-host/xapp-host-page'
import { readBridgeMessage } from '../../src/web/scripts/xapp-bridge'
import { pageData } from '../web/payload-record-fixture'

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src')
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? sourceFiles(path) : entry.name.endsWith('.ts') ? [path] : []
  })

describe('one UUID pattern (platform/ids.ts)', () => {
  it('no other source file spells a UUID pattern of its own', () => {
    const spelled = sourceFiles(SRC)
      .filter((file) => /\{8\}[-(]/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file))
    expect(spelled).toEqual(['platform/ids.ts'])
  })

  it('the xApp host script checks uuids with it, from the page data', () => {
    const page = renderXappHostPage({
      appName: 'Game',
      url: 'https://xapp.test/?xAppToken=t',
      xappOrigin: 'https://xapp.test',
      style: 'LIGHT',
      user: { uuid: newUuid(), name: 'Alice' },
      account: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
      network: 'MAINNET',
      networks: [],
      application: newUuid(),
      refused: null,
    })
    const uuidSource = pageData(page).uuidSource as string
    expect(uuidSource).toBe(UUID_SOURCE)
    const open = (uuid: string) =>
      readBridgeMessage(JSON.stringify({ command: 'openSignRequest', uuid }), uuidSource).kind
    expect(open(newUuid())).toBe('command')
    expect(open(`${newUuid()}0`)).toBe('ignored')
  })
})

import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const bench = fileURLToPath(new URL('../../bench/browser-flows.ts', import.meta.url))

// The bench is not part of the suite (it reports medians of many runs); this runs it in its
// quick configuration so it cannot rot: it must finish in Chromium and report real timings.
test('bench/browser-flows.ts --quick times the xApp bridge and a popup sign-in', {
  timeout: 120_000,
}, () => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', bench, '--quick'], {
    encoding: 'utf8',
    timeout: 110_000,
  })
  const output = `${result.stdout}\n${result.stderr}`
  expect(result.status, output.slice(-3000)).toBe(0)
  const medians = [...output.matchAll(/^ {2}(.+): median ([\d.]+) ms/gm)].map((m) => ({
    what: m[1],
    ms: Number(m[2]),
  }))
  expect(medians.map((m) => m.what)).toEqual([
    'pullsign.xapp.scanQr() → answer',
    'baseline: the same command as a bare postMessage → answer',
    "the host's handshake alone, XAPP_PROXY_INIT → ACK (no DOM work)",
    'popup sign-in',
    '  window open',
    '  sign page load',
    '  signing and return page',
    '  after the popup closed',
    '  code exchange (/token)',
  ])
  for (const { what, ms } of medians) expect(ms, what).toBeGreaterThan(0)
})

import { describe, expect, it } from 'vitest'
import type { RefState, WebhookAttempt } from '../../../../src/control-api-types'
import { ledgerNodeUrls } from '../../../../src/platform/node-urls'
import { DASHBOARD_SCRIPT } from '../../../../src/web/page-scripts.gen'
import {
  renderDashboard,
  renderDashboardMain,
} from '../../../../src/web/pages/dashboard/dashboard-page'
import { dashboardView } from '../../../../src/web/pages/dashboard/dashboard-view'
import { pageData, payloadRecord, USERS, UUID } from '../../payload-record-fixture'

const OTHER = '9f1c2b3a-4d5e-4f60-8a7b-1c2d3e4f5a6b'

const STATE: RefState = {
  endpoints: {
    api: 'http://127.0.0.1:8787',
    oauth: 'http://127.0.0.1:8787/oauth',
    links: 'http://127.0.0.1:8787',
  },
  ledger: ledgerNodeUrls('http://127.0.0.1:8787'),
  applications: [
    {
      uuid: '7d1d0b4c-76a5-4bd5-a6d4-0c7f3f6d9e01',
      name: 'Shop',
      apiKey: '7d1d0b4c-76a5-4bd5-a6d4-0c7f3f6d9e01',
      apiSecret: 'c0ffee00-1111-4222-8333-444455556666',
      webhookUrl: 'http://127.0.0.1:9000/hook',
      redirectUris: ['http://127.0.0.1:3000/callback'],
      permissions: ['restricted_types'],
    },
  ],
  users: USERS,
  autopilot: [],
  autopilotLog: [],
}

const ATTEMPTS: WebhookAttempt[] = [
  {
    payload_uuidv4: UUID,
    attempt: 1,
    at: '2026-11-21T18:02:00.000Z',
    status: 500,
    ok: false,
    error: 'HTTP 500',
  },
  {
    payload_uuidv4: UUID,
    attempt: 2,
    at: '2026-11-21T18:02:10.000Z',
    status: 200,
    ok: true,
    error: null,
  },
]

function view(overrides: Partial<Parameters<typeof dashboardView>[0]> = {}) {
  return dashboardView({
    state: STATE,
    balance: (network, address) =>
      address.startsWith('rAlice') && network !== 'DEVNET' ? '1000000000' : null,
    payloads: [
      payloadRecord({
        meta: { resolved: true, signed: true },
        response: { txid: 'AB'.repeat(32), account: 'rAliceEdAccount1111111111111111111' },
      }),
      payloadRecord({
        meta: { uuid: OTHER, expired: true },
        payload: { created_at: '2026-11-21T18:03:00.000Z' },
      }),
    ],
    payloadCount: 2,
    attempts: ATTEMPTS,
    now: Date.parse('2026-11-21T18:04:00.000Z'),
    realNow: Date.parse('2026-11-21T18:04:00.000Z'),
    ...overrides,
  })
}

describe('dashboard view', () => {
  it('lists payloads newest first with their state', () => {
    expect(view().payloads.map((p) => [p.uuid, p.state, p.txid])).toEqual([
      [OTHER, 'expired', null],
      [UUID, 'signed', 'AB'.repeat(32)],
    ])
  })

  it('reads a balance per account and network', () => {
    const alice = view().users[0]
    expect(alice?.accounts[0]?.balances).toEqual({
      MAINNET: '1000000000',
      TESTNET: '1000000000',
      DEVNET: null,
      XAHAU: '1000000000',
      XAHAUTESTNET: '1000000000',
    })
  })

  it('lists webhook attempts newest first', () => {
    expect(view().webhooks.map((a) => a.attempt)).toEqual([2, 1])
  })
})

describe('dashboard page', () => {
  const html = renderDashboard(view())

  it('shows each application with its credentials', () => {
    expect(html).toContain('<h3>Shop</h3>')
    expect(html).toContain('<code class="secret">c0ffee00-1111-4222-8333-444455556666</code>')
    expect(html).toContain('<code>http://127.0.0.1:9000/hook</code>')
    expect(html).toContain('restricted_types')
  })

  it('shows users, accounts and balances in the native asset of each network', () => {
    expect(html).toContain('<h3>Alice</h3>')
    expect(html).toContain('<td class="amount" data-network="MAINNET">1000 XRP</td>')
    expect(html).toContain('<td class="amount" data-network="XAHAU">1000 XAH</td>')
    expect(html).toContain('<td class="amount" data-network="DEVNET">–</td>')
  })

  it('shows payloads with their state and a link to their sign page', () => {
    expect(html).toContain(`<tr data-payload="${UUID}" data-state="signed">`)
    expect(html).toContain(`<a href="/sign/${UUID}" title="${UUID}"><code>0b6d4a7e…</code></a>`)
    expect(html).toContain('<span class="badge signed">Signed</span>')
    expect(html).toContain(`<tr data-payload="${OTHER}" data-state="expired">`)
  })

  it('shows every webhook attempt with its outcome', () => {
    expect(html).toContain(`<tr data-webhook="${UUID}" data-attempt="1">`)
    expect(html).toContain(
      '<span class="badge fail">failed</span><br><span class="muted">HTTP 500</span>',
    )
    expect(html).toContain(`<tr data-webhook="${UUID}" data-attempt="2">`)
  })

  it('marks Dashboard current in the navigation and polls its live sections', () => {
    expect(html).toContain('<a href="/" aria-current="page">Dashboard</a>')
    expect(pageData(html)).toEqual({ livePath: '/?part=main', intervalMs: 1000 })
    expect(html).toContain(`<script>${DASHBOARD_SCRIPT.source}</script>`)
    expect(() => new Function(DASHBOARD_SCRIPT.source)).not.toThrow()
  })

  it.each([
    [0, 'real time'],
    [3600, '+3600 s from real time'],
    [-30, '−30 s from real time'],
  ])('shows the server clock offset: %i s is "%s"', (seconds, text) => {
    const now = Date.parse('2026-11-21T18:04:00.000Z')
    const shown = renderDashboardMain(view({ now: now + seconds * 1000, realNow: now })).value
    expect(shown).toContain(`<dd id="clock-offset" data-seconds="${seconds}">${text}</dd>`)
  })

  it('offers Sign and Reject on rows that can still be answered, and only there', () => {
    const open = payloadRecord({ meta: { uuid: OTHER } })
    const shown = renderDashboardMain(
      view({ payloads: [open, payloadRecord({ meta: { resolved: true, signed: true } })] }),
    ).value
    expect(shown).toContain(`data-act="sign" data-payload="${OTHER}"`)
    expect(shown).toContain(`data-act="reject" data-payload="${OTHER}"`)
    expect(shown).not.toContain(`data-payload="${UUID}">Sign`)
  })

  it('has one actions card outside the polled sections, listing every user to act as', () => {
    expect(html.match(/id="actions"/g)).toHaveLength(1)
    expect(renderDashboardMain(view()).value).not.toContain('id="actions"')
    for (const user of USERS)
      expect(html).toContain(`<option value="${user.uuid}">${user.name}</option>`)
  })

  it('the live sections are the page’s <main> contents', () => {
    expect(html).toContain(renderDashboardMain(view()).value)
  })

  it('always says how many payloads there are, and that it shows only the newest when it does', () => {
    expect(renderDashboard(view({ payloadCount: 250 }))).toContain('The newest 2 of 250.')
    expect(html).not.toContain('The newest')
    expect(html).toContain('2 payloads.')
    expect(renderDashboard(view({ payloads: [], payloadCount: 0 }))).toContain('0 payloads.')
  })

  it('says so when there is nothing yet', () => {
    const bare = renderDashboard(
      view({
        state: { ...STATE, applications: [], users: [] },
        payloads: [],
        payloadCount: 0,
        attempts: [],
      }),
    )
    expect(bare).toContain('No applications.')
    expect(bare).toContain('No users.')
    expect(bare).toContain('No payloads yet.')
    expect(bare).toContain('No deliveries yet.')
  })

  it('escapes hostile names, instructions, URLs and errors', () => {
    const evil = '<script>alert(1)</script>'
    const hostile = renderDashboard(
      view({
        state: {
          ...STATE,
          applications: [
            {
              ...(STATE.applications[0] as RefState['applications'][number]),
              name: evil,
              webhookUrl: evil,
            },
          ],
          users: [{ ...(USERS[0] as RefState['users'][number]), name: evil }],
        },
        payloads: [payloadRecord({ custom_meta: { instruction: evil, identifier: evil } })],
        attempts: [{ ...(ATTEMPTS[0] as WebhookAttempt), error: evil }],
      }),
    )
    expect(hostile.match(/<script/gi)).toHaveLength(2)
    expect(hostile).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })
})

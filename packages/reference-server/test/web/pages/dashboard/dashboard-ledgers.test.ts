import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { networkCodec } from '../../../../src/ledger/codec/network-codec'
import { networkDefinition } from '../../../../src/ledger/networks'
import { nodeUrls } from '../../../../src/platform/node-urls'
import {
  DASHBOARD_LEDGER_LIMIT,
  networkLedger,
  renderLedgers,
} from '../../../../src/web/pages/dashboard/dashboard-ledgers'
import { type LedgerFixture, ledgerFixture } from '../../../ledger/ledger-fixture'
import { testKey } from '../../../ledger/test-keys'

const alice = testKey(1)
const bob = testKey(2, 'ecdsa-secp256k1')
const NODE = nodeUrls('http://127.0.0.1:8787', 'TESTNET')
let fixture: LedgerFixture

beforeEach(() => {
  fixture = ledgerFixture()
  fixture.ledger.fund(alice.address, 100_000_000n)
})
afterEach(() => fixture.dispose())

const pay = () =>
  fixture.submit(alice, { TransactionType: 'Payment', Destination: bob.address, Amount: '1000000' })
const testnet = () => networkLedger(fixture.ledger, 'TESTNET', 'Testnet', NODE)

describe('dashboard ledgers', () => {
  it('shows a submitted payment once its ledger closes, with the ledger holding it', () => {
    const { txid, engine_result } = pay()
    expect(engine_result).toBe('tesSUCCESS')
    // the open ledger is not shown: the payment is not validated yet
    expect(testnet().transactions).toEqual([])
    fixture.clock.advance(4)
    fixture.ledger.close('TESTNET')
    const header = fixture.ledger.header('TESTNET')
    const shown = testnet()
    expect(shown.ledgers[0]).toEqual({
      index: header?.ledger_index,
      hash: header?.ledger_hash,
      closeTime: header?.close_time_iso,
      transactionCount: 1,
    })
    expect(shown.transactions).toEqual([
      {
        hash: txid,
        type: 'Payment',
        account: alice.address,
        result: 'tesSUCCESS',
        ledger: header?.ledger_index,
        explanation: null,
        impersonated: false,
      },
    ])
    const html = renderLedgers([shown]).value
    expect(html).toContain(`<tr data-transaction="TESTNET:${txid}">`)
    expect(html).toContain(`<code title="${txid}">${txid.slice(0, 8)}…</code>`)
    expect(html).toContain(`<code>${NODE.ws}</code>`)
    expect(html).toContain(`<code>${NODE.faucet}</code>`)
  })

  it('a failed transaction shows why, and an impersonated one says so (issue 40 §5, §6)', () => {
    const failed = fixture.submit(alice, {
      TransactionType: 'Payment',
      Destination: bob.address,
      Amount: '500000000',
    })
    expect(failed.engine_result).toBe('tecUNFUNDED_PAYMENT')
    const blob = networkCodec(networkDefinition('TESTNET')).encode({
      TransactionType: 'Payment',
      Account: alice.address,
      Destination: bob.address,
      Amount: '1000000',
      Fee: '12',
      Sequence: fixture.ledger.account('TESTNET', alice.address)?.sequence ?? 0,
      SigningPubKey: '',
    })
    const impersonated = fixture.ledger.impersonate('TESTNET', blob)
    expect(impersonated.engine_result).toBe('tesSUCCESS')
    fixture.ledger.close('TESTNET')
    const shown = testnet().transactions
    const why = shown.find((t) => t.hash === failed.txid)?.explanation ?? ''
    expect(why).toMatch(/^tecUNFUNDED_PAYMENT: .+ \(Payment\.cpp\)$/)
    expect(shown.find((t) => t.hash === impersonated.txid)?.impersonated).toBe(true)
    const html = renderLedgers([testnet()]).value
    expect(html).toContain('<span class="badge" data-impersonated>impersonated</span>')
    expect(html).toContain('<div class="muted" data-explanation>tecUNFUNDED_PAYMENT: ')
  })

  it('lists the newest ledgers first, at most the limit, and finds a payment behind quiet ledgers', () => {
    const { txid } = pay()
    for (let i = 0; i < DASHBOARD_LEDGER_LIMIT + 5; i++) {
      fixture.clock.advance(1)
      fixture.ledger.close('TESTNET')
    }
    const shown = testnet()
    const latest = fixture.ledger.latestClosedIndex('TESTNET')
    expect(shown.ledgers.map((l) => l.index)).toEqual(
      Array.from({ length: DASHBOARD_LEDGER_LIMIT }, (_, i) => latest - i),
    )
    expect(shown.transactions.map((t) => t.hash)).toEqual([txid])
  })

  it('skips the ledgers a clock jump left without a header', () => {
    fixture.clock.advance(1)
    fixture.ledger.close('TESTNET')
    const before = fixture.ledger.latestClosedIndex('TESTNET')
    // a ledger closing every second: a 1-hour jump skips thousands of closes in one step
    fixture.clock.advance(3600)
    fixture.ledger.close('TESTNET')
    const indexes = testnet().ledgers.map((l) => l.index)
    expect(indexes[0]).toBe(fixture.ledger.latestClosedIndex('TESTNET'))
    expect(indexes).toContain(before)
  })

  it('escapes what it prints', () => {
    const hostile = { ws: 'ws://x/<script>', rpc: 'http://x/?a=1&b="2"', faucet: "http://x/'f'" }
    const html = renderLedgers([
      networkLedger(fixture.ledger, 'TESTNET', '<b>Net</b>', hostile),
    ]).value
    expect(html).toContain('<code>ws://x/&lt;script&gt;</code>')
    expect(html).toContain('<code>http://x/?a=1&amp;b=&quot;2&quot;</code>')
    expect(html).toContain('<h3>&lt;b&gt;Net&lt;/b&gt;</h3>')
    expect(html).not.toContain('<script>')
  })

  it("shows each network's enabled amendments, those the node does not model apart (docs/protocol.md §8.10)", () => {
    const xahau = networkLedger(
      fixture.ledger,
      'XAHAU',
      'Xahau',
      nodeUrls('http://127.0.0.1:8787', 'XAHAU'),
    )
    const names = xahau.amendments.enabled.map((a) => a.name)
    expect(names).toContain('URIToken')
    expect(names).not.toContain('DeletableAccounts')
    expect(xahau.amendments.enabled.find((a) => a.name === 'Hooks')?.modelled).toBe(false)
    expect(xahau.amendments.enabled.find((a) => a.name === 'URIToken')?.modelled).toBe(true)
    expect(xahau.amendments.enabled.find((a) => a.name === 'Checks')?.modelled).toBe(true)
    expect(testnet().amendments.profile).toBe('default')
    expect(testnet().amendments.enabled.map((a) => a.name)).toContain('BatchV1_1')
    const html = renderLedgers([testnet(), xahau]).value
    expect(html).toContain('<li data-amendment="Hooks" data-modelled="no"><code>Hooks</code>')
    expect(html).toContain(
      '<details id="amendments-XAHAU" data-amendments="XAHAU"><summary>Amendments: ',
    )
    fixture.ledger.setAmendments('TESTNET', { disable: ['BatchV1_1'] })
    expect(renderLedgers([testnet()]).value).not.toContain('data-amendment="BatchV1_1"')
  })
})

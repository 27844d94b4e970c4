import fc from 'fast-check'
import { decodeCtid, explorerLink, paymentRequestLink, signLink } from 'pullsign/links'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { encodeAccountID } from 'xrpl'
import { paymentTo, type Reference, startReference } from './reference'

// The links the SDK builds, opened on the reference server's {links} pages (docs/protocol.md §9.2).

let ref: Reference
beforeEach(async () => {
  ref = await startReference()
})
afterEach(() => ref.server.close())

const open = (link: string) => fetch(link, { redirect: 'manual' })

describe('links against the reference server (§9.2)', () => {
  test('every payment request link the builder makes is a page the server shows', async () => {
    const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((id) => encodeAccountID(id))
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            account: address,
            amount: fc.integer({ min: 1, max: 10 ** 9 }).map((n) => String(n / 1000)),
            network: fc.constantFrom('XRPL' as const, 'XAHAU' as const),
            dt: fc.integer({ min: 0, max: 0xffff_ffff }),
            invoiceid: fc.stringMatching(/^[0-9A-F]{64}$/),
          },
          { requiredKeys: ['account'] },
        ),
        async (request) => {
          const response = await open(paymentRequestLink(request, { links: ref.endpoints.links }))
          expect(response.status).toBe(200)
          expect(await response.text()).toContain(request.account)
        },
      ),
      { numRuns: 15 },
    )
  })

  test('a sign link opens the page of its transaction', async () => {
    const tx = {
      TransactionType: 'TrustSet',
      LimitAmount: { currency: 'USD', issuer: 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq', value: '1000' },
    }
    const response = await open(signLink(tx, { links: ref.endpoints.links }))
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('TrustSet')
  })

  test("a validated transaction's CTID redirects to its explorer link by network and hash", async () => {
    const bob = ref.server.platform.state().users.find((u) => u.uuid === ref.bob.uuid)?.accounts[0]
      ?.address as string
    const created = await ref.pullsign.payload.create(paymentTo(bob))
    const record = await ref.wallet.sign(created.uuid, { user: ref.alice.uuid, network: 'TESTNET' })
    ref.server.platform.ledger.close('TESTNET')
    const { transaction } = await ref.pullsign.getTransaction(record.response.txid as string)
    const ctid = transaction.ctid as string
    expect(decodeCtid(ctid)).toEqual({
      ledgerIndex: transaction.ledger_index,
      transactionIndex: transaction.meta.TransactionIndex,
      networkId: 1,
    })
    const byHash = explorerLink(
      { network: 'TESTNET', hash: transaction.hash as string },
      ref.endpoints,
    )
    const redirect = await open(explorerLink({ ctid }, ref.endpoints))
    expect(redirect.status).toBe(302)
    expect(new URL(redirect.headers.get('location') as string, ref.endpoints.links).href).toBe(
      byHash,
    )
    const page = await open(byHash)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('tesSUCCESS')
  })
})

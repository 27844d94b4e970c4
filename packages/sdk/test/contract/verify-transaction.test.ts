import { createClock } from '@pullsign/reference-server/testing'
import { AbortError, type Clock } from 'pullsign'
import {
  type CreatedObjects,
  createLedgerLookup,
  type TransactionVerdict,
  type VerifyTransactionOptions,
  verifyPayment,
  verifyTransaction,
} from 'pullsign/verify'
import type { PayloadRecord, TransactionJson } from 'pullsign/wire'
import { afterEach, describe, expect, test } from 'vitest'
import { getBalanceChanges, getNFTokenID } from 'xrpl'
import { movingClock, sdkClock } from '../support/moving-clock'
import { accountOf as accountOfUser, type Reference, startReference } from './reference'

// verifyTransaction (docs/protocol.md §9.3) on transactions the wallet simulator signs for real and
// the reference server's node validates; the node is reached over the WebSocket URL the record
// names (`response.dispatched_to`), unless a test says otherwise.

const ISSUER = 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq'
const NOBODY = 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY'
// Seconds between the Unix epoch and the ledger's (2000-01-01).
const RIPPLE_EPOCH = 946_684_800

let ref: Reference
afterEach(async () => {
  await ref?.server.close()
  ref = undefined as never
})

/** A reference server on a manual clock: time moves only when the code under test waits. */
async function start(ledgerCloseMs: number | false = 4000) {
  ref = await startReference({ ledgerCloseMs, clock: createClock({ manual: true }) })
}

const alice = () => accountOfUser(ref, ref.alice.uuid)
const bob = () => accountOfUser(ref, ref.bob.uuid)

/** Alice signs `txjson` on TESTNET in the wallet simulator; the record as the app fetches it. */
async function aliceSigns(txjson: TransactionJson, submit = true): Promise<PayloadRecord> {
  const created = await ref.pullsign.payload.create({ txjson, options: { submit } })
  await ref.wallet.sign(created.uuid, { user: ref.alice.uuid, network: 'TESTNET' })
  return ref.pullsign.payload.get(created)
}

/** A clock seam that fails the test if anything waits on it: what "at once" means. */
const noWaiting = (): Clock => ({
  ...sdkClock(ref.clock),
  setTimeout: () => {
    throw new Error('must answer without waiting')
  },
})

const onTestnet = (extra: VerifyTransactionOptions = {}): VerifyTransactionOptions => ({
  network: 'TESTNET',
  clock: movingClock(ref.clock),
  ...extra,
})

/** A ledger object by ID from the node's JSON-RPC `ledger_entry` (docs/protocol.md §8.6). */
async function ledgerEntry(index: string) {
  const state = await (await fetch(`${ref.endpoints.api}/__ref/state`)).json()
  const response = await fetch(state.ledger.TESTNET.rpc, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'ledger_entry', params: [{ index }] }),
  })
  return (await response.json()).result.node as Record<string, unknown>
}

/** xrpl.js `getBalanceChanges` in the platform's shape, each account's list in one order. */
function balanceChangesByXrplJs(meta: unknown) {
  const byCounterparty = (a: { counterparty: string }, b: { counterparty: string }) =>
    a.counterparty.localeCompare(b.counterparty)
  return Object.fromEntries(
    getBalanceChanges(meta as never).map(({ account, balances }) => [
      account,
      balances
        .map((b) => ({ counterparty: b.issuer ?? '', currency: b.currency, value: b.value }))
        .sort(byCounterparty),
    ]),
  )
}

const sorted = (changes: Record<string, { counterparty: string }[]>) =>
  Object.fromEntries(
    Object.entries(changes).map(([account, list]) => [
      account,
      [...list].sort((a, b) => a.counterparty.localeCompare(b.counterparty)),
    ]),
  )

const verified = (verdict: TransactionVerdict) => {
  if (!verdict.ok) throw new Error(`expected ok, got ${verdict.reason}: ${verdict.message}`)
  return verdict
}

describe('verifyTransaction: each kind of transaction, validated, with what it created', () => {
  test('an NFTokenMint: one call, the token ID as xrpl.js getNFTokenID reads it, the balance changes as getBalanceChanges', async () => {
    await start()
    const record = await aliceSigns({
      TransactionType: 'NFTokenMint',
      NFTokenTaxon: 7,
      Flags: 8,
      URI: '697066733a2f2f6d696e74', // lower case: the ledger writes hex in upper case
      LastLedgerSequence: 20, // an offset the wallet fills (§3.1)
    })
    const clock = movingClock(ref.clock)
    const started = clock.now()
    const verdict = verified(await verifyTransaction(record, { network: 'TESTNET', clock }))
    expect(clock.now() - started).toBe(4000) // one lookup, one wait for the close, one more
    const { meta } = verdict.transaction.transaction
    expect(verdict).toMatchObject({
      txid: record.response.txid,
      network: 'TESTNET',
      account: alice(),
    })
    expect(verdict.created.nftokens).toEqual([getNFTokenID(meta as never)])
    expect(verdict.created.objects.map((object) => object.type)).toContain('NFTokenPage')
    expect(sorted(verdict.balanceChanges)).toEqual(balanceChangesByXrplJs(meta))
    expect(verdict.balanceChanges[alice()]).toEqual([
      { counterparty: '', currency: 'XRP', value: expect.stringMatching(/^-0\.0000\d+$/) },
    ])
    // The platform's xrpl-tx gives the same verdict as the node.
    const throughPlatform = verified(
      await verifyTransaction(record, { network: 'TESTNET', lookup: ref.pullsign }),
    )
    expect(throughPlatform.created).toEqual(verdict.created)
    expect(throughPlatform.balanceChanges).toEqual(verdict.balanceChanges)
  })

  test.each<[string, () => TransactionJson, keyof CreatedObjects, string]>([
    [
      'an OfferCreate that rests on the book',
      () => ({
        TransactionType: 'OfferCreate',
        TakerGets: '1000000',
        TakerPays: { currency: 'EUR', issuer: ISSUER, value: '1000000' },
      }),
      'offers',
      'Offer',
    ],
    [
      'an NFTokenMint with an Amount (a sell offer made at once)',
      () => ({ TransactionType: 'NFTokenMint', NFTokenTaxon: 0, Flags: 8, Amount: '1000000' }),
      'nftokenOffers',
      'NFTokenOffer',
    ],
    [
      'an EscrowCreate',
      () => ({
        TransactionType: 'EscrowCreate',
        Destination: bob(),
        Amount: '2000000',
        FinishAfter: Math.floor(ref.clock.now() / 1000) - RIPPLE_EPOCH + 3600,
      }),
      'escrows',
      'Escrow',
    ],
    [
      'a CheckCreate',
      () => ({ TransactionType: 'CheckCreate', Destination: bob(), SendMax: '3000000' }),
      'checks',
      'Check',
    ],
    [
      'a PaymentChannelCreate',
      () => ({
        TransactionType: 'PaymentChannelCreate',
        Destination: bob(),
        Amount: '4000000',
        SettleDelay: 86_400,
        PublicKey: ref.alice.accounts[0]?.publicKey,
      }),
      'paymentChannels',
      'PayChannel',
    ],
  ])(
    '%s: the ID it created is the ledger object, balance changes as xrpl.js reads them',
    async (_case, txjson, list, type) => {
      await start()
      ref.server.platform.ledger.fund(ISSUER, '50000000', ['TESTNET'])
      const record = await aliceSigns(txjson())
      expect(record.response.dispatched_result).toBe('tesSUCCESS')
      const verdict = verified(await verifyTransaction(record, onTestnet()))
      const ids = verdict.created[list] as string[]
      expect(ids).toHaveLength(1)
      const entry = await ledgerEntry(ids[0] ?? '')
      expect(entry.LedgerEntryType).toBe(type)
      expect([entry.Account, entry.Owner]).toContain(alice())
      expect(verdict.created.objects).toContainEqual({ type, index: ids[0] })
      const { meta } = verdict.transaction.transaction
      expect(sorted(verdict.balanceChanges)).toEqual(balanceChangesByXrplJs(meta))
    },
  )

  test('a TrustSet: created the trust line, nothing else; the fee is the only balance change', async () => {
    await start()
    ref.server.platform.ledger.fund(ISSUER, '50000000', ['TESTNET'])
    const limit = { currency: 'USD', issuer: ISSUER, value: '1000' }
    // Asked as 1000.00: the ledger keeps 1000, the same amount.
    const record = await aliceSigns({
      TransactionType: 'TrustSet',
      LimitAmount: { ...limit, value: '1000.00' },
    })
    const verdict = verified(await verifyTransaction(record, onTestnet({ account: alice() })))
    expect(verdict.created.objects.map((object) => object.type)).toEqual(
      expect.arrayContaining(['RippleState']),
    )
    expect(verdict.created.offers).toEqual([])
    expect(verdict.transaction.transaction.LimitAmount).toEqual(limit)
    const { meta } = verdict.transaction.transaction
    expect(sorted(verdict.balanceChanges)).toEqual(balanceChangesByXrplJs(meta))
    expect(Object.keys(verdict.balanceChanges)).toEqual([alice()])
  })

  test('a TicketCreate: the ticket sequences, what a later transaction names', async () => {
    await start()
    const sequence = ref.server.platform.ledger.account('TESTNET', alice())?.sequence ?? 0
    const record = await aliceSigns({ TransactionType: 'TicketCreate', TicketCount: 2 })
    const verdict = verified(await verifyTransaction(record, onTestnet()))
    // rippled CreateTicket.cpp: tickets take the sequences right after the transaction's own.
    expect(verdict.created.tickets).toEqual([sequence + 1, sequence + 2])
    const tickets = verdict.created.objects.filter((object) => object.type === 'Ticket')
    expect(tickets).toHaveLength(2)
    for (const { index } of tickets) {
      expect(await ledgerEntry(index)).toMatchObject({
        LedgerEntryType: 'Ticket',
        Account: alice(),
      })
    }
  })
})

describe('verifyTransaction: each failure names its cause', () => {
  test('a tec: validated, only the fee spent: failed, with the code', async () => {
    await start()
    // rippled CreateCheck.cpp: a destination that does not exist is tecNO_DST.
    const record = await aliceSigns({
      TransactionType: 'CheckCreate',
      Destination: NOBODY,
      SendMax: '1000000',
    })
    const verdict = await verifyTransaction(record, onTestnet())
    expect(verdict).toMatchObject({ ok: false, reason: 'failed', result: 'tecNO_DST' })
    expect(verdict.ok === false && verdict.transaction?.transaction.validated).toBe(true)
  })

  test('a submission that failed (temMALFORMED: a mint without NFTokenTaxon) answers at once with that code', async () => {
    await start()
    const record = await aliceSigns({ TransactionType: 'NFTokenMint' })
    expect(record.response.dispatched_result).toBe('temMALFORMED')
    const lookup = { getTransaction: () => Promise.reject(new Error('must not look up')) }
    const verdict = await verifyTransaction(record, {
      network: 'TESTNET',
      lookup,
      clock: noWaiting(),
    })
    expect(verdict).toMatchObject({ ok: false, reason: 'submit-failed', result: 'temMALFORMED' })
    expect(verdict.ok === false && verdict.message).toMatch(/never be in a ledger/)
  })

  test('wrong network at once: the record on another network, or a node of another network (server_info)', async () => {
    await start()
    const record = await aliceSigns({ TransactionType: 'AccountSet' })
    // The default network is MAINNET: a TESTNET record is refused before any lookup.
    expect(await verifyTransaction(record, { clock: noWaiting() })).toMatchObject({
      ok: false,
      reason: 'wrong-network',
      message: /signed for TESTNET, not MAINNET/,
    })
    // Asked on TESTNET, but on MAINNET's node: its server_info says network 0.
    const state = await (await fetch(`${ref.endpoints.api}/__ref/state`)).json()
    for (const node of [state.ledger.MAINNET.ws, state.ledger.MAINNET.rpc]) {
      const verdict = await verifyTransaction(record, {
        network: 'TESTNET',
        node,
        clock: noWaiting(),
      })
      expect(verdict).toMatchObject({
        ok: false,
        reason: 'wrong-network',
        message: /serves network 0, not TESTNET \(1\)/,
      })
    }
    // A payment verified on the wrong node says so at once too.
    const pay = await verifyPayment(
      record,
      { amount: '1', network: 'TESTNET' },
      { lookup: createLedgerLookup({ url: state.ledger.MAINNET.rpc }), clock: noWaiting() },
    )
    expect(pay).toMatchObject({ ok: false, rule: 3, reason: 'wrong-network' })
  })

  test('the payload’s force_network is the network expected when the options name none', async () => {
    await start()
    const created = await ref.pullsign.payload.create({
      txjson: { TransactionType: 'AccountSet' },
      options: { force_network: 'TESTNET' },
    })
    await ref.wallet.sign(created.uuid, { user: ref.alice.uuid })
    const record = await ref.pullsign.payload.get(created)
    const clock = movingClock(ref.clock)
    expect(await verifyTransaction(record, { clock })).toMatchObject({
      ok: true,
      network: 'TESTNET',
    })
    expect(await verifyTransaction(record, { network: 'MAINNET', clock })).toMatchObject({
      reason: 'wrong-network',
    })
  })

  test('txnNotFound, then found once submitted and closed: it waits on the clock, not in real time', async () => {
    await start()
    // Signed, not submitted: the node does not know it until the app submits the blob.
    const record = await aliceSigns(
      { TransactionType: 'AccountSet', Domain: '6578616d706c65' },
      false,
    )
    expect(record.response.dispatched_to).toBeNull()
    const moving = movingClock(ref.clock)
    let waits = 0
    const clock: Clock = {
      ...moving,
      setTimeout(fn, ms) {
        waits++
        // During the second wait: submitted; the close at the end of the wait validates it.
        if (waits === 2) ref.server.platform.ledger.submit('TESTNET', record.response.hex ?? '')
        return moving.setTimeout(fn, ms)
      },
    }
    const started = clock.now()
    const verdict = verified(await verifyTransaction(record, { network: 'TESTNET', clock }))
    expect(waits).toBe(2)
    expect(clock.now() - started).toBe(8000)
    expect(verdict.transaction.transaction.Domain).toBe('6578616D706C65')
  })

  test('aborting while it waits rejects with an AbortError', async () => {
    await start(false) // ledgers close only when the test says
    const record = await aliceSigns({ TransactionType: 'AccountSet' })
    const controller = new AbortController()
    const seam = sdkClock(ref.clock)
    const clock: Clock = {
      ...seam,
      setTimeout(fn, ms) {
        queueMicrotask(() => controller.abort())
        return seam.setTimeout(fn, ms)
      },
    }
    const error = await verifyTransaction(record, {
      network: 'TESTNET',
      clock,
      signal: controller.signal,
    }).catch((e) => e)
    expect(error).toBeInstanceOf(AbortError)
  })

  test('a ledger that never closes: not-validated after timeoutMs of clock time', async () => {
    await start(false)
    const record = await aliceSigns({ TransactionType: 'AccountSet' })
    const clock = movingClock(ref.clock)
    const started = clock.now()
    const verdict = await verifyTransaction(record, {
      network: 'TESTNET',
      clock,
      timeoutMs: 10_000,
    })
    expect(verdict).toMatchObject({
      ok: false,
      reason: 'not-validated',
      message: /not validated after 10000 ms/,
    })
    expect(clock.now() - started).toBe(10_000)
  })

  test.each<[string, (record: PayloadRecord) => void, string]>([
    [
      'a scalar',
      (record) => {
        record.payload.request_json.NFTokenTaxon = 8
      },
      'NFTokenTaxon',
    ],
    [
      'hex, case aside',
      (record) => {
        record.payload.request_json.URI = '697066733a2f2f6f74686572'
      },
      'URI',
    ],
    [
      'a nested memo',
      (record) => {
        record.payload.request_json.Memos = [{ Memo: { MemoData: '6F74686572' } }]
      },
      'Memos[0].Memo.MemoData',
    ],
    [
      'a field the ledger does not have',
      (record) => {
        record.payload.request_json.TransferFee = 500
      },
      'TransferFee',
    ],
    [
      'a given Fee the wallet kept',
      (record) => {
        record.payload.request_json.Fee = '13'
      },
      'Fee',
    ],
  ])(
    'a field the app asked for that is not on the ledger (%s): field-mismatch naming it',
    async (_case, tamper, field) => {
      await start()
      const record = await aliceSigns({
        TransactionType: 'NFTokenMint',
        NFTokenTaxon: 7,
        URI: '697066733a2f2f6d696e74',
        Memos: [{ Memo: { MemoData: '6d656d6f' } }],
        Fee: '12',
      })
      expect(verified(await verifyTransaction(record, onTestnet())).account).toBe(alice())
      tamper(record)
      const verdict = await verifyTransaction(record, onTestnet())
      expect(verdict).toMatchObject({ ok: false, reason: 'field-mismatch', field })
      expect(verdict.ok === false && verdict.message).toContain(field)
    },
  )

  test('amounts compared as amounts: 5 USD asked as 5.000 matches the ledger’s 5', async () => {
    await start()
    ref.server.platform.ledger.fund(ISSUER, '50000000', ['TESTNET'])
    const record = await aliceSigns({
      TransactionType: 'CheckCreate',
      Destination: bob(),
      SendMax: { currency: 'USD', issuer: ISSUER, value: '5' },
    })
    record.payload.request_json.SendMax = { currency: 'USD', issuer: ISSUER, value: '5.000' }
    expect(await verifyTransaction(record, onTestnet())).toMatchObject({ ok: true })
    record.payload.request_json.SendMax = { currency: 'USD', issuer: ISSUER, value: '5.001' }
    expect(await verifyTransaction(record, onTestnet())).toMatchObject({
      ok: false,
      reason: 'field-mismatch',
      field: 'SendMax',
    })
  })

  test('the wrong signer: another account than options.account, or than the record says', async () => {
    await start()
    const record = await aliceSigns({ TransactionType: 'AccountSet' })
    const verdict = await verifyTransaction(record, onTestnet({ account: bob() }))
    expect(verdict).toMatchObject({
      ok: false,
      reason: 'wrong-account',
      message: `${record.response.txid} is from ${alice()}, not ${bob()}`,
    })
    const claimed = { ...record, response: { ...record.response, account: bob() } }
    expect(await verifyTransaction(claimed, onTestnet())).toMatchObject({ reason: 'wrong-account' })
    expect(await verifyTransaction(record, onTestnet({ account: alice() }))).toMatchObject({
      ok: true,
    })
  })

  test('a txid and a network, on a node given by URL', async () => {
    await start()
    const record = await aliceSigns({ TransactionType: 'AccountSet' })
    const state = await (await fetch(`${ref.endpoints.api}/__ref/state`)).json()
    const verdict = await verifyTransaction(record.response.txid?.toLowerCase() ?? '', {
      ...onTestnet(),
      node: state.ledger.TESTNET.rpc,
      account: alice(),
    })
    expect(verdict).toMatchObject({ ok: true, txid: record.response.txid, account: alice() })
  })

  test('a rejected payload, a message instead of a record, a SignIn: no lookup, the cause named', async () => {
    await start(false)
    const lookup = { getTransaction: () => Promise.reject(new Error('must not look up')) }
    const created = await ref.pullsign.payload.create({ TransactionType: 'AccountSet' })
    ref.wallet.reject(created.uuid, { user: ref.alice.uuid })
    const rejected = await ref.pullsign.payload.get(created)
    expect(await verifyTransaction(rejected, { lookup })).toMatchObject({ reason: 'not-signed' })
    const hint = { payload_uuidv4: created.uuid, signed: true }
    expect(await verifyTransaction(hint as never, { lookup })).toMatchObject({
      reason: 'not-a-record',
    })
    const signIn = await aliceSigns({ TransactionType: 'SignIn' })
    expect(await verifyTransaction(signIn, { lookup })).toMatchObject({
      reason: 'not-submitted',
      message: /verifySignIn/,
    })
  })
})

describe('verifyTransaction refuses bad arguments with an ERR_INPUT naming them', () => {
  test.each<[string, unknown, unknown, RegExp]>([
    [
      'a txid that is not one',
      'abc',
      {},
      /^recordOrTxid must be a payload record or a 64-hex txid/,
    ],
    ['a txid with no node', 'AB'.repeat(32), { network: 'TESTNET' }, /needs options.node/],
    ['an unknown option', 'AB'.repeat(32), { expected: {} }, /^options.expected is not an option/],
    [
      'a network in lower case',
      'AB'.repeat(32),
      { network: 'testnet' },
      /^options.network must be a rails key/,
    ],
    [
      'a node that is no URL',
      'AB'.repeat(32),
      { node: 'localhost' },
      /^options.node must be an http\(s\) or ws\(s\) URL/,
    ],
    [
      'a lookup and a node',
      'AB'.repeat(32),
      { lookup: { getTransaction: () => null }, node: 'http://n' },
      /^options.node is for a node lookup/,
    ],
    [
      'an account that is no address',
      'AB'.repeat(32),
      { account: 'alice' },
      /^options.account must be a classic address/,
    ],
    ['options that are a string', 'AB'.repeat(32), 'TESTNET', /^options must be an object/],
  ])('%s', async (_case, first, options, message) => {
    await expect(verifyTransaction(first as never, options as never)).rejects.toMatchObject({
      code: 'ERR_INPUT',
      message: expect.stringMatching(message),
    })
  })
})

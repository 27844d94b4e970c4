import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createLedger, type Ledger } from '../../../../src/ledger'
import { signerListIndex } from '../../../../src/ledger/state/keylets'
import { type IssuedJson, type LedgerObject, LSF } from '../../../../src/ledger/state/ledger-object'
import { createClock } from '../../../../src/platform'
import { signTx, testKey } from '../../test-keys'

const keys = [testKey(41), testKey(42), testKey(43)]
const NETWORK = 'DEVNET'

// Each step one account signs: tickets made or used, a trust line set, cleared (with NoRipple and
// no qualities: its default), given qualities or frozen, DefaultRipple switched, a signer list
// set or removed, or a payment of an issued asset along a line.
const step = fc.record({
  who: fc.nat(keys.length - 1),
  peer: fc.nat(keys.length - 1),
  kind: fc.constantFrom(
    'tickets',
    'useTicket',
    'trust',
    'untrust',
    'clearLine',
    'quality',
    'freeze',
    'defaultRipple',
    'signers',
    'unsign',
    'pay',
  ),
  count: fc.integer({ min: 1, max: 40 }),
})

function submit(ledger: Ledger, who: number, fields: Record<string, unknown>) {
  const key = keys[who] ?? keys[0]
  if (!key) return
  const account = ledger.account(NETWORK, key.address)
  const tx = { Account: key.address, Fee: '12', Sequence: account?.sequence, ...fields }
  ledger.submit(NETWORK, signTx(tx, key))
}

type Step = typeof step extends fc.Arbitrary<infer T> ? T : never

function run(ledger: Ledger, { who, peer, kind, count }: Step) {
  const self = keys[who]?.address ?? ''
  const other = keys[peer]?.address ?? ''
  const usd = (value: string) => ({ currency: 'USD', issuer: other, value })
  if (kind === 'tickets')
    submit(ledger, who, { TransactionType: 'TicketCreate', TicketCount: count })
  const ticket = ledger.account(NETWORK, self)?.tickets[0]
  if (kind === 'useTicket' && ticket !== undefined) {
    submit(ledger, who, { TransactionType: 'AccountSet', Sequence: 0, TicketSequence: ticket })
  }
  if (kind === 'trust')
    submit(ledger, who, { TransactionType: 'TrustSet', LimitAmount: usd(String(count)) })
  if (kind === 'untrust')
    submit(ledger, who, { TransactionType: 'TrustSet', LimitAmount: usd('0') })
  if (kind === 'clearLine') {
    const line = { LimitAmount: usd('0'), QualityIn: 0, QualityOut: 0, Flags: 0x00220000 }
    submit(ledger, who, { TransactionType: 'TrustSet', ...line })
  }
  if (kind === 'quality') {
    const quality = { QualityIn: count * 25_000_000, QualityOut: 1_000_000_000 + count }
    submit(ledger, who, { TransactionType: 'TrustSet', LimitAmount: usd('0'), ...quality })
  }
  if (kind === 'freeze') {
    submit(ledger, who, { TransactionType: 'TrustSet', LimitAmount: usd('0'), Flags: 0x00100000 })
  }
  if (kind === 'defaultRipple') {
    const flag = count % 2 === 0 ? { SetFlag: 8 } : { ClearFlag: 8 }
    submit(ledger, who, { TransactionType: 'AccountSet', ...flag })
  }
  const signer = keys.find((key) => key.address !== self)?.address
  if (kind === 'signers') {
    submit(ledger, who, {
      TransactionType: 'SignerListSet',
      SignerQuorum: 1,
      SignerEntries: [{ SignerEntry: { Account: signer, SignerWeight: 1 } }],
    })
  }
  if (kind === 'unsign') submit(ledger, who, { TransactionType: 'SignerListSet', SignerQuorum: 0 })
  if (kind === 'pay' && self !== other) {
    submit(ledger, peer, { TransactionType: 'Payment', Destination: self, Amount: { ...usd('1') } })
  }
}

// The accounts an object belongs to: both sides of a line, the signer list's account (it names
// none: its index is the account's), else its Account.
function ownersOf(object: Readonly<LedgerObject>): string[] {
  if (object.LedgerEntryType === 'RippleState') {
    return [(object.LowLimit as IssuedJson).issuer, (object.HighLimit as IssuedJson).issuer]
  }
  if (object.LedgerEntryType === 'SignerList') {
    return keys.filter((key) => signerListIndex(key.address) === object.index).map((k) => k.address)
  }
  return [String(object.Account)]
}

describe('owned objects, any sequence of transactions creating and removing them', () => {
  it("keep OwnerCount equal to the objects each account reserves, and every object in its owners' directories", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), (steps) => {
        const clock = createClock({ start: 0, manual: true })
        const ledger = createLedger({ clock, closeMs: false })
        for (const key of keys) ledger.fund(key.address, 40_000_000n, [NETWORK])
        for (const s of steps) run(ledger, s)
        for (const { address } of keys) {
          const root = ledger.account(NETWORK, address)
          const listed = ledger.accountObjects(NETWORK, address, { limit: 1000 })?.objects ?? []
          const reserved = listed.filter((object) => {
            if (object.LedgerEntryType !== 'RippleState') return true
            const low = (object.LowLimit as { issuer: string }).issuer === address
            const flag = low ? LSF.RippleState.LowReserve : LSF.RippleState.HighReserve
            return (object.Flags & flag) !== 0
          })
          expect(root?.ownerCount, `${address} owns ${reserved.length}`).toBe(reserved.length)
          expect(root?.tickets).toHaveLength(
            listed.filter((o) => o.LedgerEntryType === 'Ticket').length,
          )
          const balance = BigInt(root?.balance ?? '0')
          expect(balance >= 0n).toBe(true)
        }
        // Every object that belongs to an owner is in that owner's directory, and nowhere else.
        const everything = ledger.ledgerData(NETWORK, { limit: 10_000 })?.objects ?? []
        for (const object of everything) {
          if (
            object.LedgerEntryType === 'AccountRoot' ||
            object.LedgerEntryType === 'DirectoryNode'
          )
            continue
          const owners = ownersOf(object)
          // A line neither side reserves is at its defaults, and deleted (SetTrust::doApply).
          if (object.LedgerEntryType === 'RippleState') {
            const anyReserve = LSF.RippleState.LowReserve | LSF.RippleState.HighReserve
            expect(object.Flags & anyReserve).not.toBe(0)
          }
          for (const owner of owners) {
            const listed = ledger.accountObjects(NETWORK, owner, { limit: 1000 })?.objects ?? []
            expect(listed.map((o) => o.index)).toContain(object.index)
          }
        }
        ledger.dispose()
        clock.dispose()
      }),
      { numRuns: 25 },
    )
  }, 60_000)
})

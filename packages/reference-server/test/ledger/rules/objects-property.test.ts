import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createNetworkLedger } from '../../../src/ledger/network-ledger'
import { networkDefinition } from '../../../src/ledger/networks'
import { preimageSha256 } from '../../../src/ledger/rules/escrow/crypto-condition'
import { checkIndex, payChannelIndex } from '../../../src/ledger/state/keylets'
import type { LedgerObject } from '../../../src/ledger/state/ledger-object'
import { signTx, testKey } from '../test-keys'

const keys = [testKey(61), testKey(62), testKey(63)]
const FUNDED = 40_000_000n
const START = Date.parse('2026-01-01T00:00:00Z')
const RIPPLE_EPOCH_S = 946_684_800
const secret = preimageSha256(Buffer.from('property'))
const FINISH_FEE = 12n + 12n * (32n + BigInt(secret.fulfillment.length / 2) / 16n)

// One step of a random history: who acts, on whom, how much, which earlier object, how long
// before the ledger closes.
const step = fc.record({
  kind: fc.constantFrom(
    'escrowTime',
    'escrowCondition',
    'escrowFinish',
    'escrowCancel',
    'checkCreate',
    'checkCash',
    'checkCancel',
    'channelCreate',
    'channelFund',
    'channelClaim',
    'channelClose',
  ),
  actor: fc.nat(keys.length - 1),
  other: fc.nat(keys.length - 1),
  drops: fc.bigInt({ min: 1n, max: 15_000_000n }),
  pick: fc.nat(20),
  seconds: fc.constantFrom(0, 0, 30, 400),
})

describe('escrows, checks and channels, any history of them (docs/protocol.md §8.7)', () => {
  it('conserve drops except the burnt fees, keep owner counts equal to the objects owned, and keep reserves', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 20 }), (steps) => {
        let now = START
        const ledger = createNetworkLedger(networkDefinition('DEVNET'), () => null, now)
        for (const key of keys) ledger.fund(key.address, FUNDED)
        const made: { kind: string; index: string; owner: number; other: number; held: boolean }[] =
          []
        const ledgerNow = () => Math.floor(now / 1000) - RIPPLE_EPOCH_S
        let burnt = 0n
        for (const s of steps) {
          const earlier = made.filter(
            (m) => m.kind === s.kind.replace(/(Finish|Cancel|Cash|Fund|Claim|Close)$/, ''),
          )
          const target = earlier[s.pick % Math.max(1, earlier.length)]
          // Mostly the party that may act on an earlier object (a cash or claim by its
          // destination, the rest by its owner: a claim without a signature), sometimes anyone.
          const party = /Cash|Finish/.test(s.kind) ? target?.other : target?.owner
          const key = keys[party !== undefined && s.pick % 4 !== 0 ? party : s.actor]
          const other = keys[s.other]
          if (!key || !other) continue
          const root = ledger.account(key.address)
          if (!root) continue
          let fee = 12n
          const fields: Record<string, unknown> = (() => {
            switch (s.kind) {
              case 'escrowTime':
                return {
                  TransactionType: 'EscrowCreate',
                  Destination: other.address,
                  Amount: String(s.drops),
                  FinishAfter: ledgerNow() + 20,
                }
              case 'escrowCondition':
                return {
                  TransactionType: 'EscrowCreate',
                  Destination: other.address,
                  Amount: String(s.drops),
                  Condition: secret.condition,
                  CancelAfter: ledgerNow() + 300,
                }
              case 'escrowFinish':
                fee = FINISH_FEE
                return {
                  TransactionType: 'EscrowFinish',
                  Owner: keys[target?.owner ?? 0]?.address,
                  OfferSequence: Number(target?.index ?? 1),
                  Condition: secret.condition,
                  Fulfillment: secret.fulfillment,
                }
              case 'escrowCancel':
                return {
                  TransactionType: 'EscrowCancel',
                  Owner: keys[target?.owner ?? 0]?.address,
                  OfferSequence: Number(target?.index ?? 1),
                }
              case 'checkCreate':
                return {
                  TransactionType: 'CheckCreate',
                  Destination: other.address,
                  SendMax: String(s.drops),
                }
              case 'checkCash':
                return {
                  TransactionType: 'CheckCash',
                  CheckID: target
                    ? checkIndex(keys[target.owner]?.address ?? '', Number(target.index))
                    : '00'.repeat(32),
                  DeliverMin: '1',
                }
              case 'checkCancel':
                return {
                  TransactionType: 'CheckCancel',
                  CheckID: target
                    ? checkIndex(keys[target.owner]?.address ?? '', Number(target.index))
                    : '00'.repeat(32),
                }
              case 'channelCreate':
                return {
                  TransactionType: 'PaymentChannelCreate',
                  Destination: other.address,
                  Amount: String(s.drops),
                  SettleDelay: 60,
                  PublicKey: key.publicKey,
                }
              case 'channelFund':
                return {
                  TransactionType: 'PaymentChannelFund',
                  Channel: target?.index ?? '00'.repeat(32),
                  Amount: String(s.drops),
                }
              case 'channelClaim':
                return {
                  TransactionType: 'PaymentChannelClaim',
                  Channel: target?.index ?? '00'.repeat(32),
                  Balance: String(s.drops),
                }
              default:
                return {
                  TransactionType: 'PaymentChannelClaim',
                  Channel: target?.index ?? '00'.repeat(32),
                  Flags: 0x00020000,
                }
            }
          })()
          const tx = { ...fields, Account: key.address, Fee: String(fee), Sequence: root.Sequence }
          const { engine_result, applied } = ledger.submit(signTx(tx, key))
          if (applied) burnt += fee
          if (
            engine_result === 'tesSUCCESS' &&
            /^(escrowTime|escrowCondition|checkCreate|channelCreate)$/.test(s.kind)
          ) {
            const kind = s.kind.startsWith('escrow') ? 'escrow' : s.kind.replace('Create', '')
            const index =
              kind === 'channel'
                ? payChannelIndex(key.address, other.address, root.Sequence)
                : String(root.Sequence)
            made.push({
              kind,
              index,
              owner: s.actor,
              other: s.other,
              held: s.kind === 'escrowCondition',
            })
            // The reserve held when the object was made (the fee may dip into it, rippled's rule).
            const after = ledger.account(key.address)
            if (after) {
              const reserve = 1_000_000n + 200_000n * BigInt(after.OwnerCount)
              expect(BigInt(after.Balance) + fee >= reserve, `${s.kind} broke the reserve`).toBe(
                true,
              )
            }
          }
          if (s.seconds > 0) {
            now += s.seconds * 1000
            ledger.close(now)
          }
        }
        // Every drop is in a balance, an escrow, a channel, or burnt.
        const objects = [...ledger.objects.objects()] as LedgerObject[]
        let held = 0n
        for (const object of objects) {
          if (object.LedgerEntryType === 'Escrow') held += BigInt(String(object.Amount))
          if (object.LedgerEntryType === 'PayChannel')
            held += BigInt(String(object.Amount)) - BigInt(String(object.Balance))
        }
        const balances = keys.reduce(
          (sum, key) => sum + BigInt(ledger.account(key.address)?.Balance ?? '0'),
          0n,
        )
        expect(balances + held + burnt).toBe(FUNDED * BigInt(keys.length))
        for (const key of keys) {
          const owned = objects.filter(
            (o) => o.Account === key.address && o.LedgerEntryType !== 'AccountRoot',
          )
          expect(ledger.account(key.address)?.OwnerCount, key.address).toBe(owned.length)
        }
      }),
      { numRuns: 40 },
    )
  }, 60_000)
})

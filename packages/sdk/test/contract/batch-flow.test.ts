import { SignatureError } from 'pullsign'
import { type BatchProgress, buildBatch, signBatch, submitBatch } from 'pullsign/batch'
import { encode } from 'ripple-binary-codec'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { type Batch, signMultiBatch, Wallet } from 'xrpl'
import { payloadRecord } from '../support/payload-record'
import { type Reference, startReference } from './reference'

let ref: Reference
beforeEach(async () => {
  ref = await startReference()
})
afterEach(() => ref.server.close())

const accountsOf = (user: string) =>
  ref.server.platform
    .state()
    .users.find((u) => u.uuid === user)
    ?.accounts.map((a) => a.address) ?? []

describe('the Batch flow against the reference server (§8.4)', () => {
  test('one payload per inner signer (submit false, signer = that account); a rejection ends the flow and withdraws the others', async () => {
    const [alice] = accountsOf(ref.alice.uuid)
    const [bob, bob2] = accountsOf(ref.bob.uuid)
    if (!alice || !bob || !bob2) throw new Error('the fixtures changed')
    const batch = buildBatch({
      mode: 'INDEPENDENT',
      account: alice,
      sequence: 5,
      transactions: [
        {
          TransactionType: 'Payment',
          Account: bob,
          Sequence: 1,
          Destination: alice,
          Amount: '1000',
        },
        {
          TransactionType: 'Payment',
          Account: bob2,
          Sequence: 1,
          Destination: alice,
          Amount: '2000',
        },
      ],
    })
    const progress: BatchProgress[] = []
    const outcome = await signBatch(ref.pullsign.payload, batch, {
      onProgress(step) {
        progress.push(step)
        // Bob declines his first request once both are out.
        const created = progress.filter((p) => p.stage === 'created')
        if (step.stage === 'created' && created.length === 2) {
          const first = created.find((p) => p.signer === bob)?.uuid as string
          queueMicrotask(() => ref.wallet.reject(first, { user: ref.bob.uuid }))
        }
      },
    })
    expect(outcome).toMatchObject({
      signed: false,
      signer: bob,
      role: 'inner',
      stage: 'rejected',
      final: null,
    })
    const stages = (signer: string) =>
      progress.filter((p) => p.signer === signer).map((p) => p.stage)
    expect(stages(bob)).toEqual(['created', 'opened', 'rejected'])
    expect(stages(bob2)).toEqual(['created'])
    expect(progress.findIndex((p) => p.stage === 'rejected')).toBe(3)
    const uuidOf = (signer: string) => progress.find((p) => p.signer === signer)?.uuid as string
    const [first, second] = [bob, bob2].map((a) => ref.server.platform.payloads.record(uuidOf(a)))
    for (const [record, signer] of [
      [first, bob],
      [second, bob2],
    ] as const) {
      expect(record?.meta).toMatchObject({ submit: false, signers: [signer] })
      expect(record?.payload.request_json).toMatchObject({
        TransactionType: 'Batch',
        Account: alice,
        Sequence: 5,
      })
    }
    expect(progress[0]?.next).toBe(`${ref.endpoints.api}/sign/${progress[0]?.uuid}`)
    expect(new Set(progress.map((p) => p.uuid)).size).toBe(2)
    expect(second?.meta.cancelled).toBe(true)
  })

  test('a Batch changed after its inner signers signed is refused before any payload is created', async () => {
    const bob = Wallet.fromSeed('sEdSJHS4oiAdz7w2X2ni1gFiqtbJHqE')
    const [alice] = accountsOf(ref.alice.uuid)
    if (!alice) throw new Error('the fixtures changed')
    const batch = buildBatch({
      mode: 'ALLORNOTHING',
      account: alice,
      sequence: 5,
      transactions: [
        {
          TransactionType: 'Payment',
          Account: bob.address,
          Sequence: 1,
          Destination: alice,
          Amount: '1000',
        },
      ],
    })
    const signed = structuredClone(batch) as unknown as Batch
    signMultiBatch(bob, signed)
    const record = payloadRecord(crypto.randomUUID(), {
      meta: { resolved: true, signed: true, submit: false },
      response: { hex: encode(signed as never), txid: '', account: bob.address },
    })
    const before = ref.server.platform.payloads.recent(100).length
    const error = await submitBatch(ref.pullsign.payload, { ...batch, Sequence: 6 }, [
      record,
    ]).catch((e) => e)
    expect(error).toBeInstanceOf(SignatureError)
    expect(error.message).toMatch(/the Batch changed after r\w+ signed: Sequence was 5, is now 6/)
    expect(ref.server.platform.payloads.recent(100)).toHaveLength(before)
  })
})

/**
 * A Batch with two inner signers (docs/protocol.md §8.4), against a reference server embedded in
 * this process: Bob and Carol each pay Alice inside one ALLORNOTHING Batch of Alice's. Every inner
 * signer gets a payload (`submit: false`), signs in the wallet app, and then Alice signs and submits
 * the final Batch with their signatures. Progress is printed per signer as it happens.
 *
 * Run: npx tsx backend/batch.ts   (or `npm run batch` in packages/examples)
 */
import { buildBatch, innerSigners, signBatch } from 'pullsign/batch'
import { logger, startDemoWorld } from './demo-world'

const log = logger()
const { server, pullsign, alice, bob, aliceAccount, bobAccount } = await startDemoWorld()
const carol = server.platform.users.create({ name: 'Carol' })
const carolAccount = carol.accounts[0]?.address as string
const sequenceOf = (address: string) =>
  server.platform.ledger.account('TESTNET', address)?.sequence ?? 0
const balanceOf = (address: string) =>
  BigInt(server.platform.ledger.account('TESTNET', address)?.balance ?? '0')

const batch = buildBatch({
  mode: 'ALLORNOTHING',
  account: aliceAccount,
  sequence: sequenceOf(aliceAccount),
  transactions: [
    {
      TransactionType: 'Payment',
      Account: bobAccount,
      Sequence: sequenceOf(bobAccount),
      Destination: aliceAccount,
      Amount: '2000000',
    },
    {
      TransactionType: 'Payment',
      Account: carolAccount,
      Sequence: sequenceOf(carolAccount),
      Destination: aliceAccount,
      Amount: '3000000',
    },
  ],
})
log(`Batch of ${aliceAccount}, inner signers: ${innerSigners(batch).join(', ')}`)

const users: Record<string, { uuid: string; name: string }> = {
  [aliceAccount]: alice,
  [bobAccount]: bob,
  [carolAccount]: carol,
}
const before = balanceOf(aliceAccount)
const outcome = await signBatch(pullsign.payload, batch, {
  options: { force_network: 'TESTNET' },
  onProgress({ signer, role, stage, uuid, next }) {
    const who = users[signer]
    log(`${role} ${who?.name ?? signer} ${stage}${next ? `: ${next}` : ''}`)
    // The user: each signer opens the request in the wallet app and signs it (simulated, real keys).
    if (stage === 'created' && who) {
      setTimeout(
        () =>
          void server.wallet.sign(uuid, { user: who.uuid }).catch((err) => log(`wallet: ${err}`)),
        10,
      )
    }
  },
})
if (!outcome.signed) throw new Error(`${outcome.signer} ${outcome.stage} the Batch`)
log(`submitted ${outcome.final.response.txid}: ${outcome.final.response.dispatched_result}`)
server.platform.ledger.close('TESTNET')
log(`Alice received ${balanceOf(aliceAccount) - before} drops net of the Batch fee`)
await server.close()

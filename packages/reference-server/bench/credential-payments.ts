import { quick, report } from './bench-report'
import {
  type BenchKey,
  cpuRateLine,
  ledgerBench,
  verifyBaseline,
  verifyTimed,
} from './ledger-bench-setup'

// docs/protocol.md §8.16 on one network: Payments carrying CredentialIDs applied per second by the
// simulated ledger (decode, signature check, each credential read in preclaim, their expiry and
// the destination's credential DepositPreauth looked up when it applies, the drops moved), to a
// destination that set DepositAuth and preauthorized the credential set; goal ≥ 1,500/s.
const NETWORK = 'TESTNET'
const PAYMENTS = quick ? 200 : 20_000
const SENDERS = 4
const KYC = '4B5943'

const { server, ledger, keyOf, sequenceOf, signed, submit, timed } = await ledgerBench(NETWORK)

const issuer = keyOf('Bench credential issuer', 1_000_000_000n)
const shop = keyOf('Bench shop', 1_000_000_000n)
const senders = Array.from({ length: SENDERS }, (_, i) =>
  keyOf(`Bench sender ${i}`, 10_000_000_000n),
)
submit(signed(shop, { TransactionType: 'AccountSet', SetFlag: 9 }))
submit(
  signed(shop, {
    TransactionType: 'DepositPreauth',
    AuthorizeCredentials: [{ Credential: { Issuer: issuer.address, CredentialType: KYC } }],
  }),
)
// Each sender holds an accepted KYC credential of the issuer: its id, as the ledger keys it.
const credentialOf = new Map<string, string>()
for (const sender of senders) {
  submit(
    signed(issuer, {
      TransactionType: 'CredentialCreate',
      Subject: sender.address,
      CredentialType: KYC,
    }),
  )
  submit(
    signed(sender, {
      TransactionType: 'CredentialAccept',
      Issuer: issuer.address,
      CredentialType: KYC,
    }),
  )
  const [credential] =
    ledger.accountObjects(NETWORK, sender.address, { types: ['Credential'], limit: 10 })?.objects ??
    []
  credentialOf.set(sender.address, String((credential as { index: string }).index))
}

// Pre-signed: the senders pay the shop 1 XRP each in turn, presenting their credential.
const blobs: string[] = []
const next = senders.map((s) => sequenceOf(s.address))
for (let i = 0; i < PAYMENTS; i++) {
  const from = i % SENDERS
  const sender = senders[from] as BenchKey
  const sequence = next[from] ?? 0
  next[from] = sequence + 1
  blobs.push(
    signed(
      sender,
      {
        TransactionType: 'Payment',
        Destination: shop.address,
        Amount: '1000000',
        CredentialIDs: [credentialOf.get(sender.address)],
      },
      sequence,
    ),
  )
}
// Applied, a ledger closed every 1,000: wall and CPU seconds.
const paying = timed(blobs)
// Baseline: only decoding and verifying the same blobs.
const verifying = verifyTimed(blobs)

await server.close()

report('credential-payments', [
  {
    name: `native payments with CredentialIDs to a DepositAuth destination that preauthorized the credential, one network, ${PAYMENTS} applied`,
    value: PAYMENTS / paying.wall,
    unit: 'payments/s',
    baseline: verifyBaseline(PAYMENTS / verifying.wall),
    goal: { judged: 'value', atLeast: 1500 },
  },
  cpuRateLine(
    'the same payments per second of CPU time (process.cpuUsage), for the reader',
    'payments/CPU-s',
    PAYMENTS / paying.cpu,
    { value: PAYMENTS / verifying.cpu, unit: '/CPU-s' },
  ),
])

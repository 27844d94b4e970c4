import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestKey, testKey } from '../../test-keys'
import { alice, drops, gateway, offerFixture, UNIT, usd } from './offer-fixture'

let f: ReturnType<typeof offerFixture>
beforeEach(() => {
  f = offerFixture()
})
afterEach(() => f.dispose())

const stranger = testKey(31) // never funded: an issuer that does not exist
const poor = testKey(32)
const authIssuer = testKey(33)

interface Row {
  code: string
  /** The rippled line the row follows. */
  source: string
  tx: () => Record<string, unknown>
  setup?: () => void
  signer?: TestKey
}

const offer = (fields: Record<string, unknown>) => () => ({
  TransactionType: 'OfferCreate',
  TakerPays: usd('10'),
  TakerGets: drops(20),
  ...fields,
})

const rows: Row[] = [
  {
    code: 'temINVALID_FLAG',
    source: 'CreateOffer::preflight: uTxFlags & tfOfferCreateMask (tfHybrid needs PermissionedDEX)',
    tx: offer({ Flags: 0x00100000 }),
  },
  {
    code: 'temINVALID_FLAG',
    source: 'CreateOffer::preflight: bImmediateOrCancel && bFillOrKill',
    tx: offer({ Flags: 0x00020000 | 0x00040000 }),
  },
  {
    code: 'temBAD_EXPIRATION',
    source: 'CreateOffer::preflight: bHaveExpiration && Expiration == 0',
    tx: offer({ Expiration: 0 }),
  },
  {
    code: 'temBAD_SEQUENCE',
    source: 'CreateOffer::preflight: cancelSequence && *cancelSequence == 0',
    tx: offer({ OfferSequence: 0 }),
  },
  {
    code: 'temBAD_OFFER',
    source: 'CreateOffer::preflight: saTakerPays.native() && saTakerGets.native()',
    tx: offer({ TakerPays: drops(1) }),
  },
  {
    code: 'temBAD_OFFER',
    source: 'CreateOffer::preflight: saTakerPays <= beast::zero',
    tx: offer({ TakerPays: usd('0') }),
  },
  {
    code: 'temBAD_OFFER',
    source: 'CreateOffer::preflight: saTakerGets <= beast::zero',
    tx: offer({ TakerGets: usd('-1'), TakerPays: drops(1) }),
  },
  {
    code: 'temREDUNDANT',
    source: 'CreateOffer::preflight: uPaysAsset == uGetsAsset',
    tx: offer({ TakerGets: usd('5') }),
  },
  {
    code: 'temBAD_ISSUER',
    source: 'CreateOffer::preflight: saTakerPays.native() != !uPaysIssuerID',
    tx: offer({
      TakerPays: { currency: 'USD', issuer: 'rrrrrrrrrrrrrrrrrrrrrhoLvTp', value: '1' },
    }),
  },
  {
    code: 'tecUNFUNDED_OFFER',
    source: 'CreateOffer::preclaim: accountFunds(TakerGets, fhZERO_IF_FROZEN) <= zero',
    tx: offer({ TakerPays: drops(20), TakerGets: { ...usd('10') } }),
    signer: poor,
  },
  {
    code: 'temBAD_SEQUENCE',
    source: 'CreateOffer::preclaim: uAccountSequence <= *cancelSequence',
    tx: () => offer({ OfferSequence: f.sequence(alice) })(),
  },
  {
    code: 'tecEXPIRED',
    source: 'CreateOffer::preclaim: hasExpired(view, Expiration) with DepositPreauth',
    tx: offer({ Expiration: 1 }),
  },
  {
    code: 'tecNO_ISSUER',
    source: 'CreateOffer::checkAcceptAsset: !issuerAccount',
    tx: offer({ TakerPays: usd('10', stranger) }),
  },
  {
    code: 'tecNO_LINE',
    source: 'CreateOffer::checkAcceptAsset: lsfRequireAuth && !trustLine',
    setup: () => f.submit(authIssuer, { TransactionType: 'AccountSet', SetFlag: 2 }),
    tx: offer({ TakerPays: usd('10', authIssuer) }),
  },
  {
    code: 'tecNO_AUTH',
    source: 'CreateOffer::checkAcceptAsset: lsfRequireAuth && !is_authorized',
    setup: () => {
      f.submit(authIssuer, { TransactionType: 'AccountSet', SetFlag: 2 })
      f.submit(alice, { TransactionType: 'TrustSet', LimitAmount: usd('10', authIssuer) })
    },
    tx: offer({ TakerPays: usd('10', authIssuer) }),
  },
  {
    code: 'tecFROZEN',
    source: 'CreateOffer::preclaim: isGlobalFrozen(TakerPays or TakerGets asset)',
    setup: () => f.submit(gateway, { TransactionType: 'AccountSet', SetFlag: 7 }),
    tx: offer({}),
  },
  {
    code: 'tecINSUF_RESERVE_OFFER',
    source: 'CreateOffer::applyGuts: mPriorBalance < accountReserve(OwnerCount + 1) && !crossed',
    tx: offer({}),
    signer: poor,
  },
  {
    code: 'temINVALID_FLAG',
    source: 'CancelOffer::preflight: uTxFlags & tfUniversalMask',
    tx: () => ({ TransactionType: 'OfferCancel', OfferSequence: 1, Flags: 0x00010000 }),
  },
  {
    code: 'temBAD_SEQUENCE',
    source: 'CancelOffer::preflight: !OfferSequence',
    tx: () => ({ TransactionType: 'OfferCancel', OfferSequence: 0 }),
  },
  {
    code: 'temBAD_SEQUENCE',
    source: 'CancelOffer::preclaim: (*sle)[sfSequence] <= offerSequence',
    tx: () => ({ TransactionType: 'OfferCancel', OfferSequence: f.sequence(alice) }),
  },
]

describe('OfferCreate and OfferCancel result codes (rippled CreateOffer.cpp, CancelOffer.cpp)', () => {
  it.each(rows)('$code: $source', ({ code, tx, setup, signer = alice }) => {
    // Exactly the base reserve plus two fees: funded, but no room for an owned object.
    f.ledger.fund(poor.address, UNIT + 24n, ['TESTNET'])
    f.ledger.fund(authIssuer.address, 1_000n * UNIT, ['TESTNET'])
    f.ledger.close('TESTNET')
    setup?.()
    const before = f.ledger.account('TESTNET', signer.address)
    const { engine_result } = f.submit(signer, tx())
    expect(engine_result).toBe(code)
    const after = f.ledger.account('TESTNET', signer.address)
    // Nothing but the fee and the Sequence: no offer, no owner count.
    expect(after?.ownerCount).toBe(before?.ownerCount)
    expect(f.ledger.accountOffers('TESTNET', signer.address).offers).toEqual([])
  })
})

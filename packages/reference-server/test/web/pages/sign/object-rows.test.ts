import { describe, expect, it } from 'vitest'
import { transactionRows } from '../../../../src/web/pages/sign/transaction-rows'

const ISSUER = 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq'
const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex').toUpperCase()

// The rows a person reads, label → text (amounts by kind).
const rowsText = (tx: Record<string, unknown>) =>
  Object.fromEntries(
    transactionRows(tx as never).map((row) => [
      row.label,
      row.value.kind === 'text' ? row.value.text : row.value.kind,
    ]),
  )

describe('sign page: DIDs, oracles and permissioned domains in words (docs/protocol.md §8.7)', () => {
  it('a DIDSet shows its URI and document decoded, an empty field as removed [rippled DID.cpp]', () => {
    expect(
      rowsText({
        TransactionType: 'DIDSet',
        URI: hex('did:example:alice'),
        DIDDocument: hex('{"id":"did:example:alice"}'),
        Data: '',
      }),
    ).toEqual({
      URI: 'did:example:alice',
      'DID document': '{"id":"did:example:alice"}',
      'Attestation data': 'removed from the DID',
    })
  })

  it('an OracleSet shows each pair with its price scaled, a pair without price as removed, the time as a date [rippled SetOracle.cpp]', () => {
    expect(
      rowsText({
        TransactionType: 'OracleSet',
        OracleDocumentID: 7,
        Provider: hex('chainlink'),
        AssetClass: hex('currency'),
        LastUpdateTime: 1767225610,
        PriceDataSeries: [
          { PriceData: { BaseAsset: 'BTC', QuoteAsset: 'USD', AssetPrice: 6700012, Scale: 2 } },
          { PriceData: { BaseAsset: 'XRP', QuoteAsset: 'USD', AssetPrice: '2E4', Scale: 3 } },
          { PriceData: { BaseAsset: 'XRP', QuoteAsset: 'EUR' } },
        ],
      }),
    ).toEqual({
      Oracle: '7',
      Provider: 'chainlink',
      'Asset class': 'currency',
      'Prices as of': '2026-01-01 00:00:10 UTC (1767225610)',
      Prices: 'BTC/USD 67,000.12 (scale 2); XRP/USD 0.740 (scale 3); XRP/EUR removed (no price)',
    })
  })

  it('a PermissionedDomainSet shows each accepted credential by type and issuer [rippled PermissionedDomainSet.cpp]', () => {
    expect(
      rowsText({
        TransactionType: 'PermissionedDomainSet',
        DomainID: 'AB'.repeat(32),
        AcceptedCredentials: [{ Credential: { Issuer: ISSUER, CredentialType: hex('KYC') } }],
      }),
    ).toEqual({ Domain: 'AB'.repeat(32), 'Accepted credentials': `KYC from ${ISSUER}` })
  })
})

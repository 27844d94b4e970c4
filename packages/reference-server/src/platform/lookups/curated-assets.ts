import type { CuratedAssetsResponse, CuratedCurrency, CuratedIssuer } from 'pullsign/wire'

interface IssuerSpec {
  name: string
  domain: string
  account: string
  currencies: Array<{ code: string; name: string }>
}

// Public mainnet issuers; currency codes longer than 3 characters use the 40-hex form.
const ISSUERS: readonly IssuerSpec[] = [
  {
    name: 'Bitstamp',
    domain: 'bitstamp.net',
    account: 'rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B',
    currencies: [
      { code: 'USD', name: 'US Dollar' },
      { code: 'EUR', name: 'Euro' },
      { code: 'BTC', name: 'Bitcoin' },
    ],
  },
  {
    name: 'GateHub',
    domain: 'gatehub.net',
    account: 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq',
    currencies: [
      { code: 'USD', name: 'US Dollar' },
      { code: 'EUR', name: 'Euro' },
    ],
  },
  {
    name: 'Sologenic',
    domain: 'sologenic.com',
    account: 'rsoLo2S1kiGeCcn6hCUXVrCpGMWLrRrLZz',
    currencies: [{ code: '534F4C4F00000000000000000000000000000000', name: 'SOLO' }],
  },
  {
    name: 'Ripple',
    domain: 'ripple.com',
    account: 'rMxCKbEDwqr76QuheSUMdEGf4B9xJ8m5De',
    currencies: [{ code: '524C555344000000000000000000000000000000', name: 'RLUSD' }],
  },
]

const avatar = (slug: string) => `https://xumm.app/assets/icons/curated/${slug}.png`

/**
 * GET `curated-assets` (docs/protocol.md §2), built once from the issuer list above.
 *
 * @example
 * ```ts
 * curatedAssets().details.Bitstamp?.currencies.USD?.issuer // 'rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B'
 * ```
 */
export function curatedAssets(): CuratedAssetsResponse {
  let currencyId = 1
  const details: Record<string, CuratedIssuer> = {}
  ISSUERS.forEach((spec, index) => {
    const issuerId = index + 1
    const currencies: Record<string, CuratedCurrency> = {}
    for (const currency of spec.currencies) {
      currencies[currency.code] = {
        id: currencyId++,
        issuer_id: issuerId,
        issuer: spec.account,
        currency: currency.code,
        name: currency.name,
        avatar: avatar(`${spec.name}-${currency.name}`.toLowerCase()),
        shortlist: 1,
      }
    }
    details[spec.name] = {
      id: issuerId,
      name: spec.name,
      domain: spec.domain,
      avatar: avatar(spec.name.toLowerCase()),
      shortlist: 1,
      currencies,
    }
  })
  return {
    issuers: ISSUERS.map((spec) => spec.name),
    currencies: [...new Set(ISSUERS.flatMap((spec) => spec.currencies.map((c) => c.code)))],
    details,
  }
}

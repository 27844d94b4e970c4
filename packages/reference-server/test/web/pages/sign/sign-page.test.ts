import { describe, expect, it } from 'vitest'
import { parseNFTokenID } from 'xrpl'
import { SIGN_PAGE_SCRIPT } from '../../../../src/web/page-scripts.gen'
import { renderNotFoundPage } from '../../../../src/web/pages/common/not-found-page'
import { renderSignPage } from '../../../../src/web/pages/sign/sign-page'
import { signPageView } from '../../../../src/web/pages/sign/sign-page-view'
import {
  pageData,
  payloadRecord,
  type RecordOverrides,
  USERS,
  UUID,
} from '../../payload-record-fixture'

const NOW = Date.parse('2026-11-21T18:01:00.000Z')

function page(
  overrides: RecordOverrides = {},
  variant: 'sign' | 'qr' = 'sign',
  boundUser: string | null = null,
) {
  return renderSignPage(
    signPageView({
      record: payloadRecord(overrides),
      users: USERS,
      boundUser,
      serverNow: NOW,
      variant,
      links: 'http://127.0.0.1:8787',
    }),
  )
}

/** The text of the element with this `data-field`, tags stripped. */
function field(html: string, name: string): string {
  const match = new RegExp(`<dd data-field="${name}">([\\s\\S]*?)</dd>`).exec(html)
  if (!match?.[1]) throw new Error(`no field ${name} in:\n${html}`)
  return match[1]
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

describe('sign page: the request in readable form', () => {
  it('shows type, amount in XRP, destination and tag', () => {
    const html = page()
    expect(html).toContain('<h1>Payment</h1>')
    expect(field(html, 'Amount')).toBe('1.5 XRP')
    expect(field(html, 'Destination')).toBe('rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY')
    expect(field(html, 'DestinationTag')).toBe('42')
    expect(field(html, 'network')).toBe("the wallet's choice")
    expect(html).toContain('Shop asks you to sign')
  })

  it.each([
    ['XAHAU', 'XAH', 'Xahau Mainnet'],
    ['XAHAUTESTNET', 'XAH', 'Xahau Testnet'],
    ['TESTNET', 'XRP', 'XRPL Testnet'],
  ])('force_network %s shows native amounts in %s', (network, asset, name) => {
    const html = page({ meta: { force_network: network } })
    expect(field(html, 'Amount')).toBe(`1.5 ${asset}`)
    expect(field(html, 'network')).toBe(`${name} (forced: ${network})`)
    expect(html).toContain(`Network: ${name} (set by the application)`)
    expect(html).not.toContain('<select id="network"')
  })

  it('shows an NFT offer: the token with its issuer, fee and flags, the offer kind and its amount', () => {
    const id = '000B01F4A26B0F1FAF5AA2DB4E7AC5FF2E2A14F6B1E15BB20000099B00000003'
    const html = page({
      payload: {
        tx_type: 'NFTokenCreateOffer',
        request_json: {
          TransactionType: 'NFTokenCreateOffer',
          NFTokenID: id,
          Amount: '2500000',
          Flags: 1,
        },
      },
    })
    expect(field(html, 'NFTokenID')).toBe(
      `${id} · issued by ${parseNFTokenID(id).Issuer} · transfer fee 0.5 % · serial 3 · burnable by its issuer (tfBurnable), sold only for the native asset (tfOnlyXRP), transferable (tfTransferable)`,
    )
    expect(field(html, 'Amount')).toBe('2.5 XRP')
    expect(field(html, 'Flags')).toBe('an offer to sell (tfSellNFToken)')
  })

  it('shows an NFT mint: flags by name, the transfer fee in percent, the URI as text', () => {
    const html = page({
      payload: {
        tx_type: 'NFTokenMint',
        request_json: {
          TransactionType: 'NFTokenMint',
          NFTokenTaxon: 7,
          Flags: 9,
          TransferFee: 1250,
          URI: Buffer.from('ipfs://bafy').toString('hex'),
        },
      },
    })
    expect(field(html, 'Flags')).toBe(
      'burnable by its issuer (tfBurnable), transferable (tfTransferable)',
    )
    expect(field(html, 'TransferFee')).toBe('1.25 %')
    expect(field(html, 'URI')).toBe('ipfs://bafy')
    expect(field(html, 'NFTokenTaxon')).toBe('7')
  })

  it('shows Xahau types: a URIToken mint’s URI as text and its flag by name [xahaud URIToken.cpp]', () => {
    const html = page({
      payload: {
        tx_type: 'URITokenMint',
        request_json: {
          TransactionType: 'URITokenMint',
          URI: Buffer.from('ipfs://bafy-ticket').toString('hex').toUpperCase(),
          Flags: 1,
          Amount: '2000000',
          Destination: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
        },
      },
    })
    expect(field(html, 'URI')).toBe('ipfs://bafy-ticket')
    expect(field(html, 'Flags')).toBe('burnable by its issuer (tfBurnable)')
    expect(field(html, 'Amount')).toBe('2 XRP')
  })

  it('lists each of a Remit’s amounts, the URIToken it mints and the tokens it hands over [xahaud Remit.cpp]', () => {
    const id = 'AB'.repeat(32)
    const html = page({
      payload: {
        tx_type: 'Remit',
        request_json: {
          TransactionType: 'Remit',
          Destination: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
          Amounts: [
            { AmountEntry: { Amount: '1500000' } },
            {
              AmountEntry: {
                Amount: {
                  currency: 'USD',
                  issuer: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
                  value: '12.5',
                },
              },
            },
          ],
          MintURIToken: { URI: Buffer.from('https://t.example/1').toString('hex'), Flags: 1 },
          URITokenIDs: [id],
        },
      },
    })
    const sends = [...html.matchAll(/<dd data-field="Amounts">([\s\S]*?)<\/dd>/g)].map((m) =>
      (m[1] ?? '')
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    expect(sends).toEqual(['1.5 XRP', expect.stringContaining('12.5 USD')])
    expect(field(html, 'MintURIToken')).toBe(
      'https://t.example/1 · burnable by its issuer (tfBurnable)',
    )
    expect(field(html, 'URITokenIDs')).toBe(id)
  })

  it('reads SetRemarks’ remarks and ClaimReward’s opt-out in words [xahaud SetRemarks.cpp, ClaimReward.cpp]', () => {
    const hex = (text: string) => Buffer.from(text).toString('hex')
    const remarks = page({
      payload: {
        tx_type: 'SetRemarks',
        request_json: {
          TransactionType: 'SetRemarks',
          ObjectID: 'CD'.repeat(32),
          Remarks: [
            { Remark: { RemarkName: hex('colour'), RemarkValue: hex('blue'), Flags: 1 } },
            { Remark: { RemarkName: hex('size') } },
          ],
        },
      },
    })
    expect(field(remarks, 'Remarks')).toBe('colour = blue (immutable); size removed')
    const optOut = page({
      payload: {
        tx_type: 'ClaimReward',
        request_json: { TransactionType: 'ClaimReward', Flags: 1 },
      },
    })
    expect(field(optOut, 'Flags')).toBe('opt out of rewards (tfOptOut)')
  })

  it('shows the instruction and the identifier from custom_meta', () => {
    const html = page({ custom_meta: { instruction: 'Pay order 42', identifier: 'order-42' } })
    expect(html).toContain('<p class="instruction" id="instruction">Pay order 42</p>')
    expect(field(html, 'identifier')).toBe('order-42')
  })

  it('carries the expiry for the countdown: ISO time, server time, in the data too', () => {
    const html = page()
    expect(html).toContain(
      `<span id="countdown" data-expires-at="2026-11-21T18:05:00.000Z" data-server-now="${NOW}">`,
    )
    expect(html).toContain(
      '<time datetime="2026-11-21T18:05:00.000Z">2026-11-21 18:05:00 UTC</time>',
    )
    expect(pageData(html)).toMatchObject({
      uuid: UUID,
      state: 'pending',
      expiresAt: '2026-11-21T18:05:00.000Z',
      serverNow: NOW,
      socketPath: `/sign/${UUID}`,
    })
  })

  it('shows the QR of next.always, after the request, or first in the QR variant', () => {
    const sign = page()
    const qr = page({}, 'qr')
    expect(sign).toContain(`<img src="/sign/${UUID}_q.png" alt="QR code of this sign request"`)
    expect(sign.indexOf('id="qr"')).toBeGreaterThan(sign.indexOf('id="request"'))
    expect(qr.indexOf('id="qr"')).toBeLessThan(qr.indexOf('id="request"'))
    expect(qr).toContain('<main class="qr-first">')
  })

  it('offers every user and the first user’s accounts, with Sign and Reject', () => {
    const html = page()
    expect(html).toContain(`<option value="${USERS[0]?.uuid}" selected>Alice</option>`)
    expect(html).toContain(`<option value="${USERS[1]?.uuid}">Bob</option>`)
    expect(html).toContain('rAliceEdAccount1111111111111111111 (ed25519)')
    expect(html).toContain('rAliceSecpAccount11111111111111111 (ecdsa-secp256k1)')
    expect(html).not.toContain('rBobEdAccount111111111111111111111 (ed25519)</option>')
    expect(html).toContain('id="sign">Sign</button>')
    expect(html).toContain('id="reject">Reject</button>')
    expect(html).toContain('<select id="network" name="network"><option value="MAINNET">')
  })

  it('preselects the bound user, or the holder of the forced signer and that account', () => {
    const bound = page({}, 'sign', USERS[1]?.uuid ?? null)
    expect(bound).toContain(`<option value="${USERS[1]?.uuid}" selected>Bob</option>`)
    const signer = page({ meta: { signers: ['rAliceSecpAccount11111111111111111'] } })
    expect(signer).toContain(
      '<option value="rAliceSecpAccount11111111111111111" selected>rAliceSecpAccount11111111111111111 (ecdsa-secp256k1)',
    )
  })
})

describe('sign page: what the request does', () => {
  it.each([
    [
      {},
      { TransactionType: 'SignIn' },
      'Proves that you hold the account. Nothing is sent to the ledger.',
    ],
    [{ submit: false }, undefined, 'the wallet does not submit it.'],
    [{ multisign: true }, undefined, 'Multisign: your signature is one of several'],
    [
      { signers: ['rAliceSecpAccount11111111111111111'] },
      undefined,
      'Only these accounts may sign: rAliceSecpAccount11111111111111111.',
    ],
  ])('meta %j, request %j: %s', (meta, request, note) => {
    const html = page({ meta, ...(request ? { payload: { request_json: request } } : {}) })
    expect(html).toContain(note)
  })

  it.each([
    [
      { TransactionType: 'AccountDelete', Destination: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY' },
      'The fee is one owner reserve',
    ],
    [{ TransactionType: 'SignerListSet', SignerQuorum: 0 }, 'a quorum of 0 removes the list'],
    [{ TransactionType: 'SetRegularKey' }, 'Lets another key sign for this account'],
    [
      { TransactionType: 'DepositPreauth', Authorize: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY' },
      'preauthorized accounts',
    ],
  ])('%j says what it does (docs/protocol.md §8.7)', (request, note) => {
    expect(page({ payload: { request_json: request } })).toContain(note)
  })

  it('shows account settings and signer lists in words', () => {
    const html = page({
      payload: {
        request_json: {
          TransactionType: 'AccountSet',
          SetFlag: 1,
          ClearFlag: 9,
          TransferRate: 1_005_000_000,
          Domain: '6578616d706c652e636f6d',
        },
      },
    })
    expect(field(html, 'SetFlag')).toBe('require a destination tag (asfRequireDest)')
    expect(field(html, 'ClearFlag')).toBe(
      'accept deposits only from preauthorized accounts (asfDepositAuth)',
    )
    expect(field(html, 'TransferRate')).toBe('0.5 % on transfers of its issued assets')
    expect(field(html, 'Domain')).toBe('example.com')
    const list = page({
      payload: {
        request_json: {
          TransactionType: 'SignerListSet',
          SignerQuorum: 2,
          SignerEntries: [
            { SignerEntry: { Account: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', SignerWeight: 2 } },
          ],
        },
      },
    })
    expect(field(list, 'SignerQuorum')).toBe('2 (the sum of the signers’ weights needed)')
    expect(field(list, 'SignerEntries')).toBe('rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY (weight 2)')
  })

  it('a plain payment has no notes', () => {
    expect(page()).not.toContain('class="muted note"')
  })
})

describe('sign page: states', () => {
  it('an expired payload nobody opened says so and has no buttons', () => {
    const html = page({ meta: { expired: true }, payload: { expires_in_seconds: -5 } })
    expect(html).toContain('data-state="expired">This sign request has expired</p>')
    expect(html).not.toContain('id="sign"')
    expect(html).not.toContain('<form')
    expect(pageData(html).state).toBe('expired')
  })

  it('an expired payload opened before expiry can still be answered (§3.3)', () => {
    const html = page({ meta: { expired: true, app_opened: true } })
    expect(html).toContain('data-state="opened">Opened in the wallet</p>')
    expect(html).toContain('id="sign">Sign</button>')
  })

  it.each([
    [{ resolved: true, signed: true }, 'signed', 'Signed'],
    [{ resolved: true, signed: false }, 'rejected', 'Rejected'],
    [{ cancelled: true, expired: true }, 'cancelled', 'Cancelled by the application'],
  ])('%j shows %s without buttons', (meta, state, text) => {
    const html = page({ meta, response: { txid: state === 'signed' ? 'AB'.repeat(32) : null } })
    expect(html).toContain(`data-state="${state}">${text}</p>`)
    expect(html).not.toContain('<form')
  })

  it.each([
    ['pending', {}, true],
    ['opened', { app_opened: true }, true],
    ['signed', { resolved: true, signed: true }, false],
    ['rejected', { resolved: true, signed: false }, false],
    ['cancelled', { cancelled: true, expired: true }, false],
    ['expired', { expired: true }, false],
  ])('%s: QR and countdown only while it can be answered', (_, meta, answerable) => {
    const html = page({ meta })
    expect(html.includes('id="qr"')).toBe(answerable)
    expect(html.includes('id="countdown"')).toBe(answerable)
  })

  it('a signed transaction links to it on the explorer of its network ({links}/explorer/…)', () => {
    const txid = 'EF'.repeat(32)
    const html = page({
      meta: { resolved: true, signed: true },
      response: {
        txid,
        account: 'rAliceEdAccount1111111111111111111',
        environment_nodetype: 'TESTNET',
      },
    })
    expect(html).toContain(
      `<a id="explorer" href="http://127.0.0.1:8787/explorer/TESTNET/${txid}">View the transaction</a>`,
    )
    // A SignIn has a txid but no network: nothing was submitted, so no link.
    expect(page({ meta: { resolved: true, signed: true }, response: { txid } })).not.toContain(
      'id="explorer"',
    )
  })

  it('a signed payload shows its txid and account', () => {
    const html = page({
      meta: { resolved: true, signed: true },
      response: { txid: 'CD'.repeat(32), account: 'rAliceEdAccount1111111111111111111' },
    })
    expect(html).toContain(`Transaction id: <code>${'CD'.repeat(32)}</code>`)
    expect(html).toContain('Signed by <code>rAliceEdAccount1111111111111111111</code>')
  })

  it('shows where it returns to after resolution (return_url.web)', () => {
    const html = page({ meta: { return_url_web: 'http://127.0.0.1:9/done?id=1&x=<y>' } })
    expect(field(html, 'return')).toBe('http://127.0.0.1:9/done?id=1&amp;x=&lt;y&gt;')
  })
})

describe('sign page: hostile strings are escaped', () => {
  const SCRIPT = '</script><script>alert(1)</script>'
  const IMG = '"><img src=x onerror=alert(1)>'

  it('in instruction, identifier, application and user names, and transaction fields', () => {
    const html = renderSignPage(
      signPageView({
        record: payloadRecord({
          application: { name: SCRIPT },
          custom_meta: { instruction: SCRIPT, identifier: IMG },
          payload: {
            request_json: {
              TransactionType: 'Payment',
              Destination: IMG,
              Amount: { currency: SCRIPT, issuer: IMG, value: '<b>1</b>' },
              InvoiceID: SCRIPT,
            },
          },
        }),
        users: [
          {
            uuid: IMG,
            name: SCRIPT,
            accounts: [{ address: IMG, algorithm: 'ed25519', networks: [] }],
          },
        ],
        boundUser: null,
        serverNow: NOW,
        variant: 'sign',
        links: IMG,
      }),
    )
    // exactly the two script elements of the shell: the data block and the page script
    expect(html.match(/<script/gi)).toHaveLength(2)
    expect(html).not.toContain('<img src=x')
    expect(html).not.toContain('<b>1</b>')
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;')
    const data = pageData(html) as {
      users: Array<{ uuid: string; accounts: Array<{ address: string }> }>
    }
    expect(data.users[0]?.uuid).toBe(IMG)
    expect(data.users[0]?.accounts[0]?.address).toBe(IMG)
  })
})

describe('sign page script', () => {
  it('is valid JavaScript', () => {
    expect(() => new Function(SIGN_PAGE_SCRIPT.source)).not.toThrow()
  })
})

describe('not found page', () => {
  it('names what was not found, escaped, and links to the dashboard', () => {
    const html = renderNotFoundPage({ what: 'No payload <script>x</script>' })
    expect(html).toContain('<h1>Not found</h1>')
    expect(html).toContain('No payload &lt;script&gt;x&lt;/script&gt;')
    expect(html).toContain('<a href="/">Open the dashboard</a>')
    expect(html).not.toContain('<script')
  })
})

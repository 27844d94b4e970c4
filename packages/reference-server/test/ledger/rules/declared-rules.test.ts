import { DEFAULT_DEFINITIONS } from 'ripple-binary-codec'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TYPE_AMENDMENTS } from '../../../src/ledger/amendments/required-amendments'
import xahauDefinitions from '../../../src/ledger/codec/xahau-definitions.json'
import { networkDefinition } from '../../../src/ledger/networks'
import { networkRules } from '../../../src/ledger/rules/registry'
import type { TransactionRules } from '../../../src/ledger/rules/transaction-rules'
import { type LedgerFixture, ledgerFixture } from '../ledger-fixture'
import { testKey } from '../test-keys'
import { type XahauFixture, xahauFixture } from './xahau/xahau-fixture'

// Each type's rules declare what rippled's transactor declares (`getFlagsMask`,
// `checkExtraFeatures`, its template's required fields, its file), and the transactor checks the
// flags and fields once for every type (rules/preflight-fields.ts `declaredRefusal`, rippled
// Transactor.cpp preflight1 under `invokePreflight`).
const TESTNET = networkDefinition('TESTNET')
const XAHAU = networkDefinition('XAHAU')
const names = [
  ...new Set([
    ...DEFAULT_DEFINITIONS.transactionNames,
    ...Object.keys(xahauDefinitions.TRANSACTION_TYPES),
  ]),
]
const registered = (network: typeof TESTNET) =>
  names.flatMap((type): [string, TransactionRules][] => {
    const rules = networkRules(network)(type)
    return rules ? [[type, rules]] : []
  })
const RIPPLED = registered(TESTNET)
const XAHAUD = registered(XAHAU)
// The types whose flags rippled checks in no mask (Credentials, without fixInvalidTxFlags) or
// whose preflight judges them whole (xahaud's ClaimReward: any Flags above tfOptOut).
const UNMASKED = ['ClaimReward', 'CredentialAccept', 'CredentialCreate', 'CredentialDelete']

// The lowest flag bit that is neither universal nor the type's own.
const foreignFlag = (flags: number) => {
  let bit = 1
  while (flags & bit) bit <<= 1
  return bit
}

const alice = testKey(91)
let f: LedgerFixture
let x: XahauFixture
beforeAll(() => {
  f = ledgerFixture({ keys: [alice], drops: 100_000_000n })
  x = xahauFixture([alice], 100_000_000n)
})
afterAll(() => {
  f.dispose()
  x.dispose()
})

describe('what each transaction type declares on its rules [rippled Transactor.h getFlagsMask]', () => {
  it('every registered type names its file, its amendment (as TYPE_AMENDMENTS has it) and its flags', () => {
    expect(RIPPLED.length).toBeGreaterThan(40)
    expect(XAHAUD.length).toBeGreaterThan(25)
    for (const [type, rules] of [...RIPPLED, ...XAHAUD]) {
      expect(rules.source, type).toMatch(/^[A-Za-z]+\.cpp$/)
      expect(rules.amendment, type).toBe(TYPE_AMENDMENTS[type])
      if (rules.flags === null) expect(UNMASKED, type).toContain(type)
      else expect(rules.flags & 0xc0000000, `${type} declares a universal flag`).toBe(0)
    }
  })

  it.each(RIPPLED.filter(([, rules]) => rules.flags !== null))(
    '%s with a flag it does not define is temINVALID_FLAG on TESTNET, nothing applied',
    (type, rules) => {
      const Flags = foreignFlag(rules.flags as number)
      const { engine_result } = f.submit(alice, { TransactionType: type, Flags })
      const enabled =
        rules.amendment === null || f.ledger.amendments('TESTNET').enabled(rules.amendment)
      expect(engine_result).toBe(enabled ? 'temINVALID_FLAG' : 'temDISABLED')
    },
  )

  it.each(RIPPLED.filter(([, rules]) => rules.required?.length))(
    '%s without a required field is temMALFORMED [rippled transactions.macro soeREQUIRED]',
    (type, rules) => {
      const enabled =
        rules.amendment === null || f.ledger.amendments('TESTNET').enabled(rules.amendment)
      const { engine_result } = f.submit(alice, { TransactionType: type })
      expect(engine_result).toBe(enabled ? 'temMALFORMED' : 'temDISABLED')
    },
  )

  it('on Xahau tfInnerBatchTxn is no universal flag: a shared type carrying it is temINVALID_FLAG, as a URIToken type [xahaud TxFlags.h tfUniversal]', () => {
    const escrow = { TransactionType: 'EscrowCreate', Destination: alice.address, Amount: '1' }
    expect(x.submit(alice, { ...escrow, Flags: 0x40000000 }).engine_result).toBe('temINVALID_FLAG')
    const mint = { TransactionType: 'URITokenMint', URI: Buffer.from('ipfs://x').toString('hex') }
    expect(x.submit(alice, { ...mint, Flags: 0x40000000 }).engine_result).toBe('temINVALID_FLAG')
    expect(x.submit(alice, { ...mint, Flags: 0x80000001 }).engine_result).toBe('tesSUCCESS')
  })
})

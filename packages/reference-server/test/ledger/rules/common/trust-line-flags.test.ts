import { describe, expect, it } from 'vitest'
import { amendmentTable } from '../../../../src/ledger/amendments/amendment-table'
import type { JsonObject } from '../../../../src/ledger/codec/json-object'
import { networkDefinition } from '../../../../src/ledger/networks'
import {
  TF_TRUST_SET,
  trustLineFlagsAfter,
  trustSetFlagsPreclaim,
  trustSetFlagsPreflight,
} from '../../../../src/ledger/rules/common/trust-line-flags'
import { trustSetRules } from '../../../../src/ledger/rules/token/trust-set'
import { LSF as LEDGER_FLAGS } from '../../../../src/ledger/state/ledger-object'
import { preflightResult } from '../declared-preflight'

const LSF = LEDGER_FLAGS.AccountRoot
const LINE_FLAGS = LEDGER_FLAGS.RippleState

const table = amendmentTable(networkDefinition('TESTNET'))
const withoutDeepFreeze = amendmentTable(networkDefinition('TESTNET'), 'default', {
  disable: ['DeepFreeze'],
})
const TF = TF_TRUST_SET

describe('TrustSet flags (rippled SetTrust.cpp)', () => {
  it.each([
    [TF.SetfAuth | TF.SetNoRipple | TF.SetFreeze, null],
    [0x00080000, 'temINVALID_FLAG'], // not a TrustSet flag
    [TF.SetDeepFreeze, null], // DeepFreeze is enabled on TESTNET
    [0x80000000, null], // tfFullyCanonicalSig
  ])('preflight Flags %i → %s', (Flags, expected) => {
    const tx = { Flags }
    expect(
      preflightResult(trustSetRules, tx, (t: JsonObject) => trustSetFlagsPreflight(t, table)),
    ).toBe(expected)
  })

  it('refuses the deep freeze flags without the DeepFreeze amendment (temINVALID_FLAG)', () => {
    expect(trustSetFlagsPreflight({ Flags: TF.SetDeepFreeze }, withoutDeepFreeze)).toBe(
      'temINVALID_FLAG',
    )
    expect(trustSetFlagsPreflight({ Flags: TF.ClearDeepFreeze }, withoutDeepFreeze)).toBe(
      'temINVALID_FLAG',
    )
  })

  it('authorizes only with RequireAuth set (tefNO_AUTH_REQUIRED)', () => {
    expect(trustSetFlagsPreclaim({ Flags: TF.SetfAuth }, 0)).toBe('tefNO_AUTH_REQUIRED')
    expect(trustSetFlagsPreclaim({ Flags: TF.SetfAuth }, LSF.RequireAuth)).toBeNull()
    expect(trustSetFlagsPreclaim({ Flags: TF.SetFreeze }, 0)).toBeNull()
  })

  const low = { high: false, noFreeze: false, holdsNegative: false }
  const high = { ...low, high: true }
  it.each([
    ['auth, low side', 0, TF.SetfAuth, low, { flags: LINE_FLAGS.LowAuth }],
    ['auth, high side', 0, TF.SetfAuth, high, { flags: LINE_FLAGS.HighAuth }],
    ['freeze', 0, TF.SetFreeze, high, { flags: LINE_FLAGS.HighFreeze }],
    ['unfreeze', LINE_FLAGS.HighFreeze, TF.ClearFreeze, high, { flags: 0 }],
    ['freeze and unfreeze at once', 0, TF.SetFreeze | TF.ClearFreeze, high, { flags: 0 }],
    [
      'freeze after NoFreeze does nothing',
      0,
      TF.SetFreeze,
      { ...high, noFreeze: true },
      { flags: 0 },
    ],
    ['NoRipple', 0, TF.SetNoRipple, low, { flags: LINE_FLAGS.LowNoRipple }],
    [
      'NoRipple while owing (fix1578)',
      0,
      TF.SetNoRipple,
      { ...low, holdsNegative: true },
      { result: 'tecNO_PERMISSION' },
    ],
    ['clear NoRipple', LINE_FLAGS.LowNoRipple, TF.ClearNoRipple, low, { flags: 0 }],
  ])('%s', (_, flags, Flags, side, expected) => {
    expect(trustLineFlagsAfter(flags, { Flags }, side)).toEqual(expected)
  })
})

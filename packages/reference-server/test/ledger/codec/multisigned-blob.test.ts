import { decode } from 'ripple-binary-codec'
import { describe, expect, it } from 'vitest'
import { multisign } from 'xrpl'
import { multisignedBlob } from '../../../src/ledger/codec/multisigned-blob'
import { XRPL_CODEC } from '../../../src/ledger/codec/network-codec'
import { multisignTx, testKey } from '../test-keys'

const vault = testKey(71)
const signer = testKey(72)
const tx = {
  TransactionType: 'AccountSet',
  Account: vault.address,
  Fee: '24',
  Sequence: 5,
}
const signed = decode(multisign([multisignTx(tx, [{ account: signer.address, key: signer }])]))

describe('submit_multisigned tx_json (rippled transactionSubmitMultiSigned)', () => {
  it('encodes a multi-signed tx_json to the blob xrpl.js multisign makes', () => {
    expect(multisignedBlob(signed, XRPL_CODEC)).toBe(
      multisign([multisignTx(tx, [{ account: signer.address, key: signer }])]),
    )
  })

  it.each([
    ['not an object', [], "Invalid field 'tx_json'."],
    ['no Sequence', { ...signed, Sequence: undefined }, "Missing field 'tx_json.Sequence'."],
    [
      'no SigningPubKey',
      { ...signed, SigningPubKey: undefined },
      "Missing field 'tx_json.SigningPubKey'.",
    ],
    [
      'a SigningPubKey',
      { ...signed, SigningPubKey: signer.publicKey },
      "When multi-signing 'tx_json.SigningPubKey' must be empty.",
    ],
    ['no Signers', { ...signed, Signers: [] }, "Missing field 'tx_json.Signers'."],
    ['a zero fee', { ...signed, Fee: '0' }, "Invalid field 'tx_json.Fee'."],
    [
      'an unknown field',
      { ...signed, Colour: 'blue' },
      expect.stringMatching(/^Invalid field 'tx_json'/),
    ],
  ])('refuses %s (invalidParams)', (_, txJson, message) => {
    const json = JSON.parse(JSON.stringify(txJson))
    expect(multisignedBlob(json, XRPL_CODEC)).toEqual({
      error: 'invalidParams',
      error_message: message,
    })
  })
})

import { okJson, type TestServer } from './test-server'

/** Alice pays Bob `drops` through a payload signed on `network`; answers the signed record. */
export async function signedPayment(t: TestServer, network: string, drops: string) {
  const { uuid } = await t.createPayload({
    txjson: { TransactionType: 'Payment', Destination: t.bob.accounts[0]?.address, Amount: drops },
  })
  return okJson(await t.control(`payloads/${uuid}/sign`, { user: t.alice.uuid, network }))
}

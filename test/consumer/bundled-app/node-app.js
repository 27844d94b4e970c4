// A backend bundled by webpack for Node (webpack-build.js): the SDK's `node` build, compiled by SWC.
import { PullSign, PullSignError } from 'pullsign'

const { APP_API: api, APP_KEY: apiKey, APP_SECRET: apiSecret } = process.env
const pullsign = new PullSign({ apiKey, apiSecret, endpoints: { api } })
let refused = null
try {
  new PullSign({ apiKey: 'not-a-key' })
} catch (err) {
  refused = err instanceof PullSignError ? err.code : String(err)
}
const pong = await pullsign.ping()
const created = await pullsign.payload.create({ TransactionType: 'SignIn' })
console.log(
  JSON.stringify({
    runtime: pullsign.runtime,
    instance: pullsign instanceof PullSign,
    plain: { runtime: 'nope' } instanceof PullSign,
    refused,
    app: pong.auth.application.name,
    created: created.uuid,
  }),
)
await pullsign.close()

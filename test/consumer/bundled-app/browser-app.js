// A shop's page bundled for browsers (by webpack-build.js, and by esbuild in the test): the SDK's
// browser build. "Sign in" signs in through the popup; then a payload created as the signed-in user.
import { PullSign, PullSignError } from 'pullsign'

const { apiKey, endpoints } = window.SHOP_CONFIG
const pullsign = new PullSign(apiKey, { endpoints })
const seen = {
  runtime: pullsign.runtime,
  instance: pullsign instanceof PullSign,
  plain: { runtime: 'nope' } instanceof PullSign,
}
try {
  new PullSign({ apiKey: 'not-a-key' })
} catch (err) {
  seen.refused = err instanceof PullSignError ? err.code : String(err)
}
const show = (result) => {
  document.getElementById('result').textContent = JSON.stringify({ ...seen, ...result })
}
pullsign.on('success', async () => {
  try {
    const created = await pullsign.payload.create({ TransactionType: 'SignIn' })
    show({ created: created.uuid, account: await pullsign.user.account })
  } catch (err) {
    show({ error: String(err) })
  }
})
pullsign.on('error', (err) => show({ error: err.message }))
const button = document.getElementById('signin')
button.onclick = () => pullsign.authorize().catch((err) => show({ error: String(err) }))
pullsign.on('ready', () => {
  button.disabled = false
})

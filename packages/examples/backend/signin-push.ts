/**
 * Sign-in, then a user token, then a payment pushed straight to the user's wallet app (docs/protocol.md
 * §6), against a reference server embedded in this process.
 *
 * Run: npx tsx backend/signin-push.ts
 */
import { verifySignIn } from 'pullsign/verify'
import { logger, startDemoWorld } from './demo-world'

const log = logger()
const { server, pullsign, alice, bobAccount } = await startDemoWorld()

// 1. SignIn: the user proves they hold an account by signing a pseudo transaction.
const signIn = await pullsign.payload.createAndSubscribe({ TransactionType: 'SignIn' }, (event) =>
  log(`signin event ${event.type}`),
)
log(`SignIn ${signIn.uuid}: show ${signIn.created.refs.qr_png}`)
setTimeout(() => void server.wallet.sign(signIn.uuid, { user: alice.uuid }), 20)
const signedIn = await signIn.resolved
const account = verifySignIn(signedIn) // the signature is checked here, offline
log(`signed in as ${account} (signature verified offline)`)

// 2. The user token issued on signing: keep it to reach this user again without a QR code.
const userToken = signedIn.application.issued_user_token
if (!userToken) throw new Error('no user token was issued')
const token = await pullsign.verifyUserToken(userToken)
log(`user token active=${token.active}, expires ${new Date(token.expires * 1000).toISOString()}`)

// 3. A payment pushed to that user: no QR, it pops up in their wallet app.
const payment = await pullsign.payload.createAndSubscribe(
  {
    txjson: { TransactionType: 'Payment', Destination: bobAccount, Amount: '250000' },
    options: { force_network: 'TESTNET' },
    user_token: userToken,
  },
  (event) => log(`payment event ${event.type}`),
)
log(`payment ${payment.uuid} pushed=${payment.created.pushed}`)
setTimeout(() => {
  server.wallet.open(payment.uuid, { user: alice.uuid, via: 'PUSH_NOTIFICATION' })
  void server.wallet.sign(payment.uuid, { user: alice.uuid })
}, 20)
const paid = await payment.resolved
log(
  `payment signed=${paid.meta.signed} via ${paid.payload.origintype} by ${paid.response.account}, txid ${paid.response.txid}`,
)

await server.close()

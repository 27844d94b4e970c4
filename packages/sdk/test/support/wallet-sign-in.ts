import type { ReferenceServer } from '@pullsign/reference-server'

/**
 * The system browser of a native app: follows the sign-in URL to the wallet, signs there as
 * `user` (by uuid), and returns the deep link the provider sends back to the app.
 */
export async function signInThroughWallet(
  server: ReferenceServer,
  url: string,
  user: string,
): Promise<string> {
  const auth = await fetch(url, { redirect: 'manual' })
  const uuid = (auth.headers.get('location') ?? '').split('/sign/')[1] ?? ''
  await server.wallet.sign(uuid, { user })
  const back = await fetch(server.platform.payloads.record(uuid).meta.return_url_web ?? '', {
    redirect: 'manual',
  })
  return back.headers.get('location') ?? ''
}

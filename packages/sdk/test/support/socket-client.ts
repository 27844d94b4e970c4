import { PullSign } from 'pullsign'
import { createFakeClock, type FakeClock } from './fake-clock'
import { type SocketPlatform, startSocketPlatform } from './socket-platform'

/** The credentials these client tests use (no test platform here checks them). */
export const apiKey = '00000000-0000-4000-8000-000000000001'
export const apiSecret = '00000000-0000-4000-8000-000000000002'

/**
 * A socket platform and a backend `PullSign` of it on a fake clock, for subscription tests.
 * `random` 1: every reconnect waits its full backoff, so the delays are exact.
 */
export async function startSocketClient(): Promise<{
  platform: SocketPlatform
  clock: FakeClock
  pullsign: PullSign
}> {
  const platform = await startSocketPlatform()
  const clock = createFakeClock()
  const endpoints = { api: platform.api }
  const pullsign = new PullSign({ apiKey, apiSecret, endpoints, clock, random: () => 1 })
  return { platform, clock, pullsign }
}

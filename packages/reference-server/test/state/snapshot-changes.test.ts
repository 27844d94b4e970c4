import { afterEach, describe, expect, it } from 'vitest'
import type { Platform } from '../../src/create-platform'
import { createPlatform } from '../../src/create-platform'
import { createSnapshots } from '../../src/state/snapshot'
import { storeStateParts } from '../../src/state/state-parts'

const platforms: Platform[] = []
afterEach(() => {
  for (const platform of platforms.splice(0)) platform.dispose()
})

const setup = () => {
  const platform = createPlatform({
    ledgerCloseMs: false,
    fetch: async () => new Response(null, { status: 500 }),
  })
  platforms.push(platform)
  const snapshots = createSnapshots({
    clock: platform.clock,
    parts: storeStateParts(platform),
    clear: () => platform.reset(),
  })
  const [app] = platform.applications.list()
  const [alice] = platform.users.list()
  if (!app || !alice) throw new Error('the demo fixtures hold an application and a user')
  return { platform, snapshots, app, alice }
}

type Setup = ReturnType<typeof setup>

// Each change a state file must notice, by the store it touches.
const changes: Array<[string, (s: Setup) => unknown]> = [
  [
    'a payload created',
    ({ platform, app }) => platform.payloads.create(app, { txjson: { TransactionType: 'SignIn' } }),
  ],
  [
    'an application patched',
    ({ platform, app }) => platform.applications.update(app.uuid, { name: 'Renamed' }),
  ],
  ['an application created', ({ platform }) => platform.applications.create({ name: 'Second' })],
  ['a user created', ({ platform }) => platform.users.create({ name: 'Carol' })],
  ['a KYC status set', ({ platform, alice }) => platform.users.setKyc(alice.uuid, 'NONE')],
  ['a ledger closed', ({ platform }) => platform.ledger.close('TESTNET')],
  [
    'an account funded',
    ({ platform, alice }) =>
      platform.ledger.fund(alice.accounts[0]?.address ?? '', '1', ['TESTNET']),
  ],
  ['app storage set', ({ platform, app }) => platform.storage.set(app, { a: 1 })],
  [
    'the user store written',
    ({ platform, app, alice }) => platform.userData.persist(app, alice.uuid, 'profile', { a: 1 }),
  ],
  ['a token issued', ({ platform, app, alice }) => platform.tokens.issue(app, alice.uuid)],
  ['a reset', ({ platform }) => platform.reset()],
]

describe('a snapshot part is written again exactly when its store changed', () => {
  it('nothing changed: nothing to write, and the text is the snapshot', () => {
    const { snapshots } = setup()
    const first = snapshots.text()
    expect(first.changed).toBe(true)
    const again = snapshots.text()
    expect(again.changed).toBe(false)
    const { savedAt: _a, ...parsed } = JSON.parse(again.text)
    const { savedAt: _b, ...taken } = snapshots.take()
    expect(parsed).toEqual(taken)
  })

  it.each(changes)('%s: changed', (_name, act) => {
    const s = setup()
    s.snapshots.text()
    act(s)
    const { changed, text } = s.snapshots.text()
    expect(changed).toBe(true)
    const { savedAt: _a, ...parsed } = JSON.parse(text)
    const { savedAt: _b, ...taken } = s.snapshots.take()
    expect(parsed).toEqual(taken)
  })

  it('a payload opened, signed, and its webhook attempt logged: changed each time', async () => {
    const s = setup()
    const { uuid } = s.platform.payloads.create(s.app, { txjson: { TransactionType: 'SignIn' } })
    s.platform.applications.update(s.app.uuid, { webhookUrl: 'http://127.0.0.1:9/hook' })
    s.snapshots.text()
    s.platform.payloads.open(uuid, { userUuid: s.alice.uuid })
    expect(s.snapshots.text().changed).toBe(true)
    await s.platform.wallet.sign(uuid, { user: s.alice.uuid })
    expect(s.snapshots.text().changed).toBe(true)
    await s.platform.webhooks.settled()
    expect(s.snapshots.text().changed).toBe(true)
    expect(s.snapshots.text().changed).toBe(false)
  })
})

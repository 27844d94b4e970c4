import { readFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { demoAccountsModule } from '../../../derive-demo-accounts'
import { createPlatform } from '../../../src/create-platform'
import { DEMO_FIXTURES } from '../../../src/platform/fixtures'
import { accountKeyName, deriveAccountKeys } from '../../../src/platform/users/account-keys'
import { DEMO_ACCOUNTS } from '../../../src/platform/users/demo-accounts.gen'
import { deriveUserAccount } from '../../../src/platform/users/users'
import { usersStateSchema } from '../../../src/platform/users/users-state'

describe('the demo accounts derived at build time', () => {
  it('are exactly what ripple-keypairs derives from each name and index', () => {
    expect(Object.keys(DEMO_ACCOUNTS)).toHaveLength(4)
    for (const [key, keys] of Object.entries(DEMO_ACCOUNTS)) {
      const [name, index] = key.split(':')
      expect(keys).toEqual(deriveAccountKeys(String(name), Number(index)))
    }
  })

  it('is the module the build generates today (regenerate with derive-demo-accounts.ts)', () => {
    const committed = readFileSync(
      new URL('../../../src/platform/users/demo-accounts.gen.ts', import.meta.url),
      'utf8',
    )
    expect(committed).toBe(demoAccountsModule())
  })

  it('gives a fresh platform the demo users with the same keys and addresses as derivation', () => {
    const platform = createPlatform({ ledgerCloseMs: false })
    const users = platform.users.list()
    expect(users.map((user) => user.name)).toEqual(DEMO_FIXTURES.users.map((user) => user.name))
    for (const user of users) {
      user.accounts.forEach((account, index) => {
        expect(DEMO_ACCOUNTS[accountKeyName(user.name, index)]).toBeDefined()
        expect(account).toEqual({
          ...deriveAccountKeys(user.name, index),
          networks: account.networks,
          globalid: account.globalid,
        })
      })
    }
    // The address the READMEs quote for Alice's first account.
    expect(users[0]?.accounts[0]?.address).toBe('rhK1nSNAfS8FGhFe1pdaFxQ1GyW1BkUeNG')
    platform.reset()
    expect(platform.users.list().flatMap((user) => user.accounts)).toEqual(
      users.flatMap((user) => user.accounts),
    )
    platform.dispose()
  })

  it('derives every other name, and hands out a copy the caller cannot change the table through', () => {
    expect(deriveUserAccount('Carol', 1)).toEqual(deriveAccountKeys('Carol', 1))
    const alice = deriveUserAccount('Alice', 0)
    alice.address = 'changed'
    expect(deriveUserAccount('Alice', 0).address).toBe('rhK1nSNAfS8FGhFe1pdaFxQ1GyW1BkUeNG')
  })
})

describe('the demo fixtures’ GlobalID link (docs/cli.md, "Demo fixtures")', () => {
  const platform = createPlatform({ ledgerCloseMs: false })
  afterAll(() => platform.dispose())
  const accounts = platform.users
    .list()
    .flatMap((user) =>
      user.accounts.map((account, index) => [`${user.name} ${index + 1}`, account.address]),
    )

  it.each(accounts)('account-meta of %s (%s)', (name, address) => {
    const { globalid } = platform.lookups.accountMeta(address)
    if (name === 'Alice 1') {
      expect(globalid).toEqual({
        linked: '2025-03-14T09:26:53.000Z',
        profileUrl: 'https://app.global.id/u/demo-alice',
      })
    } else {
      expect(globalid).toEqual({ linked: null, profileUrl: null })
    }
  })

  it('is kept by a snapshot and back after a reset', () => {
    const saved = usersStateSchema.parse(platform.users.saveState())
    expect(saved[0]?.accounts[0]?.globalid?.linked).toBe('2025-03-14T09:26:53.000Z')
    platform.reset()
    const alice = platform.users.list()[0]?.accounts[0]?.address ?? ''
    expect(platform.lookups.accountMeta(alice).globalid.linked).toBe('2025-03-14T09:26:53.000Z')
  })
})

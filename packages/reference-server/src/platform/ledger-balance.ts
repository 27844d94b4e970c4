import { NETWORK_KEYS } from 'pullsign/wire'
import { isValidClassicAddress } from 'ripple-address-codec'
import * as z from 'zod'
import type { Ledger } from '../ledger'
import { MAX_DROPS } from '../ledger/amounts/ledger-amount'
import { checkOpeningBalance } from './base-reserve'
import { parseInput } from './schema-input'

const balanceBody = z.lazy(() =>
  z.strictObject({
    network: z.enum(NETWORK_KEYS),
    address: z
      .string()
      .refine((address) => isValidClassicAddress(address), 'must be a classic address'),
    drops: z
      .string()
      .regex(/^\d{1,18}$/, 'must be a whole number of drops')
      // Checked after the pattern, which zod does not stop at.
      .refine(
        (drops) => !/^\d+$/.test(drops) || BigInt(drops) <= MAX_DROPS,
        'must be at most 10^17 drops',
      ),
  }),
)

/**
 * Sets an account's native balance (Anvil's `anvil_setBalance`, docs/protocol.md §10) and closes
 * the network's ledger, as automine does, so the validated ledger shows it. A missing account is
 * created, from the base reserve up (below it → 400 naming `drops` and the reserve: no ledger
 * holds such an account); an existing one takes any balance, below its reserve too, as rippled
 * lets fees take an account below it. A direct write, as the control API's credits: no
 * transaction, and `total_coins` does not move. Bad input → 400 naming the field, nothing changed.
 *
 * @example
 * ```ts
 * setBalance(ledger, { network: 'TESTNET', address, drops: '5000000' }) // { network, address, balance: '5000000', ledger_index }
 * ```
 */
export function setBalance(
  ledger: Ledger,
  input: unknown,
): { network: string; address: string; balance: string; ledger_index: number } {
  const { network, address, drops } = parseInput(balanceBody, input)
  if (ledger.account(network, address) === null) {
    checkOpeningBalance('drops', network, BigInt(drops), { none: false })
  }
  ledger.setBalance(network, address, drops)
  return { network, address, balance: drops, ledger_index: ledger.latestClosedIndex(network) }
}

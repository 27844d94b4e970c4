import { PullSignError } from '../core/errors/pull-sign-error'
import { describeValue } from '../core/input'
import { isNetworkKey, type NetworkKey } from '../wire/networks'
import { isCtid } from './ctid'
import { type LinkOptions, linksBase } from './links-base'

/**
 * What an explorer link points at: a transaction by network and hash, or by CTID
 * (docs/protocol.md §9.2). `network` is a rails key, `mainnet` or `xahau`.
 *
 * @example
 * ```ts
 * const target: ExplorerTarget = { network: 'TESTNET', hash: record.response.txid! }
 * ```
 */
export type ExplorerTarget =
  | { network: NetworkKey | 'mainnet' | 'xahau'; hash: string }
  | { ctid: string }

const HASH = /^[0-9A-Fa-f]{64}$/

/**
 * Builds an explorer launchpad link (docs/protocol.md §9.2): `{links}/explorer/<network>/<hash>`
 * or `{links}/explorer/<ctid>`. A bad network, hash or CTID is an `ERR_INPUT` naming it.
 *
 * @example
 * ```ts
 * import { explorerLink } from 'pullsign/links'
 *
 * explorerLink({ network: 'MAINNET', hash: tx.txid }) // 'https://xumm.app/explorer/MAINNET/…'
 * explorerLink({ ctid: 'C005563E001A0000' }) // 'https://xumm.app/explorer/C005563E001A0000'
 * ```
 */
export function explorerLink(target: ExplorerTarget, options: LinkOptions = {}): string {
  if (typeof target !== 'object' || target === null) {
    throw new PullSignError('ERR_INPUT', 'explorerLink needs {network, hash} or {ctid}')
  }
  if ('ctid' in target) {
    if (!isCtid(target.ctid)) {
      throw new PullSignError(
        'ERR_INPUT',
        `ctid must be C followed by 15 upper-case hex characters, got ${describeValue(target.ctid)}`,
      )
    }
    return `${linksBase(options)}/explorer/${target.ctid}`
  }
  const { network, hash } = target
  if (!isNetworkKey(network) && network !== 'mainnet' && network !== 'xahau') {
    throw new PullSignError(
      'ERR_INPUT',
      `network must be a rails key, mainnet or xahau, got ${describeValue(network)}`,
    )
  }
  if (typeof hash !== 'string' || !HASH.test(hash)) {
    throw new PullSignError(
      'ERR_INPUT',
      `hash must be 64 hex characters, got ${describeValue(hash)}`,
    )
  }
  return `${linksBase(options)}/explorer/${network}/${hash.toUpperCase()}`
}

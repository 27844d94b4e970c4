import { ammContext } from '../amm/amm-context'
import { ammLiquidity, poolsOrMarket } from '../amm/amm-liquidity'
import type { ReadView } from '../state/read-view'
import type { Book } from '../view/order-book'
import { marketLiquidity, type NativePrice } from './market-liquidity'
import type { FlowObserver, LiquiditySource } from './step'

/** What one flow of a payment trades with beside the books' offers, and who hears of its strands. */
export interface FlowLiquidity {
  /** Told the flow's strands and iterations (the AMM sizes its offers by them). */
  readonly observer: FlowObserver
  liquidity(book: Book, view: ReadView): readonly LiquiditySource[]
}

/**
 * The liquidity a payment's book steps take beside the order books' offers, and so the path
 * search's (a quote is what the payment then does): a book's AMM pool when it has one
 * (amm/amm-liquidity.ts, at the fee `sender` pays, with the network's AMM fixes), else the simulator's market
 * (market-liquidity.ts). Called once per flow: each flow has its own AMM context.
 *
 * @example
 * ```ts
 * const { observer, liquidity } = paymentLiquidity(context.price, 'XRP', context.enabled)(sender)
 * flow({ ..., observer, liquidity })
 * ```
 */
export function paymentLiquidity(
  price: NativePrice,
  native: string,
  enabled: (amendment: string) => boolean,
): (sender: string) => FlowLiquidity {
  const market = marketLiquidity(price, native)
  return (sender) => {
    const pools = ammContext()
    return {
      observer: pools,
      liquidity: poolsOrMarket(ammLiquidity(sender, null, pools, enabled), market),
    }
  }
}

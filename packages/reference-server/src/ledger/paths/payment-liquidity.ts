import type { ReadView } from '../state/read-view'
import type { Book } from '../view/order-book'
import { marketLiquidity, type NativePrice } from './market-liquidity'
import type { LiquiditySource } from './step'

/**
 * The liquidity a payment's book steps take beside the order books' offers, and so the path
 * search's (a quote is what the payment then does): the simulator's market (market-liquidity.ts).
 * An AMM pool's `LiquiditySource` joins here.
 *
 * @example
 * ```ts
 * flow({ ..., liquidity: paymentLiquidity(context.price, 'XRP') })
 * ```
 */
export function paymentLiquidity(
  price: NativePrice,
  native: string,
): (book: Book, view: ReadView) => readonly LiquiditySource[] {
  const market = marketLiquidity(price, native)
  return (book, view) => [...market(book, view)]
}

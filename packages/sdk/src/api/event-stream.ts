/**
 * A replayable async iterator over a subscription's events: every iterator starts from the first
 * event, waits for the next one, and ends (or throws) when the stream ends.
 *
 * @example
 * ```ts
 * const stream = new EventStream<string>(() => console.log('a loop broke out'))
 * stream.push('opened')
 * stream.end()
 * for await (const event of stream) console.log(event) // 'opened'
 * ```
 */
export class EventStream<E> implements AsyncIterable<E> {
  readonly #history: E[] = []
  readonly #waiters = new Set<() => void>()
  readonly #onReturn: () => void
  #ended = false
  #error: { value: unknown } | null = null

  /** @param onReturn - called when a loop stops early (`break`, `return`, a throw in its body). */
  constructor(onReturn: () => void) {
    this.#onReturn = onReturn
  }

  /** Adds an event and wakes every waiting iterator. */
  push(event: E): void {
    if (this.#ended) return
    this.#history.push(event)
    this.#wake()
  }

  /** Ends the stream: iterators finish the history, then end, or throw `error` when given. */
  end(error?: { value: unknown }): void {
    if (this.#ended) return
    this.#ended = true
    this.#error = error ?? null
    this.#wake()
  }

  // A generator: a loop that stops early (`break`, `return`, a throw in its body) runs the
  // `finally`, which calls `onReturn` unless the stream had ended.
  async *[Symbol.asyncIterator](): AsyncGenerator<E, void> {
    let index = 0
    try {
      for (;;) {
        while (index < this.#history.length) yield this.#history[index++] as E
        if (this.#ended) {
          if (this.#error) throw this.#error.value
          return
        }
        await new Promise<void>((resolve) => this.#waiters.add(resolve))
      }
    } finally {
      if (!this.#ended) this.#onReturn()
    }
  }

  #wake(): void {
    for (const waiter of this.#waiters) waiter()
    this.#waiters.clear()
  }
}

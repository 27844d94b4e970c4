/**
 * A small typed event emitter: `on` returns its own unsubscribe function. `on` and `off` are
 * arrow functions, so a client hands them out as its own (`on: events.on`).
 *
 * @example
 * ```ts
 * const events = new Emitter<{ open: { attempt: number } }>()
 * const off = events.on('open', ({ attempt }) => console.log(attempt))
 * events.emit('open', { attempt: 1 })
 * off()
 * ```
 */
export class Emitter<Events extends Record<string, unknown>> {
  readonly #listeners = new Map<keyof Events, Set<(data: never) => void>>()

  /** Adds a listener; returns a function that removes it. */
  readonly on = <K extends keyof Events>(event: K, listener: (data: Events[K]) => void) => {
    const set = this.#listeners.get(event) ?? new Set()
    this.#listeners.set(event, set)
    set.add(listener as (data: never) => void)
    return () => this.off(event, listener)
  }

  /** Removes a listener. */
  readonly off = <K extends keyof Events>(event: K, listener: (data: Events[K]) => void) => {
    this.#listeners.get(event)?.delete(listener as (data: never) => void)
  }

  /** Calls every listener of an event; a throwing listener does not stop the others. */
  emit<K extends keyof Events>(event: K, data: Events[K]): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) {
      try {
        ;(listener as (data: Events[K]) => void)(data)
      } catch (err) {
        queueMicrotask(() => {
          throw err
        })
      }
    }
  }
}

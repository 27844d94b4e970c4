import type { ExternalStore } from '../external-store'
import { en, type UiStrings } from '../locales/en'
import { loadLocale } from '../locales/load'
import { styleSheet } from '../styles/sheet'

// HTMLElement is looked up when the first element is made, never at import: pullsign/ui loads in
// Node, a worker or a server render, where there is none. The prototype chain is joined to
// HTMLElement's then, and the element is made by HTMLElement's own constructor (as a custom
// element written without `class` is).
class LazyHTMLElement {
  constructor() {
    const base = globalThis.HTMLElement
    if (Object.getPrototypeOf(LazyHTMLElement.prototype) !== base.prototype) {
      Object.setPrototypeOf(LazyHTMLElement.prototype, base.prototype)
    }
    // biome-ignore lint/correctness/noConstructorReturn: the element must come from HTMLElement's constructor
    return Reflect.construct(base, [], new.target)
  }
}

// A locale's texts once loaded: the next element in that locale shows them at once.
const loaded = new Map<string, UiStrings>()
// Each element's input properties (set before the element was defined, they are taken over).
const values = /* @__PURE__ */ new WeakMap<object, Record<string, unknown>>()

/**
 * Declares input properties on an element class: setting one makes the element's store anew
 * (`rebuild`), or only renders again.
 */
export function inputs(element: { prototype: object }, names: string[], rebuild = true): void {
  for (const name of names) {
    Object.defineProperty(element.prototype, name, {
      get(this: object) {
        return values.get(this)?.[name]
      },
      set(this: PullSignElement, value: unknown) {
        values.set(this, { ...values.get(this), [name]: value })
        rebuild ? this.changed() : this.update()
      },
    })
  }
}

/**
 * What every pullsign element shares: an open shadow root with the adopted stylesheet, the
 * texts of its locale, and a store it renders and follows while it is in the page, its status
 * reflected as `data-state` and a `:state()` custom state, its changes dispatched as events.
 */
export abstract class PullSignElement<
  S = unknown,
  T extends ExternalStore<S> = ExternalStore<S>,
> extends (LazyHTMLElement as unknown as typeof HTMLElement) {
  static observedAttributes = ['locale']
  static {
    inputs(PullSignElement, ['strings'], false)
  }
  /**
   * Texts by key, over the locale's (see `en` for every key).
   *
   * @example
   * ```ts
   * element.strings = { open: 'Open in Xaman' }
   * ```
   */
  declare strings?: Partial<UiStrings>
  protected readonly root: ShadowRoot
  readonly #internals: ElementInternals
  #locale: Partial<UiStrings> = {}
  #code = ''
  #store?: T
  #stale = true
  #stop?: () => void
  #snapshot?: S

  constructor() {
    super()
    this.root = this.attachShadow({ mode: 'open' })
    this.root.adoptedStyleSheets = [styleSheet()]
    this.#internals = this.attachInternals()
  }

  /** Makes the store from the element's inputs. */
  protected abstract makeStore(): T
  /** Renders the current snapshot. */
  abstract update(): void
  /** The events a change is told with (none by default). */
  protected events(_previous: S | undefined, _next: S): { type: string; detail: unknown }[] {
    return []
  }
  /** Whether the element follows its store now: while it is in the page. */
  protected get following(): boolean {
    return this.isConnected
  }

  /** The store the element shows, made from its inputs (anew when one changes). */
  get store(): T {
    if (this.#stale) {
      this.#stale = false
      this.#stop?.()
      this.#stop = undefined
      // A new store is a new request: its events are told from the start, not from the last.
      this.#snapshot = undefined
      this.#store = this.makeStore()
      this.sync()
    }
    return this.#store as T
  }

  /** The snapshot shown. */
  protected get snapshot(): S {
    return this.#snapshot ?? this.store.getSnapshot()
  }

  /** An input changed: a new store a microtask later (inputs set together make one). */
  changed(): void {
    if (this.#stale) return
    this.#stale = true
    queueMicrotask(() => this.#stale && this.store)
  }

  /** Subscribes while {@link following}, unsubscribes when not. */
  protected sync(): void {
    const store = this.store
    if (this.following && !this.#stop) {
      this.#stop = this.listen(store)
      this.receive(store.getSnapshot())
    } else if (!this.following && this.#stop) {
      this.#stop()
      this.#stop = undefined
    }
  }

  /** Subscribes to what the element shows; returns what stops it. */
  protected listen(store: T): () => void {
    return store.subscribe((snapshot) => this.receive(snapshot))
  }

  /** A new snapshot: reflected, rendered, then told as events. */
  protected receive(snapshot: S): void {
    const previous = this.#snapshot
    this.#snapshot = snapshot
    const { status } = Object(snapshot) as { status?: string }
    if (status) {
      this.dataset.state = status
      const { states } = this.#internals
      states.clear()
      states.add(status)
    }
    this.update()
    for (const { type, detail } of this.events(previous, snapshot)) {
      this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }))
    }
  }

  /** A text of the element's locale, `{0}` filled with `value` (bound: it is handed around). */
  protected readonly t = (key: keyof UiStrings, value = ''): string =>
    (this.strings?.[key] ?? this.#locale[key] ?? en[key]).replace('{0}', value)

  connectedCallback(): void {
    // Properties set before the element was defined are own properties: through the setters.
    const self = this as unknown as Record<string, unknown>
    for (const key of Object.keys(this)) {
      if (key in Object.getPrototypeOf(this)) {
        const value = self[key]
        delete self[key]
        self[key] = value
      }
    }
    this.#localize()
    this.sync()
  }

  disconnectedCallback(): void {
    this.sync()
  }

  attributeChangedCallback(name: string): void {
    if (name !== 'locale') this.changed()
    else if (this.isConnected) this.#localize()
  }

  // The `locale` attribute, else the nearest `lang`, else the browser's language.
  #localize() {
    const tag =
      this.getAttribute('locale') ||
      this.closest('[lang]')?.getAttribute('lang') ||
      navigator.language
    const code = (tag.split('-')[0] as string).toLowerCase()
    this.#code = code
    this.#locale = loaded.get(code) ?? {}
    this.update()
    loadLocale(code)?.then((texts) => {
      loaded.set(code, texts)
      if (this.#code === code && this.#locale !== texts) {
        this.#locale = texts
        this.update()
      }
      // A locale that cannot be loaded leaves the English texts.
    }, Boolean)
  }
}

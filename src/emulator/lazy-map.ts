// A Map that fills itself on first use. The demo CMS holds thousands of records; building them only when something
// first reads the CMS keeps `createEmulator` (run by every `--emulator` command) fast.

/**
 * A Map whose `fill` runs once, just before the first read or write. `text`, when given, is the JSON text of what
 * `fill` makes (the Map as an object of arrays of its values), so a snapshot taken before anything read the Map need
 * not fill it.
 */
export class LazyMap<K, V> extends Map<K, V> {
  private fill: (() => void) | undefined
  private readonly text: (() => string) | undefined

  constructor(fill: () => void, text?: () => string) {
    super()
    this.fill = fill
    this.text = text
  }

  /** The JSON text of what `fill` would make, while it has not run (and a `text` was given); else undefined. */
  pendingText(): string | undefined {
    return this.fill === undefined ? undefined : this.text?.()
  }

  private ready(): void {
    const fill = this.fill
    if (fill === undefined) return
    this.fill = undefined
    fill()
  }

  override get(key: K): V | undefined {
    this.ready()
    return super.get(key)
  }
  override has(key: K): boolean {
    this.ready()
    return super.has(key)
  }
  override set(key: K, value: V): this {
    this.ready()
    return super.set(key, value)
  }
  override delete(key: K): boolean {
    this.ready()
    return super.delete(key)
  }
  override clear(): void {
    this.fill = undefined
    super.clear()
  }
  override get size(): number {
    this.ready()
    return super.size
  }
  override forEach(cb: (value: V, key: K, map: Map<K, V>) => void, thisArg?: unknown): void {
    this.ready()
    super.forEach(cb, thisArg)
  }
  override keys(): MapIterator<K> {
    this.ready()
    return super.keys()
  }
  override values(): MapIterator<V> {
    this.ready()
    return super.values()
  }
  override entries(): MapIterator<[K, V]> {
    this.ready()
    return super.entries()
  }
  override [Symbol.iterator](): MapIterator<[K, V]> {
    this.ready()
    return super[Symbol.iterator]()
  }
}

// The per-request map from placeholder to original value. It holds personal data, so
// it refuses to be serialised or printed: JSON.stringify and console.log show only
// its size.
import { type Category, LABEL } from './registry.js';

/** What restoration needs: a lookup by placeholder and the list of placeholders. */
export interface PlaceholderLookup {
  get(placeholder: string): string | undefined;
  placeholders(): Iterable<string>;
}

export class PlaceholderMap implements PlaceholderLookup {
  readonly #byPlaceholder = new Map<string, string>();
  readonly #byKey = new Map<string, string>();
  readonly #next = new Map<Category, number>();

  /** The placeholder for a value: the same category and key always get the same one. */
  assign(category: Category, key: string, original: string): string {
    const k = category + '\u0000' + key;
    const known = this.#byKey.get(k);
    if (known !== undefined) return known;
    const n = (this.#next.get(category) ?? 0) + 1;
    this.#next.set(category, n);
    const placeholder = `[${LABEL[category]}_${n}]`;
    this.#byKey.set(k, placeholder);
    this.#byPlaceholder.set(placeholder, original);
    return placeholder;
  }

  get(placeholder: string): string | undefined {
    return this.#byPlaceholder.get(placeholder);
  }

  placeholders(): Iterable<string> {
    return this.#byPlaceholder.keys();
  }

  get size(): number {
    return this.#byPlaceholder.size;
  }

  /** Pairs for the caller that restores a reply; never log them. */
  entries(): IterableIterator<[string, string]> {
    return this.#byPlaceholder.entries();
  }

  toJSON(): { size: number } {
    return { size: this.size };
  }

  toString(): string {
    return `PlaceholderMap(${this.size})`;
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.toString();
  }
}

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
  /**
   * Placeholder by key, one map per category: a key joined to its category would be a new
   * string to flatten and hash on every match, found or not.
   */
  readonly #byKey = new Map<Category, Map<string, string>>();

  /** The placeholder for a value: the same category and key always get the same one. */
  assign(category: Category, key: string, original: string): string {
    let keys = this.#byKey.get(category);
    if (keys === undefined) {
      keys = new Map();
      this.#byKey.set(category, keys);
    }
    const known = keys.get(key);
    if (known !== undefined) return known;
    // Numbered per category in order of first appearance: the map's size is the count so far.
    const placeholder = `[${LABEL[category]}_${keys.size + 1}]`;
    keys.set(key, placeholder);
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

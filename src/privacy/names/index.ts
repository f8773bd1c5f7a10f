// Person-name detector of the privacy barrier. The trained model (models/names.bin.gz)
// is read lazily on the first call: this is the only module of src/privacy that reads a
// file. Everything else is pure and takes the model as a value.
import { readFileSync } from 'node:fs';
import type { Match } from '../types.js';
import { createNameDetector, type DetectOptions, type NameDetector } from './detector.js';
import { deserializeModel, type NameModel } from './model.js';

export { nameKey } from './chars.js';
export {
  createNameDetector,
  type DetectOptions,
  type NameDetector,
  STRICT_BIAS,
  type Sensitivity,
} from './detector.js';
export { NameMemory } from './echo.js';
export { deserializeModel, type NameModel, serializeModel } from './model.js';
export {
  DEFAULT_SENSITIVITY,
  isSensitivity,
  SENSITIVITIES,
  strictestSensitivity,
} from './sensitivity.js';

export const MODEL_FILE = 'names.bin.gz';

/** Candidate locations of models/: compiled (dist/src/privacy/names) first, then source. */
function modelUrls(): URL[] {
  return [
    new URL(`../../../../models/${MODEL_FILE}`, import.meta.url),
    new URL(`../../../models/${MODEL_FILE}`, import.meta.url),
  ];
}

/** Reads and decodes the shipped model. Throws if it cannot be found. */
export function loadShippedModel(): NameModel {
  let lastError: unknown;
  for (const url of modelUrls()) {
    try {
      return deserializeModel(readFileSync(url));
    } catch (err) {
      lastError = err;
    }
  }
  throw new Error(`names model not found (${MODEL_FILE}): ${String(lastError)}`);
}

let shared: NameDetector | undefined;

/**
 * Finds person names in `text`. Synchronous; offsets are UTF-16 code units, end exclusive.
 * `options.sensitivity`: 'balanced' (default) or 'strict' (masks more; see Sensitivity).
 */
export function detectNames(text: string, options?: DetectOptions): Match[] {
  if (shared === undefined) shared = createNameDetector(loadShippedModel());
  return shared.detect(text, options);
}

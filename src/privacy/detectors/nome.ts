// Person names (category 'nome'): the trained name model of names/ (docs/contributing/privacy-names.md),
// run over the normalised view with the request's sensitivity and name memory.
import type { Analysis } from '../analysis.js';
import { detectNames } from '../names/index.js';
import { defineDetector, type FindOptions, type Span } from '../types.js';

export const nameDetector = defineDetector({
  category: 'nome',
  label: 'NOME',
  priority: 90,
  order: 90,
  context: [],
  validate: null,
  detect(a: Analysis, options: FindOptions): Span[] {
    if (options.names === false) return [];
    return detectNames(a.text, { sensitivity: options.nameSensitivity, memory: options.nameMemory });
  },
});

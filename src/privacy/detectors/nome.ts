// Person names (category 'nome'): the trained name model of names/ (docs/contributing/privacy-names.md),
// run over the normalised view with the request's sensitivity and name memory.
import type { Analysis } from '../analysis.js';
import { fold } from '../context.js';
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
    const names = detectNames(a.text, { sensitivity: options.nameSensitivity, memory: options.nameMemory });
    return names.filter((s) => !isLabel(a, s));
  },
});

/** The longest label word ("numero do cartao do sus"). */
const LABEL_MAX = 24;

/**
 * A field's label read as a name: one word that labels a category's values, as typed in
 * a form or a chat ("RENAVAN: …", "renavan 0722…", "Celular"). No person is called so.
 */
function isLabel(a: Analysis, s: Span): boolean {
  if (s.end - s.start > LABEL_MAX) return false;
  const word = a.text.slice(s.start, s.end);
  return !/\s/.test(word) && a.labelOf(fold(word)) !== null;
}

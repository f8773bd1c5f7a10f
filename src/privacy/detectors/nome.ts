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
 * A field's label read as a name: one word that labels a category's values, with a value
 * after it on its line ("RENAVAN: 0722…", "o renavam do carro é 8676…"). Without one the
 * word may be a surname ("a vereadora bandeira faltou").
 */
function isLabel(a: Analysis, s: Span): boolean {
  if (s.end - s.start > LABEL_MAX) return false;
  const word = a.text.slice(s.start, s.end);
  if (/\s/.test(word)) return false;
  const folded = fold(word);
  VALUE_NEXT.lastIndex = s.end;
  if (a.labelOf(folded) !== null && VALUE_NEXT.test(a.text)) return true;
  // "moro na SQN 210…", "MORO NA RUA …": the verb that says where someone lives.
  if (!LIVES.has(folded)) return false;
  LIVES_WHERE.lastIndex = s.end;
  return LIVES_WHERE.test(a.text);
}

/** A value after its label: a digit a few words on, on the same line. */
const VALUE_NEXT = /[^\n0-9]{0,24}[0-9]/y;
const LIVES = new Set(['moro', 'mora', 'resido', 'reside']);
const LIVES_WHERE = /[ \t]+(?:na|no|em)[ \t]/iy;

// Who speaks, after a verb of saying that follows a quotation or a line of dialogue
// ("» , observa Uvnas-Moberg", "— Não sei — respondeu Capitu"): Portuguese puts the
// speaker after the verb there, and the speaker is a person even when no list knows the
// name. Tenth round (docs/contributing/privacy-names.md).
import { type Analysis, TEXT_CASED, TEXT_UPPER } from './features.js';
import {
  GAZ_FIRST_MASK,
  GAZ_SURNAME,
  LEX_DICT_MASK,
  LEX_FREQ_MASK,
  LEX_FREQ_SHIFT,
  LEX_ORDINARY,
  NAME_BITS,
  TAG_B,
  TAG_I,
  TAG_O,
  NOT_PERSON_BITS,
} from './model.js';
import { SHAPE_CAP, SHAPE_PUNCT, SHAPE_UPPER, type Tokens, hashSet } from './tokenize.js';

/** Verbs of saying, present and past, third person singular (accents folded). */
const SAYING = hashSet(
  'diz disse afirma afirmou declara declarou explica explicou observa observou comenta comentou ' +
    'responde respondeu pergunta perguntou acrescenta acrescentou continua continuou conta contou ' +
    'lembra lembrou conclui concluiu sublinha sublinhou salienta salientou frisa frisou garante ' +
    'garantiu admite admitiu reconhece reconheceu insiste insistiu adianta adiantou defende defendeu ' +
    'gritou grita murmurou murmura exclamou exclama retrucou replicou suspirou sorriu ironiza ironizou',
);
/** What ends a quotation or a line of dialogue before the verb. */
const QUOTE_END = hashSet(', — – - » " \u201d :');

/**
 * A capitalised word right after a verb of saying that follows the end of a quotation
 * or a dash is the speaker's name, with the capitalised words after it ("— disse Ana
 * Luísa"), unless a list calls it an ordinary word, a place, a firm or a role ("—
 * disse Deus" is left to the model, as are "disse o presidente" and "diz Dona Maria").
 * In text that uses capitals inside sentences, and in text written in capitals.
 */
export function tagSpeakers(tok: Tokens, an: Analysis, tags: Uint8Array, n: number): void {
  // In capitals every word looks alike: the lists and the dictionary decide alone.
  const shape = an.textCase === TEXT_CASED ? SHAPE_CAP : an.textCase === TEXT_UPPER ? SHAPE_UPPER : -1;
  if (shape < 0) return;
  const hash = tok.hash;
  for (let v = 1; v + 1 < n; v++) {
    if (tok.shape[v - 1] !== SHAPE_PUNCT || !QUOTE_END.has(hash[v - 1]!) || !SAYING.has(hash[v]!)) continue;
    let i = v + 1;
    if (tags[i] !== TAG_O || !isPersonWord(tok, an, i, shape)) continue;
    tags[i] = TAG_B;
    for (i++; i < n && tags[i] === TAG_O && isPersonWord(tok, an, i, shape); i++) tags[i] = TAG_I;
  }
}

function isPersonWord(tok: Tokens, an: Analysis, i: number, shape: number): boolean {
  if (tok.shape[i] !== shape) return false;
  const f = an.flags[i]!;
  if ((f & NOT_PERSON_BITS) !== 0 && (f & NAME_BITS) === 0) return false;
  // "DIZ ELE", "CONCLUIU ELA": pronouns and other words among the most frequent of general
  // text that are also rare first names are the words.
  const frequent = (an.lex[i]! & LEX_FREQ_MASK) >= 6 << LEX_FREQ_SHIFT;
  if (frequent && (f & GAZ_SURNAME) === 0 && (f & GAZ_FIRST_MASK) <= 3) return false;
  // The dictionary's ordinary words, unless a name list holds them too ("Rosa").
  return (an.lex[i]! & LEX_DICT_MASK) !== LEX_ORDINARY || (f & NAME_BITS) !== 0;
}

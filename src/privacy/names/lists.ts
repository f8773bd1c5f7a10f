// Names in lists ("obras de Christo e Voss", "Lanois, Eno e Lillywhite"): the model
// scores each word on its own neighbourhood, so a foreign surname that no list holds is
// missed even when the list's other items are names. Tenth round
// (docs/contributing/privacy-names.md).
import { eachName } from './decode.js';
import { type Analysis, TEXT_CASED } from './features.js';
import { LEX_BRAND, LEX_DICT_MASK, LEX_ORDINARY, TAG_B, TAG_O, NOT_PERSON_BITS } from './model.js';
import { SHAPE_CAP, SHAPE_LOWER, type Tokens, hashSet } from './tokenize.js';

/** Between two items of a list. */
const ITEM_GLUE = hashSet(', e');
/** After an item of a list: the list's end or the next item (or any lower-case word). */
const ITEM_END = hashSet(', e . ; ) » : ?');

/**
 * A capitalised word beside a detected name across "," or "e", itself an item of the
 * list (followed by a separator, the sentence's end or a lower-case word, not by
 * another capitalised word: "Pedro Lima e Carvalho Pinto Engenharia"), that no list
 * calls an ordinary word, a place, a firm or a brand and that the dictionary does not
 * accept as an ordinary word, is a name too. Runs of such items are followed both ways.
 * Only in text that uses capitals inside sentences, where a capital means something.
 */
export function tagListItems(tok: Tokens, an: Analysis, tags: Uint8Array, n: number): void {
  if (an.textCase !== TEXT_CASED) return;
  const hash = tok.hash;
  eachName(tags, n, (s, e) => {
    // Backward, middle items only: "[Lanois] , Eno …" (before a list's first item any
    // capitalised word may stand).
    for (let b = s; b >= 2 && tags[b - 2] === TAG_O && ITEM_GLUE.has(hash[b - 1]!); b -= 2) {
      if (b > 2 && !ITEM_GLUE.has(hash[b - 3]!)) break;
      if (!isUnknownCapitalised(tok, an, b - 2)) break;
      tags[b - 2] = TAG_B;
    }
    // Forward: "Christo e [Voss]"; the walk then visits the new item and goes on from it.
    const i = e + 1;
    if (i >= n || tags[i] !== TAG_O || !ITEM_GLUE.has(hash[e]!)) return;
    if (i + 1 < n && !ITEM_END.has(hash[i + 1]!) && tok.shape[i + 1] !== SHAPE_LOWER) return;
    if (isUnknownCapitalised(tok, an, i)) tags[i] = TAG_B;
  });
}

function isUnknownCapitalised(tok: Tokens, an: Analysis, i: number): boolean {
  if (tok.shape[i] !== SHAPE_CAP || tok.end[i]! - tok.start[i]! < 3) return false;
  if ((an.flags[i]! & NOT_PERSON_BITS) !== 0) return false;
  const x = an.lex[i]!;
  return (x & LEX_DICT_MASK & LEX_ORDINARY) === 0 && (x & LEX_BRAND) === 0;
}

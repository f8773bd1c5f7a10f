// The cheap tests that decide which stages of the normalised view run (normalize.ts): a
// character the view may change, three number words in a row (normalize-digits.ts,
// DICTATED_SOURCE), a spelled "@" (normalize-email.ts, MAY_SPELL_AT_SOURCE) and a real
// "@" before a spelled dot. The first three were three regex scans over the whole text,
// and the dictated-words one was made again on a text that had a cue; here they are one
// scan. Its regex is the union of the cues not found yet: the first match tells (by its
// first character) which cue it is, and the scan goes on from there with the union of the
// others, so no stretch of text is read twice and the scan ends when all are found.
// A loop over the characters instead measured several times slower than the regex.
import { DICTATED_SOURCE } from './normalize-digits.js';
import { hasAtBeforeSpelledDot, MAY_SPELL_AT_SOURCE } from './normalize-email.js';

/** A character the view may change (NBSP, soft hyphen, anything past Latin-1). */
export const CUE_SPECIAL = 1;
/** Three number words in a row (mayHaveDictatedDigits). */
export const CUE_DICTATED = 2;
/** A spelled "@" or a real one before a spelled dot (mayHaveSpelledAddress). */
export const CUE_SPELLED_AT = 4;

/** Without the u flag, astral characters match as surrogates. */
const SPECIAL_SOURCE = '[\\u00a0\\u00ad\\u0100-\\uffff]';

/** The union regex for each set of cues still looked for (indexed by their bits). */
const UNION: (RegExp | null)[] = [];
for (let want = 0; want < 8; want++) {
  const parts: string[] = [];
  if (want & CUE_SPECIAL) parts.push(SPECIAL_SOURCE);
  if (want & CUE_SPELLED_AT) parts.push(MAY_SPELL_AT_SOURCE);
  if (want & CUE_DICTATED) parts.push(DICTATED_SOURCE);
  UNION.push(parts.length > 0 ? new RegExp(parts.join('|'), 'g') : null);
}

/** The cue a match starting with character c is: each cue's matches start differently. */
function cueOf(c: number): number {
  if (c === 0x20) return CUE_DICTATED;
  if (c === 0x61 || c === 0x41) return CUE_SPELLED_AT;
  return CUE_SPECIAL;
}

/**
 * The cues of `text` (CUE_* bits). With `stopAtSpecial`, returns CUE_SPECIAL alone as soon
 * as one is found: the caller then builds the character view and asks again of that.
 * Without it, special characters are not looked for.
 */
export function scanCues(text: string, stopAtSpecial: boolean): number {
  let want = CUE_DICTATED | CUE_SPELLED_AT | (stopAtSpecial ? CUE_SPECIAL : 0);
  let found = 0;
  let from = 0;
  while (want !== 0) {
    const re = UNION[want]!;
    re.lastIndex = from;
    const m = re.exec(text);
    if (m === null) break;
    const cue = cueOf(text.charCodeAt(m.index));
    if (cue === CUE_SPECIAL) return CUE_SPECIAL;
    found |= cue;
    want &= ~cue;
    // No cue still wanted matches before this one, and none starts at the same character.
    from = m.index + 1;
  }
  if ((found & CUE_SPELLED_AT) === 0 && hasAtBeforeSpelledDot(text)) found |= CUE_SPELLED_AT;
  return found;
}

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CUE_DICTATED, CUE_SPECIAL, CUE_SPELLED_AT, scanCues } from '../../src/privacy/normalize-cues.js';
import { mayHaveDictatedDigits } from '../../src/privacy/normalize-digits.js';
import { mayHaveSpelledAddress } from '../../src/privacy/normalize-email.js';

/** The cues as the separate tests answer them, one scan each. */
function separately(text: string, stopAtSpecial: boolean): number {
  if (stopAtSpecial && /[\u00a0\u00ad\u0100-\uffff]/.test(text)) return CUE_SPECIAL;
  return (
    (mayHaveDictatedDigits(text) ? CUE_DICTATED : 0) | (mayHaveSpelledAddress(text) ? CUE_SPELLED_AT : 0)
  );
}

const PIECES = [
  'Olá, João! ',
  'o CPF é cinco dois nove nove oito',
  ' um, dois três',
  ' uma duas tres',
  ' um dois',
  'ana arroba gmail ponto com',
  'ana [at] x [dot] com',
  ' at ',
  'Data: ',
  'ana@gmail ponto com',
  'ana@x.com.br',
  '\u00a0',
  '\u2014',
  '\u00ad',
  '𝟏',
  'ARROBA',
  'arrob',
  ' seis sete oito',
  ' quatro,',
  'at)',
  '\n',
];

test('one scan answers each cue as its own test does', () => {
  // Every piece alone, every ordered pair, and pseudo-random longer mixes.
  const texts = ['', ...PIECES];
  for (const a of PIECES) for (const b of PIECES) texts.push(a + b);
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  for (let k = 0; k < 500; k++) {
    let t = '';
    for (let n = next() % 8; n >= 0; n--) t += PIECES[next() % PIECES.length];
    texts.push(t);
  }
  const seen = new Set<number>();
  for (const t of texts) {
    for (const stop of [true, false]) {
      const got = scanCues(t, stop);
      assert.equal(got, separately(t, stop), JSON.stringify({ t, stop }));
      seen.add(got);
    }
  }
  // The inputs reach every answer, so the comparison covers each path.
  for (const cues of [0, CUE_SPECIAL, CUE_DICTATED, CUE_SPELLED_AT, CUE_DICTATED | CUE_SPELLED_AT])
    assert.ok(seen.has(cues), `answer ${cues} reached`);
});

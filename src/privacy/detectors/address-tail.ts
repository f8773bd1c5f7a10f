// What follows a street address and belongs to it: the neighbourhood, the city, the UF
// and the CEP, on the address's line ("…, apto 81, Jardim Botânico, Porto Alegre - RS,
// CEP 90690-120") or on the lines of its block ("Rua …, 45⏎Centro - Recife/PE⏎CEP …").
// A place on the address's own line is taken when it ends its line or a list of places;
// a place on a later line only when the block goes on to a UF or a CEP, which no other
// line of a letter or a form ends in. A blank line, a label ("Telefone:") or a word
// that goes on with the sentence ("perto do mercado") ends the address.

const UFS = new Set(
  'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' '),
);
/** Words a sentence goes on with: no place starts with them. */
const GOES_ON = new Set(
  (
    'e em no na nos nas ao aos a o as os um uma de do da perto proximo próximo que mas onde ate até desde ' +
    'para pra com sem por se quando entre eu ele ela voce você pq porque mais ja já tb tbm obs ou'
  ).split(' '),
);
/** Most words a place is written in ("Vila Nova Conceição", "São José dos Campos"). */
const PLACE_WORDS = 5;
/** Most segments after the street: neighbourhood, city, UF, CEP and some slack. */
const MAX_SEGMENTS = 6;

const SEP = /[ \t]*(?:(,|;|-|–|\/)[ \t]*|(\r?\n)[ \t]*|(?=bairro[ \t]))/iy;
const CEP = /(?:cep[:.]?[ \t]*)?[0-9]{5}[-.]?[0-9]{3}(?![\p{L}\p{N}])/iuy;
const UF = /([A-Za-z]{2})(?![\p{L}\p{N}])/uy;
const RURAL = /zona[ \t]+(?:rural|urbana)(?![\p{L}\p{N}])/iuy;
const PLACE = /(bairro:?[ \t]+)?(\p{L}[\p{L}'’.]*(?:[ \t]+\p{L}[\p{L}'’.]*)*)/uy;

type Kind = 'anchor' | 'place';

/**
 * The end of the address whose street part ends at `end`: `end` or past its tail.
 * `hasCep`: the street part already holds a CEP. A CEP closes the block: after it only
 * the rest of its line is read (a CEP on the next line is another address's).
 */
export function addressTail(text: string, end: number, hasCep: boolean): number {
  let pos = end;
  let best = end;
  let sameLine = true;
  let cep = hasCep;
  for (let s = 0; s < MAX_SEGMENTS; s++) {
    SEP.lastIndex = pos;
    const sep = SEP.exec(text);
    if (sep === null) break;
    if (sep[2] !== undefined) {
      // A line break: a blank line, a second break or a CEP already read ends the block.
      if (cep || /\r?\n/y.test(text.slice(SEP.lastIndex, SEP.lastIndex + 2))) break;
      sameLine = false;
    }
    const at = SEP.lastIndex;
    const seg = segment(text, at, sep[1] ?? '');
    if (seg === null) break;
    pos = seg.end;
    if (seg.cep) cep = true;
    if (seg.kind === 'anchor' || sameLine) best = pos;
  }
  return best;
}

function segment(text: string, at: number, sep: string): { end: number; kind: Kind; cep?: true } | null {
  CEP.lastIndex = at;
  if (CEP.test(text)) return { end: CEP.lastIndex, kind: 'anchor', cep: true };
  RURAL.lastIndex = at;
  if (RURAL.test(text)) return { end: RURAL.lastIndex, kind: 'anchor' };
  UF.lastIndex = at;
  const uf = UF.exec(text);
  if (uf !== null && UFS.has(uf[1]!.toUpperCase()) && (sep === '-' || sep === '/' || sep === ',')) {
    if (isUpper(uf[1]!) || lowerLine(text, at)) return { end: UF.lastIndex, kind: 'anchor' };
  }
  PLACE.lastIndex = at;
  const p = PLACE.exec(text);
  if (p === null) return null;
  const words = p[2]!.split(/[ \t]+/);
  const first = words[0]!;
  if (GOES_ON.has(first.toLowerCase())) return null;
  if (first[0] === first[0]!.toLowerCase() && !lowerLine(text, at)) return null;
  // The place is its words up to a separator, the line's end or a full stop.
  const n = Math.min(words.length, PLACE_WORDS);
  let end = at + (p[1]?.length ?? 0);
  for (let k = 0; k < n; k++) end = text.indexOf(words[k]!, end) + words[k]!.length;
  if (n < words.length && p[1] === undefined) return null;
  if (!endsSegment(text, end)) return null;
  return { end, kind: p[1] !== undefined ? 'anchor' : 'place' };
}

function endsSegment(text: string, end: number): boolean {
  let k = end;
  while (text[k] === ' ' || text[k] === '\t') k++;
  if (k >= text.length) return true;
  return ',;-–/\r\n.)'.includes(text[k]!);
}

function isUpper(s: string): boolean {
  return s === s.toUpperCase() && s !== s.toLowerCase();
}

/** Whether the line around `at` is written without capitals (chat, a lower-cased text). */
function lowerLine(text: string, at: number): boolean {
  const from = text.lastIndexOf('\n', at - 1) + 1;
  let to = text.indexOf('\n', at);
  if (to < 0) to = text.length;
  const line = text.slice(from, to);
  return line === line.toLowerCase();
}

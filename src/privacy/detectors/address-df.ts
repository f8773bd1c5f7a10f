// Brasília's addresses name no street: a sector code and its number ("SQN 210", "QNM 34",
// "SHIS QI 05", "CLN 405"), then the block, set, house or shop ("bloco F apto 302",
// "conjunto H lote 10"), then the region and city. A code and a number alone are also
// an IQ ("QI 130"), a car ("CLS 350") or a product, so one is an address only when the
// rest of an address confirms it: a complement after the number, a region of the
// Distrito Federal, "Brasília", "DF" or a CEP of Brasília after it, or an address word
// before it on its line ("endereço", "moro", "residente", "quadra").
import { addressTail } from './address-tail.js';
import { fold } from '../context.js';

/** Sector codes of the Plano Piloto and the satellite cities, as their letters' keys (codeKey). */
const SECTORS = new Set(
  (
    'sqn sqs sqnw sqsw sqb shis shin shcgn shcgs shces shcn shcs cln cls crn crs scln scls sclrn ehs ' +
    'smpw smdb smln shvp shtq shsn qi ql qe qr qs qn qna qnb qnc qnd qne qnf qng qnh qnj qnl qnm qnn ' +
    'qno qnp qnq qnr qsa qsb qsc qsd qse qsf qc qd'
  )
    .split(' ')
    .map((code) => codeKey(code, 0, code.length)),
);
/** The longest code, in letters. */
const CODE_MAX = 5;

/** Blocks, sets, houses and shops after the number, each with its number or letter. */
const COMPLEMENTS =
  /(?:[ \t]*[,-]?[ \t]*(?:bloco|bl\.?|conjunto|conj\.?|cj\.?|casa|cs\.?|lote|lt\.?|apartamento|apto?\.?|ap\.?|loja|lj\.?|sala|torre|entrada|rua|ch[aá]cara|ch\.?)[ \t]*(?:n[º°.]?[ \t]*)?(?:[0-9]{1,5}[A-Za-z]?|[A-Za-z])(?![\p{L}\p{N}]))+/iuy;

/** The administrative regions of the Distrito Federal, folded, and the city itself. */
const REGIONS =
  'asa norte|asa sul|lago sul|lago norte|noroeste|sudoeste|octogonal|cruzeiro|guara|ceilandia|taguatinga|samambaia|sobradinho|planaltina|gama|brazlandia|santa maria|sao sebastiao|paranoa|itapoa|aguas claras|vicente pires|riacho fundo|recanto das emas|nucleo bandeirante|candangolandia|park way|estrutural|varjao|sol nascente|arniqueira|jardim botanico|brasilia';
/** A region right after the complements, with only a space before it ("lote 10 Ceilândia"). */
const REGION_NEXT = new RegExp(String.raw`[ \t]+(?:${REGIONS})(?![a-z0-9])`, 'y');
/** What in an address's tail says it is in the Distrito Federal. */
const IN_DF = new RegExp(
  `(?:^|[^a-z0-9])(?:${REGIONS}|df)(?![a-z0-9])|(?:^|[^0-9])7[0-3][0-9]{3}[-.]?[0-9]{3}`,
);
/** Address words before the code on its line. */
const LABEL =
  /(?:^|[^a-z])(?:endereco|end\.|moro|mora|moramos|residente|reside|resido|residencia|domicilio|domiciliad[ao]|entrega|entregar|quadra|qd\.?)(?![a-z])/;
const LABEL_REACH = 48;

/**
 * Where a sector code before the number starting at `at` starts (a second code before it
 * included: "SHIS QI 05"), or -1.
 */
export function sectorStart(text: string, at: number): number {
  const code = codeBefore(text, at);
  if (code < 0) return -1;
  const outer = codeBefore(text, code);
  return outer >= 0 ? outer : code;
}

/** A sector code ending one space or '-' before `at`, at a word start: where it starts, or -1. */
function codeBefore(text: string, at: number): number {
  const gap = text.charCodeAt(at - 1);
  if (gap !== 32 && gap !== 45) return -1;
  let w = at - 1;
  while (w > 0 && at - 1 - w < CODE_MAX + 1 && isAsciiLetter(text.charCodeAt(w - 1))) w--;
  const len = at - 1 - w;
  if (len < 2 || len > CODE_MAX || isWordChar(text.charCodeAt(w - 1))) return -1;
  // Every code starts with C, E, Q or S: most words before a number are let go unsliced.
  const first = text.charCodeAt(w) | 32;
  if (first !== 99 && first !== 101 && first !== 113 && first !== 115) return -1;
  return SECTORS.has(codeKey(text, w, at - 1)) ? w : -1;
}

/**
 * text[from, to) (ASCII letters, at most CODE_MAX) as a number, case folded: five letters
 * in five bits each. Most numbers follow a word, so the check runs for every one of them:
 * a number costs no string.
 */
function codeKey(text: string, from: number, to: number): number {
  let key = 0;
  for (let k = from; k < to; k++) key = key * 32 + ((text.charCodeAt(k) | 32) - 96);
  return key;
}

/** The end of the Brasília address whose sector code starts at `start` and number ends at `numberEnd`, or -1. */
export function sectorAddressEnd(text: string, start: number, numberEnd: number): number {
  if (isWordChar(text.charCodeAt(numberEnd))) return -1;
  COMPLEMENTS.lastIndex = numberEnd;
  let end = COMPLEMENTS.test(text) ? COMPLEMENTS.lastIndex : numberEnd;
  const complemented = end > numberEnd;
  const lower = text.slice(end, end + 24).toLowerCase();
  REGION_NEXT.lastIndex = 0;
  const region = REGION_NEXT.test(fold(lower));
  // The folded text keeps the length of Portuguese letters, so the offset carries over.
  if (region) end += REGION_NEXT.lastIndex;
  const tailEnd = addressTail(text, end, false);
  if (complemented || region || labelled(text, start) || IN_DF.test(fold(text.slice(end, tailEnd)))) {
    return tailEnd;
  }
  return -1;
}

/** An address word before the code, on its line. */
function labelled(text: string, start: number): boolean {
  let from = Math.max(0, start - LABEL_REACH);
  const nl = text.lastIndexOf('\n', start - 1);
  if (nl >= from) from = nl + 1;
  return LABEL.test(fold(text.slice(from, start)));
}

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isWordChar(c: number): boolean {
  return isAsciiLetter(c) || (c >= 48 && c <= 57) || (c >= 0xc0 && c <= 0x24f) || c === 95 || c === 64;
}

// Companies named after people. Contracts and filings name a company in full once
// ("Zanini Renk Equipamentos Industriais Ltda", "FUGA COUROS S.A.") and then by its
// short name ("a Zanini Renk alerta", "( FUGA )"), which reads exactly like a person's
// surname. The words of a company's full name are company words for the rest of the
// text (and, through NameMemory, of the request); under `balanced` a detection made only
// of company words is dropped, unless a title announces a person. A company whose name
// holds a first name ("João Tavolaro ME") is named after a person and gives no company
// words; a first name in the detection ("Luis Eduardo Fuga" beside "Fuga Couros S.A.")
// keeps it a person, since first names are never company words.
import { type Analysis, isWordShape, TEXT_INITIAL_CAPS, TEXT_LOWER, TEXT_UPPER } from './features.js';
import { GAZ_CONTEXT, GAZ_FIRST_MASK, GAZ_PARTICLE, GAZ_STOP, GAZ_SURNAME, TAG_O } from './model.js';
import { eachName } from './decode.js';
import { SHAPE_INITIAL, SHAPE_LOWER, SHAPE_UPPER, hashWord, type Tokens, hashSet } from './tokenize.js';

// Every word below is an organisation word of the gazetteer (GAZ_ORG): only such tokens
// are looked up, which keeps this pass cheap. A test checks each in the shipped model.
/** Legal forms that end a company's name in any case. */
export const LEGAL_FORMS = 'ltda eireli inc llc gmbh plc corp cia';
/** Legal forms that are also ordinary words ("me", "sa"): only in capitals. */
export const LEGAL_FORMS_UPPER = 'me sa';
/** Words of a line of business that end a company's name: "Renk Equipamentos Industriais". */
export const BUSINESS_WORDS =
  'equipamentos industriais industrial industria industrias comercio servicos participacoes transportes ' +
  'transportadora engenharia consultoria advogados associados tecnologia sistemas solucoes alimentos ' +
  'distribuidora holding empreendimentos incorporadora construcoes confeccoes irmaos filhos';
/** Words that open a company's name: "Grupo Marborges", "Indústrias J.B. Duarte". */
export const COMPANY_HEADS = 'grupo industrias industria construtora companhia';

const legalForms = hashSet(LEGAL_FORMS);
const legalFormsUpper = hashSet(LEGAL_FORMS_UPPER);
const businessWords = hashSet(BUSINESS_WORDS);
const companyHeads = hashSet(COMPANY_HEADS);

const AMPERSAND = hashWord('&');
const AND = hashWord('e');
const SLASH = hashWord('/');
const DOT = hashWord('.');
const S = hashWord('s');
const A = hashWord('a');
/** Longest run of words taken as one company name, and of tokens walked to find them. */
const MAX_WORDS = 6;
const MAX_TOKENS = 16;

/** "S.A", "S/A" or "S.A." starts at `i`. */
function isSociedadeAnonima(tok: Tokens, i: number): boolean {
  if (tok.hash[i] !== S || tok.shape[i] !== SHAPE_INITIAL || i + 2 >= tok.count) return false;
  const sep = tok.hash[i + 1];
  return (sep === DOT || sep === SLASH) && tok.hash[i + 2] === A && tok.shape[i + 2] === SHAPE_INITIAL;
}

function isLegalForm(tok: Tokens, i: number, upperText: boolean): boolean {
  const h = tok.hash[i]!;
  if (legalForms.has(h) || isSociedadeAnonima(tok, i)) return true;
  // "ME" is a pronoun in text written in capitals.
  return !upperText && tok.shape[i] === SHAPE_UPPER && legalFormsUpper.has(h);
}

const COLON = hashWord(':');

/** "Advogados: Barbara Rosenberg, …" — a heading for the names after it. */
function isLabel(tok: Tokens, i: number): boolean {
  return i + 1 < tok.count && tok.hash[i + 1] === COLON;
}

/** A word that can be part of a company's name before its ending. */
function nameLike(tok: Tokens, flags: Uint16Array, i: number, caseless: boolean): boolean {
  if (!isWordShape(tok.shape[i]!)) return tok.hash[i] === AMPERSAND;
  const f = flags[i]!;
  // "Siemens do Brasil"; not "e", which joins a person to the company ("João Silva e Zanini Ltda").
  if ((f & GAZ_PARTICLE) !== 0) return tok.hash[i] !== AND;
  if ((f & (GAZ_STOP | GAZ_CONTEXT)) !== 0) return false;
  return caseless || tok.shape[i] !== SHAPE_LOWER;
}

/**
 * Adds to `words` the words of every company name in the text: the run of words before a
 * legal form ("Ltda", "S.A.") or a line of business ("Equipamentos"), and the run after a
 * company head ("Grupo", "Indústrias"). Particles and "&" join a run; titles and
 * function words end it. In text written in capitals only legal forms count: every word
 * there looks like part of a name ("JOÃO SILVA PRESTOU SERVIÇOS").
 */
export function rememberCompanies(tok: Tokens, an: Analysis, words: Set<number>): void {
  const flags = an.flags;
  let tc = -1;
  let upperText = false;
  let caseless = false;
  for (let o = 0; o < an.orgCount; o++) {
    const i = an.orgAt[o]!;
    if (tc < 0) {
      tc = an.caseOf(tok);
      upperText = tc === TEXT_UPPER;
      // Names go in lower case where sentences start with the only capitals.
      caseless = tc === TEXT_LOWER || tc === TEXT_INITIAL_CAPS;
    }
    const h = tok.hash[i]!;
    const cased = tok.shape[i] !== SHAPE_LOWER && !upperText;
    if (isLegalForm(tok, i, upperText) || (cased && businessWords.has(h) && !isLabel(tok, i))) {
      // Walk back over the rest of the name, business words included.
      let k = i - 1;
      while (k >= 0 && k > i - MAX_TOKENS && businessWords.has(tok.hash[k]!)) k--;
      addRun(tok, flags, k, -1, caseless, words);
    } else if (cased && companyHeads.has(h)) {
      addRun(tok, flags, i + 1, 1, caseless, words);
    }
  }
}

function addRun(
  tok: Tokens,
  flags: Uint16Array,
  from: number,
  step: 1 | -1,
  caseless: boolean,
  words: Set<number>,
): void {
  const run: number[] = [];
  // Bounded in tokens too, so that runs of particles cannot make the pass quadratic.
  const stop = from + step * MAX_TOKENS;
  for (let k = from; k >= 0 && k < tok.count && k !== stop && run.length < MAX_WORDS; k += step) {
    // The dots of initials belong to the name ("Indústrias J.B. Duarte").
    if (tok.hash[k] === DOT && k + step >= 0 && k + step < tok.count && tok.shape[k + step] === SHAPE_INITIAL)
      continue;
    if (!nameLike(tok, flags, k, caseless)) break;
    if (!isWordShape(tok.shape[k]!) || (flags[k]! & GAZ_PARTICLE) !== 0) continue;
    // A company named after a person ("João Tavolaro ME", "Pedro Muffato & Cia"): its words
    // are that person's name, and stay masked wherever they appear.
    if (isPersonFirst(flags[k]!)) return;
    run.push(tok.hash[k]!);
  }
  for (const h of run) words.add(h);
}

/**
 * First-name frequency buckets (1–6) of a word that names a person: a frequent first name
 * ("Paulo", "Renata"), or a fairly frequent one that is not also a surname. "Silva" (4)
 * and "Duarte" (3) are surnames first; "Gianini" (2) is rare.
 */
const PERSON_FIRST = 5;
const PERSON_FIRST_ONLY = 3;

function isPersonFirst(f: number): boolean {
  const first = f & GAZ_FIRST_MASK;
  return first >= PERSON_FIRST || (first >= PERSON_FIRST_ONLY && (f & GAZ_SURNAME) === 0);
}

/**
 * Untags every detected name whose words are all company words, unless a title, a role or
 * a masculine article stands right before it ("o Sr. Fuga", "o Nogueira").
 */
export function dropCompanies(
  tok: Tokens,
  flags: Uint16Array,
  tags: Uint8Array,
  companies: ReadonlySet<number>,
): void {
  eachName(tags, tok.count, (start, end) => {
    if (onlyCompanyWords(tok, flags, start, end, companies) && !titled(tok, flags, start)) {
      tags.fill(TAG_O, start, end);
    }
  });
}

function onlyCompanyWords(
  tok: Tokens,
  flags: Uint16Array,
  start: number,
  end: number,
  companies: ReadonlySet<number>,
): boolean {
  let words = 0;
  for (let j = start; j < end; j++) {
    if (!isWordShape(tok.shape[j]!) || tok.shape[j] === SHAPE_INITIAL) continue;
    const f = flags[j]!;
    if ((f & GAZ_PARTICLE) !== 0) continue;
    if (!companies.has(tok.hash[j]!)) return false;
    words++;
  }
  return words > 0;
}

/** Masculine articles: a company is "a" (a empresa), a man named by his surname is "o Mendonça". */
const MASCULINE = hashSet('o do no pelo ao');

/**
 * A title or role right before the name ("Sr.", "o diretor", "Dra.", also behind the
 * abbreviation's dot), or a masculine article.
 */
function titled(tok: Tokens, flags: Uint16Array, i: number): boolean {
  let k = i - 1;
  if (k >= 0 && tok.hash[k] === DOT) k--;
  return k >= 0 && ((flags[k]! & GAZ_CONTEXT) !== 0 || MASCULINE.has(tok.hash[k]!));
}

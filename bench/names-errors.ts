// Lists the name detector's errors on the dev sets, grouped by kind, so that the biggest
// groups can be fixed first. False alarms on the person-free dev sentences (three casings)
// and, with --misses, the missed gold names of every genre. Prints to stdout; fails nothing.
//   npm run build && node dist/bench/names-errors.js [--model FILE] [--misses] [--casing as|lower|upper] [--all]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  createNameDetector,
  deserializeModel,
  loadShippedModel,
  type NameModel,
} from '../src/privacy/names/index.js';
import {
  GAZ_COMMON,
  GAZ_FIRST_MASK,
  GAZ_HEAD,
  GAZ_INTL,
  GAZ_ORG,
  GAZ_PLACE,
  GAZ_SURNAME,
  GAZ_VERB,
  gazLookup,
} from '../src/privacy/names/model.js';
import { Tokens } from '../src/privacy/names/tokenize.js';
import type { Doc } from '../tools/names/data.js';
import { devGenres, personFreeDocs } from '../tools/names/devsets.js';
import { lowerDoc, upperDoc } from '../tools/names/variants.js';
import { chatEvalDocs } from './names-chat-set.js';
import { chatEvalDocs2 } from './names-chat-set2.js';
import { commentDocs } from './names-comments-set.js';

const { values } = parseArgs({
  options: {
    model: { type: 'string' },
    misses: { type: 'boolean', default: false },
    casing: { type: 'string', default: 'all' },
    all: { type: 'boolean', default: false },
  },
});

const model: NameModel =
  values.model === undefined ? loadShippedModel() : deserializeModel(readFileSync(values.model));
const detector = createNameDetector(model);
const tok = new Tokens();

/** Gazetteer flags of every word of a span. */
function spanFlags(text: string): number[] {
  tok.tokenize(text);
  const out: number[] = [];
  for (let i = 0; i < tok.count; i++) {
    if (tok.shape[i]! <= 4) out.push(gazLookup(model, tok.hash[i]!));
  }
  return out;
}

function flagNames(f: number): string {
  const parts: string[] = [];
  if (f & GAZ_FIRST_MASK) parts.push(`first${f & GAZ_FIRST_MASK}`);
  if (f & GAZ_SURNAME) parts.push('sur');
  if (f & GAZ_INTL) parts.push('intl');
  if (f & GAZ_COMMON) parts.push('common');
  if (f & GAZ_VERB) parts.push('verb');
  if (f & GAZ_PLACE) parts.push('place');
  if (f & GAZ_HEAD) parts.push('head');
  if (f & GAZ_ORG) parts.push('org');
  return parts.join('+') || '-';
}

const ORG_NEAR =
  /\b(s\.?a\.?|ltda|cia|companhia|empresa|grupo|banco|clube|fc|futebol|partido|instituto|fundação|fundacao|universidade|editora|jornal|revista|tv|rádio|radio|hospital|escola|colégio|colegio|câmara|camara|tribunal|ministério|ministerio|secretaria|associação|associacao|sindicato|federação|federacao|confederação|inc|corp|airlines?)\b/iu;
const TITLE_NEAR =
  /\b(sr|sra|dr|dra|dom|papa|rei|rainha|príncipe|principe|santo|santa|são|sao|presidente|ministro|ministra|juiz|juíza|relator|relatora|desembargador|deputado|senador|governador|prefeito|general|coronel|padre|professor)\.?\s*$/iu;
const PLACE_NEAR = /\b(em|no|na|de|do|da|para|pelo|pela)\s*$/iu;

/** A rough kind for a wrong detection, from its words, their case and flags, and what surrounds it. */
function kind(text: string, start: number, end: number): string {
  const span = text.slice(start, end);
  const before = text.slice(Math.max(0, start - 40), start);
  const after = text.slice(end, end + 40);
  const flags = spanFlags(span);
  const all = flags.reduce((a, f) => a | f, 0);
  const lowerText = text === text.toLowerCase();
  const upperText = text === text.toUpperCase();
  const words = span.split(/\s+/u);
  const sentenceStart = /^\s*$/u.test(before) || /[.!?:;]\s*$/u.test(before) || /\n\s*$/u.test(before);
  if (/^[\p{Lu}\d]{2,6}$/u.test(span) && !upperText) return 'acronym';
  if (all & GAZ_ORG || ORG_NEAR.test(after.slice(0, 25)) || ORG_NEAR.test(before.slice(-25)))
    return 'organisation';
  if (TITLE_NEAR.test(before)) return 'after title/role';
  if (all & (GAZ_PLACE | GAZ_HEAD)) return 'place word';
  if (words.length === 1 && flags.length === 1) {
    const f = flags[0]!;
    if (sentenceStart && !lowerText && f & (GAZ_COMMON | GAZ_VERB))
      return 'capitalised common word at sentence start';
    if (lowerText && f & (GAZ_COMMON | GAZ_VERB)) return 'lower-case common word';
    if (lowerText && (f & (GAZ_FIRST_MASK | GAZ_SURNAME | GAZ_INTL)) === 0) return 'lower-case unknown word';
    if (f & (GAZ_COMMON | GAZ_VERB)) return 'common word (not sentence start)';
    if (f & GAZ_INTL && !(f & (GAZ_FIRST_MASK | GAZ_SURNAME))) return 'foreign word (intl-name flag)';
    if (f === 0) return 'unknown word';
    if (PLACE_NEAR.test(before)) return 'name-list word after em/de/no';
    return 'name-list word alone';
  }
  if (lowerText) return 'lower-case multiword';
  return 'multiword (proper noun: title, work, event…)';
}

function context(text: string, start: number, end: number): string {
  const b = text.slice(Math.max(0, start - 45), start).replace(/\s+/gu, ' ');
  const a = text.slice(end, end + 45).replace(/\s+/gu, ' ');
  return `…${b}[[${text.slice(start, end)}]]${a}…`;
}

function report(title: string, items: { kind: string; line: string }[]): void {
  const groups = new Map<string, string[]>();
  for (const it of items) {
    const g = groups.get(it.kind) ?? [];
    g.push(it.line);
    groups.set(it.kind, g);
  }
  console.log(`\n## ${title}: ${items.length}`);
  for (const [k, lines] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`\n### ${k}: ${lines.length}`);
    for (const l of values.all ? lines : lines.slice(0, 25)) console.log(`  ${l}`);
  }
}

const casings: [string, (d: Doc) => Doc][] = [
  ['as written', (d) => d],
  ['lower', lowerDoc],
  ['UPPER', upperDoc],
];
const wanted = casings.filter(
  ([name]) => values.casing === 'all' || name.toLowerCase().startsWith(values.casing!.toLowerCase()),
);

if (!values.misses) {
  const free = personFreeDocs();
  for (const [name, f] of wanted) {
    const items: { kind: string; line: string }[] = [];
    for (const d0 of free) {
      const d = f(d0);
      for (const m of detector.detect(d.text)) {
        const flags = spanFlags(d.text.slice(m.start, m.end)).map(flagNames).join(' ');
        items.push({
          kind: kind(d.text, m.start, m.end),
          line: `${context(d.text, m.start, m.end)}  {${flags}}`,
        });
      }
    }
    report(`false alarms, person-free dev sentences (${name})`, items);
  }
} else {
  const genres = devGenres([
    { name: 'informal comments (generated)', docs: commentDocs() },
    { name: 'chat set', docs: chatEvalDocs() },
    { name: 'chat set 2', docs: chatEvalDocs2() },
  ]).filter((g) => !g.name.startsWith('politics'));
  for (const g of genres) {
    for (const [name, f] of wanted) {
      const items: { kind: string; line: string }[] = [];
      for (const d0 of g.docs) {
        const d = f(d0);
        const found = detector.detect(d.text);
        for (const [s, e] of d.spans) {
          if (found.some((m) => m.start === s && m.end === e)) continue;
          const partial = found.some((m) => m.start < e && m.end > s);
          const span = d.text.slice(s, e);
          const flags = spanFlags(span);
          const nWords = flags.length;
          const before = d.text.slice(Math.max(0, s - 30), s);
          let k = partial ? 'partly found (boundary)' : nWords === 1 ? 'single word' : 'multiword';
          if (!partial) {
            if (/^[\p{Lu}]{2,5}$/u.test(span)) k = 'acronym / nickname';
            else if (TITLE_NEAR.test(before)) k += ' after title/role';
            else if (/,\s*$|\se\s*$/u.test(before)) k += ' in list';
            else if (flags.every((x) => (x & (GAZ_FIRST_MASK | GAZ_SURNAME)) === 0))
              k += ' unknown to name lists';
          }
          items.push({ kind: k, line: `${context(d.text, s, e)}  {${flags.map(flagNames).join(' ')}}` });
        }
      }
      report(`misses, ${g.name} (${name})`, items);
    }
  }
}

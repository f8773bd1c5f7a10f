// Dates of birth (category 'data_nascimento'): a real calendar date right after a birth
// word — "nascido em 03/03/1990", "data de nascimento: 1990-03-03", "DN 3.3.90",
// "nascida em 3 de março de 1990". Every other date (due dates, events, documents'
// issue dates) stays: the word decides, and it must be the nearest one.
import type { Analysis } from '../analysis.js';
import type { Cluster } from '../clusters.js';
import { defineDetector, type Span } from '../types.js';

const MONTHS: Record<string, number> = {
  janeiro: 1,
  jan: 1,
  fevereiro: 2,
  fev: 2,
  marco: 3,
  mar: 3,
  abril: 4,
  abr: 4,
  maio: 5,
  mai: 5,
  junho: 6,
  jun: 6,
  julho: 7,
  jul: 7,
  agosto: 8,
  ago: 8,
  setembro: 9,
  set: 9,
  outubro: 10,
  out: 10,
  novembro: 11,
  nov: 11,
  dezembro: 12,
  dez: 12,
};

/** After the day: " de março de 1990", "º de mar. de 1990", " de março, 1990". */
const WRITTEN = /(?:º|°|o)? de ([A-Za-zç]{3,9})\.?,? (?:de )?([0-9]{4})(?![0-9])/iy;

const DAYS = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The ISO form of a real date, or null. Two-digit years read as 19yy or 20yy, whichever is past. */
function iso(day: number, month: number, year: number, yearDigits: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > DAYS[month]!) return null;
  let y = year;
  if (yearDigits === 2) y += year <= 30 ? 2000 : 1900;
  else if (yearDigits !== 4 || year < 1880 || year > 2100) return null;
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** " de …" or "º de …" after a day: the only way a written date goes on. */
function writtenNext(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c === 0xba || c === 0xb0) return true;
  return c === 32 && (text.charCodeAt(at + 1) | 32) === 100;
}

const num = (text: string, c: Cluster, k: number) => Number(text.slice(c.groups[k]!.start, c.groups[k]!.end));
const len = (c: Cluster, k: number) => c.groups[k]!.end - c.groups[k]!.start;

/** The one '/', '-' or '.' of a separator (spaces around it allowed), or 0. */
function mark(sep: string): number {
  let m = 0;
  for (let k = 0; k < sep.length; k++) {
    const c = sep.charCodeAt(k);
    if (c === 32) continue;
    if (m !== 0 || (c !== 47 && c !== 45 && c !== 46)) return 0;
    m = c;
  }
  return m;
}

/** A numeric date at groups i..i+2 (d/m/y with one separator, or ISO y-m-d), as ISO. */
function numericDate(text: string, c: Cluster, i: number): string | null {
  if (i + 2 >= c.groups.length || len(c, i + 1) > 2 || len(c, i) > 4) return null;
  const s1 = mark(c.groups[i + 1]!.sep);
  if (s1 === 0 || s1 !== mark(c.groups[i + 2]!.sep)) return null;
  if (len(c, i) === 4 && len(c, i + 2) <= 2 && s1 === 45) {
    return iso(num(text, c, i + 2), num(text, c, i + 1), num(text, c, i), 4);
  }
  if (len(c, i) > 2 || len(c, i + 1) > 2) return null;
  const yl = len(c, i + 2);
  return iso(num(text, c, i), num(text, c, i + 1), num(text, c, i + 2), yl);
}

export const birthDateDetector = defineDetector({
  category: 'data_nascimento',
  label: 'NASCIMENTO',
  priority: 70,
  order: 70,
  context: [
    'nascido',
    'nascida',
    'nascidos',
    'nasceu',
    'nasci',
    'nascimento',
    'nasc',
    'data de nascimento',
    'dt nasc',
    'dt. nasc',
    'dn',
    'd.n',
    'natalicio',
    // A field, not a sentence: "aniversário da empresa em 12/03" is no person's birth.
    'aniversario:',
    'data de aniversario',
  ],
  validate: (key) => /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(key),
  detect(a: Analysis): Span[] {
    const out: Span[] = [];
    const clusters = a.clusters;
    for (let k = 0; k < clusters.length; k++) birthDatesIn(a, clusters[k]!, out);
    return out;
  },
  reader(a: Analysis) {
    const out: Span[] = [];
    return { minDigits: 1, read: (c: Cluster) => birthDatesIn(a, c, out), done: () => out };
  },
});

/** The labelled dates of birth starting in one cluster. */
function birthDatesIn(a: Analysis, c: Cluster, out: Span[]): void {
  const text = a.text;
  const g = c.groups;
  for (let i = 0; i < g.length; i++) {
    let key: string | null = null;
    let end = -1;
    const start = g[i]!.start;
    if (i + 2 < g.length && (i === 0 || mark(g[i]!.sep) === 0)) {
      key = numericDate(text, c, i);
      end = g[i + 2]!.end;
      // "03/03/1990/12" is no date; "03/03/1990. 12…" ends one.
      const next = i + 3 < g.length ? g[i + 3]!.sep : ' ';
      if (key !== null && mark(next) !== 0 && !next.includes(' ')) key = null;
      if (key !== null && i + 2 === g.length - 1 && c.gluedAfter) key = null;
    }
    if (
      key === null &&
      len(c, i) <= 2 &&
      i === g.length - 1 &&
      !c.gluedAfter &&
      writtenNext(text, g[i]!.end)
    ) {
      WRITTEN.lastIndex = g[i]!.end;
      const m = WRITTEN.exec(text);
      const month = m ? MONTHS[m[1]!.toLowerCase().replace('ç', 'c')] : undefined;
      if (m && month !== undefined) {
        key = iso(num(text, c, i), month, Number(m[2]), 4);
        end = WRITTEN.lastIndex;
      }
    }
    if (key === null || (i === 0 && c.gluedBefore)) continue;
    // Labelled before the date ("nascido em", "DN:"): a word after it is the next line's.
    if (a.labelled('data_nascimento', start, end) && !a.context(start, end).nearestAfter) {
      out.push({ start, end, key });
    }
    if (end > start) i += 2;
  }
}

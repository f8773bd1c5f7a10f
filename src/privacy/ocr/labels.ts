// Labels on a page: in a form, a card or a payslip, "Nome:", "CPF:", "E-mail:" say what the
// value beside them is, whatever OCR made of that value ("nome.sobrenomeopexemplo.com.br",
// "529.982.247-2S"). A label's value is what follows it on its line, up to the next label
// or a column gap; a label with nothing after it (cards print the label above the value)
// takes the lines below it, in its column.
import { BUSINESS_WORDS, LEGAL_FORMS } from '../names/companies.js';
import type { Category } from '../registry.js';
import { digitReading } from './confusions.js';
import type { WordRef } from './reading.js';
import type { OcrBox, OcrMatch, OcrTextLine } from './types.js';

/** What a label's value looks like, which decides how far it goes. */
type Shape = 'number' | 'name' | 'email' | 'address' | 'date';

interface Label {
  /** Its words, folded (fold()). */
  words: string[];
  category: Category;
  shape: Shape;
  /** Lines below the label a value may take when the label's own line has none. */
  below: number;
}

function labels(category: Category, shape: Shape, below: number, ...names: string[]): Label[] {
  return names.map((n) => ({ words: n.split(' '), category, shape, below }));
}

/** Longest first, so "nome da mae" is tried before "nome". */
const LABELS: Label[] = [
  ...labels(
    'nome',
    'name',
    1,
    'nome',
    'nome completo',
    'nome do titular',
    'nome social',
    'titular',
    'paciente',
    'funcionario',
    'colaborador',
    'empregado',
    'segurado',
    'beneficiario',
    'contratante',
    'locador',
    'locadora',
    'locatario',
    'locataria',
    'comprador',
    'compradora',
    'consumidor',
    'responsavel',
    'cliente',
  ),
  ...labels('nome', 'name', 2, 'filiacao', 'nome da mae', 'nome do pai', 'mae', 'pai'),
  ...labels('cpf', 'number', 1, 'cpf', 'cpfmf', 'cpf do consumidor', 'cpf na nota', 'cpf/cnpj'),
  ...labels(
    'rg',
    'number',
    1,
    'rg',
    'identidade',
    'registro geral',
    'doc identidade',
    'carteira de identidade',
  ),
  ...labels('cnh', 'number', 1, 'cnh', 'n registro', 'no registro', 'registro cnh'),
  ...labels('pis', 'number', 1, 'pis', 'pispasep', 'pis pasep', 'nit', 'nis'),
  ...labels('email', 'email', 1, 'email', 'e mail', 'correio eletronico'),
  ...labels('telefone', 'number', 1, 'telefone', 'tel', 'fone', 'celular', 'cel', 'whatsapp', 'contato'),
  ...labels('data_nascimento', 'date', 1, 'data de nascimento', 'nascimento', 'nasc', 'dn', 'data nasc'),
  ...labels('endereco', 'address', 2, 'endereco', 'end', 'residencia', 'logradouro', 'domicilio'),
  ...labels('endereco', 'number', 1, 'cep'),
].sort((a, b) => b.words.length - a.words.length);

/** Lower case, no accents, letters and digits only ("E-mail:" → "email", "Nº" → "n"). */
export function fold(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9/]/g, '')
    .replace(/^\/+|\/+$/g, '');
}

/** A folded OCR word against a label word: equal, or one letter off for words of five or more. */
function same(word: string, label: string): boolean {
  if (word === label) return true;
  if (label.length < 5 || Math.abs(word.length - label.length) > 1) return false;
  return editDistanceAtMostOne(word, label);
}

function editDistanceAtMostOne(a: string, b: string): boolean {
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/** The label starting at word w of a line's folded words, if any. */
function labelAt(folded: readonly string[], w: number): Label | undefined {
  return LABELS.find((l) => l.words.every((lw, k) => w + k < folded.length && same(folded[w + k]!, lw)));
}

/**
 * A label whose last word OCR glued to its value ("CONSUMIDOR387.800.251-37",
 * "FuncionárioBruno"): the word starts with the label, and what follows is digits (a number
 * label) or a capital (a name label). Its value starts inside that very word.
 */
function gluedLabelAt(
  words: readonly { text: string }[],
  folded: readonly string[],
  w: number,
): Label | undefined {
  return LABELS.find((l) => {
    const last = l.words.length - 1;
    if (w + last >= folded.length) return false;
    if (!l.words.slice(0, last).every((lw, k) => same(folded[w + k]!, lw))) return false;
    const word = folded[w + last]!;
    const tail = word.slice(l.words[last]!.length);
    if (!word.startsWith(l.words[last]!) || tail === '') return false;
    if (l.shape !== 'name') return /\d/.test(digitReading(tail));
    const cased = words[w + last]!.text.normalize('NFD').replace(/[^\p{L}]/gu, '');
    return /^\p{Lu}/u.test(cased.slice(l.words[last]!.length)) && /^\p{Ll}/u.test(cased.charAt(1));
  });
}

const COMPANY = new Set([...LEGAL_FORMS.split(' '), ...BUSINESS_WORDS.split(' '), 'sa', 'me', 'epp', 's/a']);
const MONTHS =
  /^(?:janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|de|jan|fev|mar|abr|mai|jun|jul|ago|set|out|nov|dez)$/;

const hasDigit = (w: string) => /[0-9]/.test(digitReading(w));
const isNameWord = (w: string) => /^[\p{L}'’.-]+,?$/u.test(w) && !hasDigit(w);

/** Whether a word may continue a value of this shape (the first word of it included). */
function fits(shape: Shape, word: string, taken: number): boolean {
  switch (shape) {
    case 'number':
      return hasDigit(word) || (taken > 0 && /^[-./]$/.test(word));
    case 'date':
      return hasDigit(word) || (taken > 0 && MONTHS.test(fold(word)));
    case 'name':
      return isNameWord(word);
    case 'email':
      return taken < 3;
    case 'address':
      return taken < 14;
  }
}

const MOST: Record<Shape, number> = { number: 6, date: 5, name: 6, email: 3, address: 14 };

/** The words of one line (from `from`, in [x0, x1) when given) that make the label's value. */
function valueIn(
  line: OcrTextLine,
  folded: readonly string[],
  from: number,
  label: Label,
  column?: [number, number],
): number[] {
  const taken: number[] = [];
  const height = line.box.y1 - line.box.y0;
  // On the label's own line the gap is measured from the label; below it, from the first word.
  let previous: OcrBox | undefined = column ? undefined : line.words[from - 1]?.box;
  for (let w = from; w < line.words.length && taken.length < MOST[label.shape]; w++) {
    const word = line.words[w]!;
    const centre = (word.box.x0 + word.box.x1) / 2;
    if (column && (centre < column[0] || centre >= column[1])) {
      if (taken.length > 0) break;
      continue;
    }
    // A gap of more than two and a half line heights is a column break.
    if (previous && word.box.x0 - previous.x1 > 2.5 * height) break;
    if (taken.length > 0 && labelsNext(line, folded, w)) break;
    if (!fits(label.shape, word.text, taken.length)) break;
    taken.push(w);
    previous = word.box;
    if (label.shape === 'name' && word.text.endsWith(',')) break;
  }
  if (label.shape === 'name' && taken.some((w) => COMPANY.has(folded[w]!))) return [];
  return taken;
}

/**
 * A label that ends the value before it: one written as a label ("CPF:", with its colon).
 * Without the colon the word may be part of the value ("nome.sobrenome@…" read as "nome
 * .sobrenome…"); the value's shape stops it anyway when it is not ("Nome: Ana CPF 529…").
 */
function labelsNext(line: OcrTextLine, folded: readonly string[], w: number): boolean {
  const label = labelAt(folded, w);
  return label !== undefined && /:$/.test(line.words[w + label.words.length - 1]!.text);
}

/** Values announced by a label, as matches of the label's category. */
export function labelledValues(
  lines: readonly OcrTextLine[],
  masked: (category: Category) => boolean,
): OcrMatch[] {
  const folded = lines.map((l) => l.words.map((w) => fold(w.text)));
  const out: OcrMatch[] = [];
  lines.forEach((line, l) => {
    for (let w = 0; w < line.words.length; w++) {
      // The longer of the two readings: "CPF DO CONSUMIDOR387…" is "cpf do consumidor", glued.
      const plain = labelAt(folded[l]!, w);
      const glued = gluedLabelAt(line.words, folded[l]!, w);
      const whole = glued && (!plain || glued.words.length > plain.words.length) ? undefined : plain;
      const label = whole ?? glued;
      if (!label) continue;
      // A glued label's value starts in its last word.
      const after = w + label.words.length - (whole ? 0 : 1);
      w = w + label.words.length - 1;
      if (!masked(label.category)) continue;
      const words: WordRef[] = valueIn(line, folded[l]!, after, label).map((word) => ({ line: l, word }));
      if (words.length > 0) out.push({ category: label.category, words });
      else if (nothingAfter(line, folded[l]!, after)) {
        const rows = below(lines, folded, l, w - label.words.length + 1, after, label);
        // Each row under "Filiação" is a person of its own; an address's rows are one address.
        if (label.shape === 'name')
          for (const row of rows) out.push({ category: label.category, words: row });
        else if (rows.length > 0) out.push({ category: label.category, words: rows.flat() });
      }
    }
  });
  return out;
}

/** Nothing but another label (the next column's) after the label on its line. */
function nothingAfter(line: OcrTextLine, folded: readonly string[], after: number): boolean {
  return after >= line.words.length || labelAt(folded, after) !== undefined || gapAt(line, after);
}

function gapAt(line: OcrTextLine, w: number): boolean {
  const height = line.box.y1 - line.box.y0;
  return line.words[w]!.box.x0 - line.words[w - 1]!.box.x1 > 2.5 * height;
}

/** The value under a label: the next lines close below it, in the label's column. */
function below(
  lines: readonly OcrTextLine[],
  folded: readonly string[][],
  l: number,
  first: number,
  after: number,
  label: Label,
): WordRef[][] {
  const line = lines[l]!;
  const height = Math.max(1, line.box.y1 - line.box.y0);
  // The column runs from the label to the next word of its line (the next column's label).
  const next = line.words[after]?.box.x0 ?? Number.POSITIVE_INFINITY;
  const column: [number, number] = [line.words[first]!.box.x0 - height, next - height / 2];
  const out: WordRef[][] = [];
  let bottom = line.box.y1;
  for (let k = l + 1; k < lines.length && k <= l + 1 + label.below && out.length < label.below; k++) {
    const row = lines[k]!;
    if (row.box.y0 - bottom > 2.5 * height) break;
    const start = row.words.findIndex((w) => {
      const centre = (w.box.x0 + w.box.x1) / 2;
      return centre >= column[0] && centre < column[1];
    });
    if (start < 0) continue; // a line of another column
    if (labelAt(folded[k]!, start)) break;
    const words = valueIn(row, folded[k]!, start, label, column);
    if (words.length === 0) break;
    out.push(words.map((word) => ({ line: k, word })));
    bottom = row.box.y1;
  }
  return out;
}

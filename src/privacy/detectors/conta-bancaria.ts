// Bank details (category 'conta_bancaria'): branch and account numbers written right
// after their label — "agência 1234", "ag. 0001-9", "conta corrente 12345-6",
// "c/c 0012345-X", "poupança nº 98765-4". Branch and account have no check rule common
// to every bank, so the label decides, and it must be the value's own: "a empresa conta
// com 1500 funcionários" or "a conta deu R$ 45,90" stay.
import type { Analysis } from '../analysis.js';
import { type Cluster, digitsOf, softAfter, softBefore } from '../clusters.js';
import { fold } from '../context.js';
import { defineDetector, type Span } from '../types.js';

/**
 * A label ending right before the number: the branch or account word, optionally
 * "bancária", "nº"/"número", and a ':' or '-'.
 */
const LABEL =
  /(?:^|[^a-z0-9])(?:agencia|ag|conta(?:[ -]corrente|[ -]poupanca| salario| pagamento| digital)?|c\/c|c\.c|cc|poupanca)(?: bancaria)?\.?(?:\s*(?:n|no|n\u00ba|n\u00b0|num|numero)\.?)?\s*[:#-]?\s*(?:e(?: a| o)?\s*)?$/;
const REACH = 32;

/** The last word of a label ("agência", "c/c", "nº", "corrente"…), checked before the whole label. */
const LAST_WORD = new Set(
  'agência agencia ag conta corrente poupança poupanca c cc bancária bancaria salário salario pagamento digital'.split(
    ' ',
  ),
);

/** Space, ':', '#', '.', '-' between a label and its number. */
function isLabelPunct(c: number): boolean {
  return c === 32 || c === 58 || c === 35 || c === 46 || c === 45;
}

function isWordChar(c: number): boolean {
  return (
    (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 0xc0 && c <= 0x24f) || c === 0xba || c === 0xb0
  );
}

/** Words between a label and its number: "é a", "nº", "número" ("conta é a 12345-6", "conta nº 1"). */
const FILLERS = new Set(['é', 'e', 'a', 'o', 'n', 'no', 'nº', 'n°', 'número', 'numero', 'num']);

function isFiller(text: string, w: number, k: number): boolean {
  const c = text.charCodeAt(w) | 32;
  // Every filler starts with a vowel, 'é' or 'n'.
  if (c !== 97 && c !== 101 && c !== 111 && c !== 110 && c !== 0xe9) return false;
  return FILLERS.has(text.slice(w, k).toLowerCase());
}

/** (first letter, last letter) of each word of LAST_WORD, lower case: a cheap filter before the lookup. */
const EDGES = new Set([...LAST_WORD].map((w) => edges(w.charCodeAt(0), w.charCodeAt(w.length - 1))));

function edges(first: number, last: number): number {
  return ((first | 32) << 16) | (last < 128 ? last | 32 : last);
}

/** Whether the number at `start` directly follows a branch or account label. */
function labelBefore(text: string, start: number): boolean {
  let k = start;
  while (k > 0 && start - k < 4 && isLabelPunct(text.charCodeAt(k - 1))) k--;
  // "minha conta é a 12345-6": step over the fillers to the label word.
  for (let fillers = 0; ; fillers++) {
    let w = k;
    while (w > 0 && k - w < 10 && isWordChar(text.charCodeAt(w - 1))) w--;
    if (w === k || isWordChar(text.charCodeAt(w - 1))) return false;
    if (fillers < 3 && isFiller(text, w, k)) {
      k = w;
      while (k > 0 && text.charCodeAt(k - 1) === 32) k--;
      continue;
    }
    if (!EDGES.has(edges(text.charCodeAt(w), text.charCodeAt(k - 1)))) return false;
    if (!LAST_WORD.has(text.slice(w, k).toLowerCase())) return false;
    break;
  }
  let before = fold(text.slice(Math.max(0, start - REACH), start));
  const nl = before.lastIndexOf('\n');
  if (nl >= 0) before = before.slice(nl + 1);
  return LABEL.test(before);
}

/** A check digit or "X" after "-": "12345-6", "1234-x". */
function checkAfter(text: string, end: number): number {
  if (text.charCodeAt(end) !== 45) return 0;
  const x = text.charCodeAt(end + 1);
  if (x !== 88 && x !== 120) return 0;
  const after = text.charCodeAt(end + 2);
  return (after >= 48 && after <= 57) || (after >= 65 && after <= 90) || (after >= 97 && after <= 122)
    ? 0
    : 2;
}

export const bankAccountDetector = defineDetector({
  category: 'conta_bancaria',
  label: 'CONTA',
  priority: 45,
  order: 51,
  context: [
    'agencia',
    'ag',
    'conta',
    'conta corrente',
    'conta poupanca',
    'conta salario',
    'conta pagamento',
    'poupanca',
    'c/c',
    'cc',
    'dados bancarios',
  ],
  validate: (key) => /^[0-9]{3,13}X?$/.test(key),
  detect(a: Analysis): Span[] {
    const out: Span[] = [];
    const clusters = a.clusters;
    for (let k = 0; k < clusters.length; k++) accountsIn(a, clusters[k]!, out);
    return out;
  },
  reader(a: Analysis) {
    const out: Span[] = [];
    return { minDigits: 3, read: (c: Cluster) => accountsIn(a, c, out), done: () => out };
  },
});

/** The branch or account number a label right before a cluster gives it, if any. */
function accountsIn(a: Analysis, c: Cluster, out: Span[]): void {
  const text = a.text;
  const g = c.groups;
  // Fewer than three digits is no branch or account number: no label to look for.
  if (c.digits < 3 || !softBefore(c, 0) || !labelBefore(text, g[0]!.start)) return;
  // The number, and a check digit after '-' or '.': "12345-6", "0012345.6", "12.345-6".
  let j = 0;
  while (j + 1 < g.length && j < 2 && (g[j + 1]!.sep === '-' || g[j + 1]!.sep === '.')) j++;
  if (!softAfter(c, j)) return;
  const digits = digitsOf(text, c, 0, j);
  if (digits.length < 3 || digits.length > 13) return;
  let end = g[j]!.end;
  let key = digits;
  const x = j === g.length - 1 ? checkAfter(text, end) : 0;
  if (x > 0) {
    end += x;
    key += 'X';
  }
  out.push({ start: g[0]!.start, end, key });
}

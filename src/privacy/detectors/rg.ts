// RG (category 'rg', the state identity card). São Paulo's number carries a check
// character (check-digits.ts): written as printed, 12.345.678-9 or 12.345.678-X (also
// 12345678-9), it needs no context. Every other form, and the other states' numbers
// (7 to 10 digits, no public check rule: 1.234.567, MG-12.345.678, 1234567-8), need a
// word of the category nearby: "RG", "identidade", "SSP/XX", "órgão emissor"… One or
// two letters may be glued before the digits (Minas Gerais: "M-12.345.678", "MG-12.345.678").
import { isValidRgSp } from '../check-digits.js';
import type { Cluster } from '../clusters.js';
import { numberDetector } from '../numbers.js';

/** "-X" / " x" after the digits: São Paulo's check character 10. */
function checkX(text: string, end: number): { key: string; length: number } | null {
  const sep = text.charCodeAt(end);
  if (sep !== 45 && sep !== 32 && sep !== 46) return null;
  const x = text.charCodeAt(end + 1);
  if (x !== 88 && x !== 120) return null;
  const after = text.charCodeAt(end + 2);
  if ((after >= 48 && after <= 57) || (after >= 65 && after <= 90) || (after >= 97 && after <= 122))
    return null;
  return { key: 'X', length: 2 };
}

/**
 * How identity numbers are grouped: one run, thousands groups of three ("1.234.567",
 * "12 345 678"), and a final check digit after "-" ("12.345.678-9", "1234567-8"). Not
 * dates (2-2-4) nor other codes.
 */
function rgShape(text: string, c: Cluster, i: number, j: number): boolean {
  const g = c.groups;
  let last = j;
  if (j > i && g[j]!.end - g[j]!.start <= 2 && g[j]!.sep.trim() === '-') last = j - 1;
  if (last > i) {
    if (g[i]!.end - g[i]!.start > 3) return false;
    for (let k = i + 1; k <= last; k++) {
      const sep = g[k]!.sep;
      if (g[k]!.end - g[k]!.start !== 3 || (sep !== '.' && sep !== ' ')) return false;
    }
  }
  return !afterCurrency(text, g[i]!.start);
}

/** "R$ 1.234.567", "US$ 12.345.678": money. */
function afterCurrency(text: string, at: number): boolean {
  let k = at - 1;
  while (k >= 0 && text.charCodeAt(k) === 32) k--;
  return text.charCodeAt(k) === 36;
}

export const rgDetector = numberDetector({
  category: 'rg',
  label: 'RG',
  priority: 25,
  order: 21,
  context: [
    'rg',
    'r.g',
    'rgs',
    'identidade',
    'carteira de identidade',
    'cedula de identidade',
    'registro geral',
    'ssp',
    'sesp',
    'sspds',
    'orgao emissor',
    'orgao expedidor',
  ],
  contextAfter: ['ssp', 'sesp', 'sspds', 'orgao emissor', 'orgao expedidor'],
  validate: isValidRgSp,
  rule: {
    lengths: [7, 8, 9, 10],
    maxGroups: 5,
    seps: '.- ',
    masks: ['2,3,3,1', '8,1', '2,3,3+', '8+'],
    loose: rgShape,
    suffix: checkX,
    gluedPrefix: /(?:^|[^A-Za-z])[A-Za-z]{1,2}-?$/,
  },
});

// Vehicle plates (category 'placa'): the old format, three letters and four digits
// (ABC-1234, ABC 1234, ABC1234), and the Mercosul one, three letters, a digit, a letter
// and two digits (ABC1D23), always with a word of the category nearby ("placa",
// "veículo", "carro"…): the shapes alone are shared by product and model codes.
import type { Analysis } from '../analysis.js';
import type { Cluster } from '../clusters.js';
import { defineDetector, type Span } from '../types.js';

/**
 * How far before the plate its label may be, on the plate's line: room for a model and a
 * colour ("carro: Gol prata FQX3B21", "veículo Fiat Uno branco ABC1234").
 */
const NEAR = 30;

/** A number of its own ("carro 2"), not the digits of a model's name ("HB20"). */
const LONE_NUMBER = /(?:^|[^A-Za-z0-9])[0-9]+(?![A-Za-z0-9])/;

/** Three letters, an optional '-' or space, then the digits of either format. */
const PLATE = /[A-Za-z]{3}[- ]?[0-9](?:[0-9]{3}|[A-Za-z][0-9]{2})(?![0-9A-Za-z])/y;

function isLetterCode(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isAlnumAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 0xc0 && c <= 0x24f);
}

export const plateDetector = defineDetector({
  category: 'placa',
  label: 'PLACA',
  priority: 50,
  order: 55,
  context: [
    'placa',
    'placas',
    'veiculo',
    'veiculos',
    'carro',
    'moto',
    'motocicleta',
    'automovel',
    'caminhao',
  ],
  validate: (key) => /^[A-Z]{3}[0-9][0-9A-Z][0-9]{2}$/.test(key),
  detect(a: Analysis): Span[] {
    const out: Span[] = [];
    const clusters = a.clusters;
    for (let k = 0; k < clusters.length; k++) plateIn(a, clusters[k]!, out);
    return out;
  },
  reader(a: Analysis) {
    const out: Span[] = [];
    return { minDigits: 1, read: (c: Cluster) => plateIn(a, c, out), done: () => out };
  },
});

/** The plate whose digits are one cluster, if any. */
function plateIn(a: Analysis, c: Cluster, out: Span[]): void {
  const text = a.text;
  // Digits that go on ("SAC 0800 072 4838") are a longer number's.
  if (c.groups.length > 1) return;
  const s = c.groups[0]!.start;
  // Three letters right before the digits, or before the '-' or space before them.
  const p = text.charCodeAt(s - 1);
  const e = p === 45 || p === 32 ? s - 1 : s;
  if (!isLetterCode(text.charCodeAt(e - 1)) || !isLetterCode(text.charCodeAt(e - 2))) return;
  if (!isLetterCode(text.charCodeAt(e - 3))) return;
  // The letters sit right before the digits, or one '-' or space before them.
  for (let at = s - 3; at >= s - 4; at--) {
    if (at < 0 || isAlnumAt(text, at - 1)) continue;
    PLATE.lastIndex = at;
    if (!PLATE.test(text)) continue;
    const end = PLATE.lastIndex;
    // The label right before the plate ("placa ABC1D23", "veículo de placa ABC-1234"):
    // three capitals and four digits are also "SAC 0800" and many codes.
    if (!a.mentions('placa', at, end)) break;
    const ctx = a.context(at, end);
    if (!ctx.kinds.has('placa') || (ctx.nearest !== 'placa' && ctx.nearest !== 'renavam')) break;
    // The label is the plate's: before it on its line, no number between ("HB20" is a model).
    if (ctx.nearestAfter || ctx.nearestDistance > NEAR) break;
    const gap = text.slice(at - ctx.nearestDistance, at);
    if (gap.includes('\n') || LONE_NUMBER.test(gap)) break;
    const key = text.slice(at, end).replace(/[- ]/g, '').toUpperCase();
    out.push({ start: at, end, key });
    break;
  }
}

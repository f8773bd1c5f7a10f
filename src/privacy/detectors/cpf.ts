// CPF detector. Accepted shapes (check digits always verified):
//   529.982.247-25, 529 982 247 25, 529.982.247 25, 529/982/247_25 (3-3-3-2 with '.',
//   '-', '/', '_' or spaces; dashes, spaces and invisible characters already unified
//   by the normalised view)
//   529.982.247.25 (four dotted groups) when some group is above 255, so it cannot be
//   an IP address; an IP-shaped one (192.168.100.12) needs a document word
//   529982247-25 (9-2)
//   52998224725 and other groupings: only with a document word nearby (see context.ts),
//   because bare 11-digit runs are as often order numbers or phones.
import type { Analysis } from '../analysis.js';
import { isBusinessNational, isValidCpf, nationalNumber } from '../checks.js';
import { digitsOf, sepsWithin, softAfter, softBefore } from '../clusters.js';
import { type Context, hasDocContext, isDocKind } from '../context.js';
import type { Cluster } from '../clusters.js';
import { defineDetector, type Span } from '../types.js';

/** Group lengths as "3,3,3,2". */
export function shapeOf(g: { start: number; end: number }[], i: number, j: number): string {
  let s = '';
  for (let k = i; k <= j; k++) s += (k > i ? ',' : '') + (g[k]!.end - g[k]!.start);
  return s;
}

function allDots(groups: { sep: string }[], i: number, j: number): boolean {
  for (let k = i + 1; k <= j; k++) if (groups[k]!.sep !== '.') return false;
  return true;
}

/** Every group fits an IPv4 octet (0–255). */
function octets(text: string, groups: { start: number; end: number }[], i: number, j: number): boolean {
  for (let k = i; k <= j; k++) if (Number(text.slice(groups[k]!.start, groups[k]!.end)) > 255) return false;
  return true;
}

/** Whether a bare or oddly grouped 11-digit run reads as a CPF in its context. */
export function cpfByContext(ctx: Context, digits: string): boolean {
  // A Pix key ("pix 52998224725", "chave: …") is often a CPF written bare.
  if (ctx.nearest === 'chave_pix' && !ctx.nearestAfter) return !isBusinessNational(digits);
  if (!hasDocContext(ctx)) return false;
  // The nearest word names something else: "pedido", "protocolo"…
  if (!isDocKind(ctx.nearest) && ctx.nearest !== 'telefone') return false;
  // "SAC 0800…" near an unrelated document word.
  if (isBusinessNational(digits) && ctx.nearest !== 'cpf') return false;
  // "telefone: 119…" wins over a farther "cpf" when the digits also read as a phone.
  return !(ctx.nearest === 'telefone' && nationalNumber(digits) !== null);
}

export const cpfDetector = defineDetector({
  category: 'cpf',
  label: 'CPF',
  priority: 20,
  order: 10,
  context: ['cpf', 'c.p.f', 'cpfs'],
  validate: isValidCpf,
  detect(a: Analysis): Span[] {
    const out: Span[] = [];
    const clusters = a.clusters;
    for (let k = 0; k < clusters.length; k++) cpfsIn(a, clusters[k]!, out);
    return out;
  },
  reader(a: Analysis) {
    const out: Span[] = [];
    return { minDigits: 11, read: (c: Cluster) => cpfsIn(a, c, out), done: () => out };
  },
});

/** The CPFs among the groups of one cluster. */
function cpfsIn(a: Analysis, c: Cluster, out: Span[]): void {
  const text = a.text;
  if (c.digits < 11) return;
  const g = c.groups;
  let i = 0;
  while (i < g.length) {
    if (!softBefore(c, i)) {
      i++;
      continue;
    }
    let total = 0;
    let found = -1;
    for (let j = i; j < g.length && j < i + 4; j++) {
      total += g[j]!.end - g[j]!.start;
      if (total > 11) break;
      if (total < 11 || !softAfter(c, j)) continue;
      if (!sepsWithin(c, i, j, '.-/_ \u00a0')) break;
      const digits = digitsOf(text, c, i, j);
      if (!isValidCpf(digits)) break;
      const shape = shapeOf(g, i, j);
      const start = g[i]!.start;
      const end = g[j]!.end;
      // Four dotted groups that could be an IP address need a document word.
      const ipLike = j - i === 3 && allDots(g, i, j) && octets(text, g, i, j);
      const masked = (shape === '3,3,3,2' && !ipLike) || (shape === '9,2' && g[j]!.sep.trim() === '-');
      if (masked || cpfByContext(a.context(start, end), digits)) {
        out.push({ start, end, key: digits });
        found = j;
      }
      break;
    }
    i = found >= 0 ? found + 1 : i + 1;
  }
}

// CPF detector. Accepted shapes (check digits always verified):
//   529.982.247-25, 529 982 247 25, 529.982.247 25 (3-3-3-2 with '.', '-' or spaces)
//   529982247-25 (9-2)
//   52998224725 and other groupings: only with a document word nearby (see context.ts),
//   because bare 11-digit runs are as often order numbers or phones.
import { isBusinessNational, isValidCpf, nationalNumber } from './checks.js';
import { clustersOf, digitsOf, sepsWithin, softAfter, softBefore } from './clusters.js';
import { contextAround, hasDocContext } from './context.js';
import type { Detector, Match } from './types.js';

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

/** Whether a bare or oddly grouped 11-digit run reads as a CPF in its context. */
export function cpfByContext(text: string, start: number, end: number, digits: string): boolean {
  const ctx = contextAround(text, start, end);
  if (!hasDocContext(ctx) || ctx.nearest === 'other') return false;
  // "SAC 0800…" near an unrelated document word.
  if (isBusinessNational(digits) && ctx.nearest !== 'cpf') return false;
  // "telefone: 119…" wins over a farther "cpf" when the digits also read as a phone.
  return !(ctx.nearest === 'phone' && nationalNumber(digits) !== null);
}

export const cpfDetector: Detector = {
  category: 'cpf',
  detect(text: string): Match[] {
    const out: Match[] = [];
    for (const c of clustersOf(text)) {
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
          if (!sepsWithin(c, i, j, '.- \u00a0')) break;
          const digits = digitsOf(text, c, i, j);
          if (!isValidCpf(digits)) break;
          const shape = shapeOf(g, i, j);
          const start = g[i]!.start;
          const end = g[j]!.end;
          const masked =
            (shape === '3,3,3,2' && !allDots(g, i, j)) || (shape === '9,2' && g[j]!.sep.trim() === '-');
          // Four dotted groups read as an IP address, whatever the words around.
          const ipLike = j - i === 3 && allDots(g, i, j);
          if (masked || (!ipLike && cpfByContext(text, start, end, digits))) {
            out.push({ category: 'cpf', start, end, key: digits });
            found = j;
          }
          break;
        }
        i = found >= 0 ? found + 1 : i + 1;
      }
    }
    return out;
  },
};

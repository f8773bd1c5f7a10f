// Título de eleitor (category 'titulo_eleitor'): 12 digits, the last four being the UF
// code and two check digits (check-digits.ts), with a word of the category nearby
// ("título de eleitor", "eleitoral", "zona", "seção" after it). The zone and section
// written right after the number ("zona 123 seção 0456") are part of its span: they say
// where the voter votes. Not of its key: one título, one placeholder.
import type { Analysis } from '../analysis.js';
import { isValidTituloEleitor } from '../check-digits.js';
import type { Cluster } from '../clusters.js';
import { numberDetector } from '../numbers.js';
import type { Span } from '../types.js';

const FIELD = String.raw`[ \t]*[,;/-]?[ \t]*(?:e[ \t]+)?(?:zona|se[cç][aã]o|sec\.?)(?:[ \t]+eleitoral)?[ \t]*(?:n[º°.o]?[ \t]*)?:?[ \t]*[0-9]{1,4}(?![\p{L}\p{N}])`;
/** The zone and section after the number, in either order. */
const PLACE = new RegExp(`(?:${FIELD}){1,2}`, 'iuy');

/** The span with the zone and section after it, if any. */
function withPlace(text: string, s: Span): Span {
  PLACE.lastIndex = s.end;
  return PLACE.test(text) ? { start: s.start, end: PLACE.lastIndex, key: s.key } : s;
}

const numbers = numberDetector({
  category: 'titulo_eleitor',
  label: 'TITULO',
  priority: 14,
  order: 24,
  context: [
    'titulo de eleitor',
    'titulo eleitoral',
    'titulo',
    'eleitor',
    'eleitora',
    'eleitoral',
    'inscricao eleitoral',
    'zona eleitoral',
    'zona',
    'secao eleitoral',
  ],
  contextAfter: ['zona', 'zona eleitoral', 'secao eleitoral'],
  validate: isValidTituloEleitor,
  rule: {
    lengths: [12],
    maxGroups: 4,
    seps: '.- ',
    masks: [],
    shapes: ['12', '4,4,4', '8,4', '8,2,2'],
  },
});

export const tituloEleitorDetector = {
  ...numbers,
  detect(a: Analysis, options: Parameters<typeof numbers.detect>[1]): Span[] {
    return numbers.detect(a, options).map((s) => withPlace(a.text, s));
  },
  reader(a: Analysis, options: Parameters<typeof numbers.detect>[1]) {
    const r = numbers.reader!(a, options);
    return {
      minDigits: r.minDigits,
      read: (c: Cluster, runs: Parameters<typeof r.read>[1]) => r.read(c, runs),
      done: () => r.done().map((s) => withPlace(a.text, s)),
    };
  },
};

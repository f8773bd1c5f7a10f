// Título de eleitor (category 'titulo_eleitor'): 12 digits, the last four being the UF
// code and two check digits (check-digits.ts), with a word of the category nearby
// ("título de eleitor", "eleitoral", "zona", "seção" after it).
import { isValidTituloEleitor } from '../check-digits.js';
import { numberDetector } from '../numbers.js';

export const tituloEleitorDetector = numberDetector({
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

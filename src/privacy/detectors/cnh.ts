// CNH (category 'cnh', the driving licence's registration number): 11 digits with two
// check digits (check-digits.ts), always with a word of the category nearby ("CNH",
// "habilitação", "carteira de motorista"): bare 11-digit runs are as often CPFs,
// telephones or order numbers.
import { isValidCnh } from '../check-digits.js';
import { numberDetector } from '../numbers.js';

export const cnhDetector = numberDetector({
  category: 'cnh',
  label: 'CNH',
  priority: 12,
  order: 22,
  context: [
    'cnh',
    'c.n.h',
    'habilitacao',
    'carteira de motorista',
    'carteira de habilitacao',
    'carteira nacional de habilitacao',
    'registro da cnh',
    'permissao para dirigir',
  ],
  validate: isValidCnh,
  rule: {
    lengths: [11],
    maxGroups: 2,
    seps: '- ',
    masks: [],
    shapes: ['11', '9,2'],
  },
});

// CNH (category 'cnh', the driving licence's registration number): 11 digits with two
// check digits (check-digits.ts), always with a word of the category nearby ("CNH",
// "habilitação", "carteira de motorista"): bare 11-digit runs are as often CPFs,
// telephones or order numbers.
import type { Analysis } from '../analysis.js';
import { isValidCnh } from '../check-digits.js';
import { findNumbers } from '../numbers.js';
import { defineDetector, type Span } from '../types.js';

export const cnhDetector = defineDetector({
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
  detect(a: Analysis): Span[] {
    return findNumbers(a, {
      kind: 'cnh',
      lengths: [11],
      maxGroups: 2,
      seps: '- ',
      valid: isValidCnh,
      masks: [],
      shapes: ['11', '9,2'],
    });
  },
});

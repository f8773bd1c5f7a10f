// PIS/PASEP/NIT/NIS (category 'pis', one number under four names): 11 digits with a
// check digit (check-digits.ts). Printed as 123.45678.90-1 it needs no context; other
// forms need a word of the category nearby.
import { isValidPis } from '../check-digits.js';
import { numberDetector } from '../numbers.js';

export const pisDetector = numberDetector({
  category: 'pis',
  label: 'PIS',
  priority: 13,
  order: 23,
  context: [
    'pis',
    'pasep',
    'pis/pasep',
    'nit',
    'nis',
    'pis/nis',
    'nis/pis',
    'nit/pis',
    'pis/nit',
    'cadunico',
    'inss',
    'numero de identificacao do trabalhador',
    'numero de identificacao social',
  ],
  validate: isValidPis,
  rule: {
    lengths: [11],
    maxGroups: 4,
    seps: '.- ',
    masks: ['3,5,2,1'],
    shapes: ['11', '10,1', '3,5,2,1'],
  },
});

// PIS/PASEP/NIT/NIS (category 'pis', one number under four names): 11 digits with a
// check digit (check-digits.ts). Printed as 123.45678.90-1 it needs no context; other
// forms need a word of the category nearby.
import type { Analysis } from '../analysis.js';
import { isValidPis } from '../check-digits.js';
import { findNumbers } from '../numbers.js';
import { defineDetector, type Span } from '../types.js';

export const pisDetector = defineDetector({
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
  detect(a: Analysis): Span[] {
    return findNumbers(a, {
      kind: 'pis',
      lengths: [11],
      maxGroups: 4,
      seps: '.- ',
      valid: isValidPis,
      masks: ['3,5,2,1'],
      shapes: ['11', '10,1', '3,5,2,1'],
    });
  },
});

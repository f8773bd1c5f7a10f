// RENAVAM (category 'renavam', the vehicle's national registration): 11 digits (9 in
// the old series) with a check digit (check-digits.ts), with a word of the category
// nearby. The key is the 11-digit form, so both series get one placeholder.
import type { Analysis } from '../analysis.js';
import { isValidRenavam } from '../check-digits.js';
import { findNumbers } from '../numbers.js';
import { defineDetector, type Span } from '../types.js';

export const renavamDetector = defineDetector({
  category: 'renavam',
  label: 'RENAVAM',
  priority: 16,
  order: 26,
  context: ['renavam', 'codigo renavam', 'cod. renavam'],
  validate: isValidRenavam,
  detect(a: Analysis): Span[] {
    const found = findNumbers(a, {
      kind: 'renavam',
      lengths: [9, 11],
      maxGroups: 3,
      seps: '.- ',
      valid: isValidRenavam,
      masks: [],
      shapes: ['9', '11', '10,1', '8,1'],
      friends: ['placa'],
    });
    for (const s of found) if (s.key.length === 9) s.key = '00' + s.key;
    return found;
  },
});

// RENAVAM (category 'renavam', the vehicle's national registration): 11 digits (9 in
// the old series) with a check digit (check-digits.ts), with a word of the category
// nearby. The key is the 11-digit form, so both series get one placeholder.
import { isValidRenavam } from '../check-digits.js';
import { numberDetector } from '../numbers.js';

export const renavamDetector = numberDetector({
  category: 'renavam',
  label: 'RENAVAM',
  priority: 16,
  order: 26,
  context: ['renavam', 'renavan', 'codigo renavam', 'cod. renavam'],
  validate: isValidRenavam,
  rule: {
    lengths: [9, 11],
    maxGroups: 3,
    seps: '.- ',
    masks: [],
    shapes: ['9', '11', '10,1', '8,1'],
    friends: ['placa'],
    key: (digits) => digits.padStart(11, '0'),
  },
});

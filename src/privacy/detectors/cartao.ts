// Payment cards (category 'cartao'): 13 to 19 digits in a known issuer range (Visa,
// Mastercard, Elo, Hipercard, Amex…) passing the Luhn check (check-digits.ts). Written
// in a card's groups (4-4-4-4, 4-4-4-4-3, Amex 4-6-5, Diners 4-6-4) they need no context;
// bare runs need a word of the category nearby. Card-looking numbers that fail the
// check, or belong to no issuer, stay.
import { isValidCard } from '../check-digits.js';
import { numberDetector } from '../numbers.js';

export const cardDetector = numberDetector({
  category: 'cartao',
  label: 'CARTAO',
  priority: 18,
  order: 50,
  context: [
    'cartao',
    'cartoes',
    'cartao de credito',
    'cartao de debito',
    'numero do cartao',
    'credito',
    'debito',
    'visa',
    'mastercard',
    'master',
    'elo',
    'hipercard',
    'hiper',
    'amex',
    'american express',
    'diners',
    'bandeira',
  ],
  validate: isValidCard,
  rule: {
    lengths: [13, 14, 15, 16, 17, 18, 19],
    maxGroups: 5,
    seps: '.- ',
    masks: ['4,4,4,4', '4,4,4,4,3', '4,6,5', '4,6,4'],
    shapes: ['13', '14', '15', '16', '17', '18', '19', '4,4,4,4', '4,4,4,4,3', '4,6,5', '4,6,4'],
  },
});

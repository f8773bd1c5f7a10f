// Cartão Nacional de Saúde (category 'cns', the SUS card): 15 digits, definitive (1, 2)
// or provisional (7, 8, 9), checked by the Ministry of Health's rule (check-digits.ts).
// Printed as 898 0012 3456 7890 it needs no context; other forms need a word of the
// category nearby ("CNS", "cartão do SUS").
import { isValidCns } from '../check-digits.js';
import { numberDetector } from '../numbers.js';

export const cnsDetector = numberDetector({
  category: 'cns',
  label: 'CNS',
  priority: 15,
  order: 25,
  context: [
    'cns',
    'sus',
    // "SUS" before a number labels it only as a field: "nº SUS", "SUS:".
    'sus:',
    'nº sus',
    'n° sus',
    'n. sus',
    'numero sus',
    'numero do sus',
    // Longer than the card's "numero do cartao", which would otherwise take the words.
    'numero do cartao do sus',
    'numero do cartao sus',
    'cartao sus',
    'cartao do sus',
    'carteirinha do sus',
    'cartao nacional de saude',
    'cartao de saude',
  ],
  contextAfter: ['sus'],
  validate: isValidCns,
  rule: {
    lengths: [15],
    maxGroups: 5,
    seps: '.- ',
    masks: ['3,4,4,4'],
    shapes: ['15', '3,4,4,4'],
  },
});

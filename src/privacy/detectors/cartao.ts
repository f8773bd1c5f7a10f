// Payment cards (category 'cartao'): 13 to 19 digits in a known issuer range (Visa,
// Mastercard, Elo, Hipercard, Amex…) passing the Luhn check (check-digits.ts). Written
// in a card's groups (4-4-4-4, 4-4-4-4-3, Amex 4-6-5, Diners 4-6-4) they need no context;
// bare runs need a word of the category nearby. Card-looking numbers that fail the
// check, or belong to no issuer, stay. The expiry and security code written after the
// number ("val 03/28 cvv 914") are part of it. A valid card outranks a nearer label of
// another category ("cc 5502 …" is no conta corrente): either way the digits are a person's.
import { isValidCard } from '../check-digits.js';
import { numberDetector } from '../numbers.js';

/** The card's own groupings: a valid card written so needs no word. */
const MASKS = ['4,4,4,4', '4,4,4,4,3', '4,6,5', '4,6,4'];
const SHAPES = ['13', '14', '15', '16', '17', '18', '19', ...MASKS];
/** With an expiry or a code after them (numbers.ts marks a suffix with "+"). */
const withCodes = (shapes: readonly string[]) => [...shapes, ...shapes.map((s) => `${s}+`)];

const EXPIRY = String.raw`(?:val(?:idade)?|venc(?:imento)?|exp(?:ira(?:cao|ção)?)?|v[aá]lido at[eé])\.?[: 	]*(?:0[1-9]|1[0-2])[/-](?:[0-9]{2}|20[0-9]{2})(?![0-9])`;
const CODE = String.raw`(?:cvv2?|cvc|c[oó]d(?:igo)?\.?[ 	]*(?:de[ 	]*)?seg(?:uran[cç]a)?\.?)[: 	]*[0-9]{3,4}(?![0-9])`;
/** An expiry and a security code, in either order, after the number. */
const CODES = new RegExp(String.raw`(?:[ 	]*[,;-]?[ 	]*(?:${EXPIRY}|${CODE})){1,2}`, 'iy');

/** The expiry and code after a card: part of its span, not of its key (one card, one placeholder). */
function cardCodes(text: string, end: number): { key: string; length: number } | null {
  CODES.lastIndex = end;
  return CODES.test(text) ? { key: '', length: CODES.lastIndex - end } : null;
}

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
    masks: withCodes(MASKS),
    shapes: withCodes(SHAPES),
    suffix: cardCodes,
    outranks: true,
  },
});

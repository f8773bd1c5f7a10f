// Random Pix keys (category 'chave_pix'): the "chave aleatória" is a UUID
// (8-4-4-4-12 hexadecimal digits), masked with a word of the category nearby ("chave
// Pix", "chave aleatória", "pix"): bare UUIDs are as often request or order ids. Pix keys
// that are a CPF, CNPJ, e-mail or telephone are caught by those detectors. Inside a Pix
// "copia e cola" payload (br-code.ts) the key, the receiver's name and city are masked
// here, whatever their kind: the payload's own structure says what they are.
import type { Analysis } from '../analysis.js';
import { brCodeFields } from './br-code.js';
import { defineDetector, type Span } from '../types.js';

const UUID = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![0-9A-Za-z])/y;

function isAlnumAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

export const pixKeyDetector = defineDetector({
  category: 'chave_pix',
  label: 'PIX',
  priority: 19,
  order: 52,
  context: ['pix', 'chave pix', 'chave', 'chave aleatoria', 'chaves', 'evp'],
  validate: (key) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(key),
  detect(a: Analysis): Span[] {
    const text = a.text;
    const out: Span[] = [];
    // Anchored on the first '-': eight hexadecimal digits before it, a group of four after.
    for (let p = text.indexOf('-', 8); p >= 0; p = text.indexOf('-', p + 1)) {
      if (text.charCodeAt(p + 5) !== 45) continue;
      const start = p - 8;
      if (isAlnumAt(text, start - 1)) continue;
      UUID.lastIndex = start;
      if (!UUID.test(text)) continue;
      const end = UUID.lastIndex;
      if (a.labelled('chave_pix', start, end)) {
        out.push({ start, end, key: text.slice(start, end).toLowerCase() });
      }
      p = end - 1;
    }
    if (text.includes('000201')) return [...out, ...brCodeFields(text)].sort((x, y) => x.start - y.start);
    return out;
  },
});

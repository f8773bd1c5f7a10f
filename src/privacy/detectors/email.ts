// E-mail detector. Anchored on each '@': the local part is read leftwards and the
// domain rightwards over the characters they may hold, then trimmed of punctuation the
// address is glued to ("(ana@x.com).", "<a@b.co>,"). Requires a dotted domain with an
// alphabetic top-level label, which rules out "@mentions", "user@localhost" and
// "pkg@1.2.3"; file names such as "foto@2x.png" are rejected by their extension.
// Key: the address in lower case.
import type { Analysis } from '../analysis.js';
import { defineDetector, type Span } from '../types.js';

const FILE_EXTENSIONS = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'svg',
  'webp',
  'bmp',
  'tif',
  'tiff',
  'ico',
  'heic',
  'avif',
  'pdf',
  'mp3',
  'mp4',
  'webm',
  'js',
  'ts',
  'css',
  'html',
  'json',
  'txt',
  'gz',
  'tgz',
  'csv',
  'xml',
]);

const NON_ASCII_LETTER = /[\p{L}\p{M}]/u;

function isLocalChar(c: number, ch: string): boolean {
  if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) return true;
  if (c === 46 || c === 95 || c === 37 || c === 43 || c === 45) return true; // . _ % + -
  return c > 127 && NON_ASCII_LETTER.test(ch);
}

function isDomainChar(c: number, ch: string): boolean {
  if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) return true;
  if (c === 46 || c === 45) return true;
  return c > 127 && NON_ASCII_LETTER.test(ch);
}

function isAsciiLetters(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i) | 32;
    if (c < 97 || c > 122) return false;
  }
  return true;
}

export const emailDetector = defineDetector({
  category: 'email',
  label: 'EMAIL',
  priority: 30,
  order: 30,
  context: [],
  validate: null,
  detect(a: Analysis): Span[] {
    const text = a.text;
    const out: Span[] = [];
    let last = 0;
    for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
      let s = at;
      while (s > last && isLocalChar(text.charCodeAt(s - 1), text[s - 1]!)) s--;
      // A local part neither starts with a dot nor carries the '+'/'-' of a list bullet.
      while (s < at && (text[s] === '.' || text[s] === '+' || text[s] === '-')) s++;
      if (s === at || text[at - 1] === '.') continue;
      let e = at + 1;
      while (e < text.length && isDomainChar(text.charCodeAt(e), text[e]!)) e++;
      while (e > at + 1 && (text[e - 1] === '.' || text[e - 1] === '-')) e--;
      const domain = text.slice(at + 1, e);
      const dot = domain.lastIndexOf('.');
      if (dot <= 0 || domain.includes('..') || domain[0] === '-') continue;
      const tld = domain.slice(dot + 1);
      if (tld.length < 2 || tld.length > 24 || !isAsciiLetters(tld)) continue;
      if (FILE_EXTENSIONS.has(tld.toLowerCase())) continue;
      // Glued to another '@' ("a@b@c.com") or a word: not an address.
      if (text[e] === '@' || text[s - 1] === '@') continue;
      out.push({ start: s, end: e, key: text.slice(s, e).toLowerCase() });
      last = e;
      at = e - 1;
    }
    return out;
  },
});

// Pix "copia e cola" payloads (BR Code): an EMV string of fields written as two-digit
// id, two-digit length and value ("000201" first, "6304" and a CRC16-CCITT of everything
// before it last). The receiver's Pix key (field 26, sub-field 01), the free text beside
// it (sub-field 02), the receiver's name (59) and city (60) are personal; the amount,
// currency, country and transaction id are not, and stay readable. Only a payload whose
// CRC checks is read, so a look-alike string of digits is left alone.
import type { Span } from '../types.js';

/** Longest payload the Pix specification allows. */
const MAX_PAYLOAD = 512;
const PIX_GUI = 'br.gov.bcb.pix';

/** Spans of the personal fields of every BR Code in `text`. */
export function brCodeFields(text: string): Span[] {
  const out: Span[] = [];
  for (let p = text.indexOf('000201'); p >= 0; p = text.indexOf('000201', p + 6)) {
    const fields = readPayload(text, p);
    if (fields !== null) out.push(...fields);
  }
  return out;
}

/** The personal fields of the payload starting at `start`, or null when it is none. */
function readPayload(text: string, start: number): Span[] | null {
  const spans: Span[] = [];
  let pos = start;
  const limit = Math.min(text.length, start + MAX_PAYLOAD);
  while (pos + 4 <= limit) {
    const id = text.slice(pos, pos + 2);
    const len = twoDigits(text, pos + 2);
    if (len < 0) return null;
    const at = pos + 4;
    if (at + len > limit) return null;
    if (id === '63') {
      if (len !== 4) return null;
      const crc = text.slice(at, at + 4).toUpperCase();
      return crc === crc16(text.slice(start, at)) ? spans : null;
    }
    if (id === '26') merchantAccount(text, at, at + len, spans);
    else if (id === '59' || id === '60') push(spans, text, at, at + len, id === '59' ? 'nome' : 'cidade');
    pos = at + len;
  }
  return null;
}

/** The key and the free text of a Pix merchant account template (field 26). */
function merchantAccount(text: string, from: number, to: number, spans: Span[]): void {
  let pos = from;
  let pix = false;
  while (pos + 4 <= to) {
    const id = text.slice(pos, pos + 2);
    const len = twoDigits(text, pos + 2);
    if (len < 0 || pos + 4 + len > to) return;
    const at = pos + 4;
    if (id === '00') pix = text.slice(at, at + len).toLowerCase() === PIX_GUI;
    else if (pix && (id === '01' || id === '02'))
      push(spans, text, at, at + len, id === '01' ? 'chave' : 'info');
    pos = at + len;
  }
}

function push(spans: Span[], text: string, start: number, end: number, field: string): void {
  if (end <= start) return;
  const value = text.slice(start, end);
  // The key keeps its own value as key: the same key elsewhere gets the same placeholder.
  spans.push({
    start,
    end,
    key: field === 'chave' ? value.toLowerCase() : `${field}:${value.toLowerCase()}`,
  });
}

function twoDigits(text: string, at: number): number {
  const a = text.charCodeAt(at) - 48;
  const b = text.charCodeAt(at + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/** CRC16-CCITT (polynomial 0x1021, initial 0xFFFF), four upper-case hexadecimal digits. */
export function crc16(s: string): string {
  let crc = 0xffff;
  for (let i = 0; i < s.length; i++) {
    crc ^= (s.charCodeAt(i) & 0xff) << 8;
    for (let k = 0; k < 8; k++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

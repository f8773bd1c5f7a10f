// Hostile files made on the spot, a few hundred bytes to a few hundred KB in memory and
// nothing on disk: PDFs whose streams inflate far beyond their size (one huge stream, or a
// modest one that every page draws again), PDFs that repeat themselves (a stream listed
// 20 000 times on one page, forms that draw forms, a page listed again and again in the page
// tree, a form that draws itself), images whose headers claim what decoding would cost, and
// an image of noise that keeps OCR busy for minutes.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

export interface BombPdfOptions {
  pages: number;
  /** Bytes the shared content stream inflates to (spaces after one line of text). */
  inflated: number;
  /** Filters applied to the stream, outermost last: ['FlateDecode'] or a double deflate. */
  filters?: ('FlateDecode' | 'ASCIIHexDecode')[];
}

/** A PDF whose pages all draw one content stream that inflates to `inflated` bytes. */
export function bombPdf({ pages, inflated, filters = ['FlateDecode'] }: BombPdfOptions): Buffer {
  const text = Buffer.from('BT /F1 12 Tf 56 770 Td (Clausula primeira) Tj ET\n', 'latin1');
  let data: Buffer = Buffer.concat([text, Buffer.alloc(Math.max(0, inflated - text.length), 0x20)]);
  // /Filter lists the decoding order; encode in reverse.
  for (const f of [...filters].reverse())
    data = f === 'FlateDecode' ? deflateSync(data, { level: 9 }) : Buffer.from(data.toString('hex'));
  const pageIds = Array.from({ length: pages }, (_, i) => 5 + i);
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    Buffer.concat([
      Buffer.from(
        `<< /Length ${data.length} /Filter [${filters.map((f) => `/${f}`).join(' ')}] >>\nstream\n`,
      ),
      data,
      Buffer.from('\nendstream'),
    ]),
    ...pageIds.map(
      () =>
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>',
    ),
  ];
  return writePdf(objects);
}

/** A content stream: `text` padded with spaces to `size` bytes, deflated. */
function spacedStream(text: string, size: number): Buffer {
  const head = Buffer.from(text, 'latin1');
  const data = deflateSync(Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]), {
    level: 9,
  });
  return Buffer.concat([
    Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`),
    data,
    Buffer.from('\nendstream'),
  ]);
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
const LINE = 'BT /F1 12 Tf 56 770 Td (Clausula primeira) Tj ET\n';

/** One page whose /Contents array lists the same stream (`inflated` bytes) `times` times. */
export function repeatedContentsPdf({ times, inflated }: { times: number; inflated: number }): Buffer {
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [5 0 R] /Count 1 >>',
    FONT,
    spacedStream(LINE, inflated),
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents [${Array(times).fill('4 0 R').join(' ')}] >>`,
  ]);
}

/**
 * A page that draws form 1 `fanout` times; each of `depth` forms draws the next `fanout`
 * times, and the last one writes a line of text: fanout^depth texts from a file of a few KB.
 */
export function nestedFormsPdf({ depth, fanout }: { depth: number; fanout: number }): Buffer {
  const draws = (name: string) => `${Array(fanout).fill(`/${name} Do`).join('\n')}\n`;
  const stream = (dict: string, body: string) =>
    `<< ${dict} /Length ${body.length} >>\nstream\n${body}\nendstream`;
  // Objects: 1 catalog, 2 pages, 3 page, 4 page content, 5 font, 6.. forms.
  const forms = Array.from({ length: depth }, (_, i) => {
    const id = 6 + i;
    const last = i === depth - 1;
    const resources = last ? '/Font << /F1 5 0 R >>' : `/XObject << /Fx ${id + 1} 0 R >>`;
    return stream(
      `/Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources << ${resources} >>`,
      last ? LINE : draws('Fx'),
    );
  });
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Fx 6 0 R >> >> /Contents 4 0 R >>',
    stream('', draws('Fx')),
    FONT,
    ...forms,
  ]);
}

/** A page tree that lists one page (drawing `inflated` bytes) `times` times; /Count says so. */
export function repeatedPagesPdf({ times, inflated }: { times: number; inflated: number }): Buffer {
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${Array(times).fill('5 0 R').join(' ')}] /Count ${times} >>`,
    FONT,
    spacedStream(LINE, inflated),
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>',
  ]);
}

/** A form that draws itself: pdf.js would never finish the page. */
export function selfDrawingFormPdf(): Buffer {
  const body = `${LINE}/Me Do\n`;
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Me 5 0 R >> /Font << /F1 6 0 R >> >> /Contents 4 0 R >>',
    '<< /Length 7 >>\nstream\n/Me Do\nendstream',
    `<< /Type /XObject /Subtype /Form /BBox [0 0 595 842] /Length ${body.length} >>\nstream\n${body}\nendstream`,
    FONT,
  ]);
}

/** A PDF file of these objects (numbered from 1, object 1 the catalog), with a correct xref table. */
export function writePdf(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let at = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(at);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      Buffer.from(body as never),
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(chunk);
    at += chunk.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  parts.push(
    Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`),
  );
  return Buffer.concat(parts);
}

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/**
 * A PNG of zeros whose IHDR says width × height at this bit depth and colour type (6 = RGBA):
 * `rows` rows of real data at most (a header claiming 100 000 × 100 000 need not carry them).
 */
export function pngClaiming(width: number, height: number, depth = 8, colourType = 6, rows = height): Buffer {
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[colourType as 0 | 2 | 4 | 6];
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(depth, 8);
  ihdr.writeUInt8(colourType, 9);
  const stride = 1 + Math.ceil((width * channels * depth) / 8);
  const idat = deflateSync(Buffer.alloc(stride * Math.min(rows, height)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A greyscale PNG of random noise: cheap to make, slow for OCR (tesseract looks for text everywhere). */
export function noisePng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height);
  let x = 0x9e3779b9;
  for (let i = 0; i < pixels.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    pixels[i] = x & 0xff;
  }
  return sharp(pixels, { raw: { width, height, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

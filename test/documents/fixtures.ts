// Documents made on the spot: a PDF with a text layer (pdf-lib), a PDF with only a picture
// (a "scan"), and photos of printed Portuguese text (an SVG rendered by sharp with the
// system's DejaVu fonts, then tilted and photographed as JPEG or PNG).
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

export const CPF = '529.982.247-25';
export const NAME = 'Maria Aparecida Souza';
export const EMAIL = 'maria.souza@exemplo.com.br';

export const LINES = [
  'Contrato de locação residencial',
  `Locatária: ${NAME}`,
  `CPF ${CPF}`,
  'São Paulo, 3 de março de 2025',
];

/** A PDF whose pages carry these lines as text (Helvetica, WinAnsi: accents included). */
export async function textPdf(pages: string[][] = [[...LINES, `E-mail: ${EMAIL}`]]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    for (const [i, line] of lines.entries()) page.drawText(line, { x: 56, y: 770 - i * 22, size: 12, font });
  }
  return Buffer.from(await doc.save());
}

/** A PDF whose only page is a picture of text: what a scanner produces. */
export async function scannedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(await photo('png'));
  const page = doc.addPage([595, 842]);
  page.drawImage(image, { x: 20, y: 400, width: 555, height: 300 });
  return Buffer.from(await doc.save());
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

/** Printed lines on slightly grey paper, a little tilted, at about 150 dpi. */
export async function photo(format: 'png' | 'jpeg' | 'webp' | 'tiff', lines = LINES): Promise<Buffer> {
  const width = 1400;
  const height = 160 + lines.length * 90;
  const text = lines
    .map(
      (l, i) =>
        `<text x="70" y="${120 + i * 90}" font-family="DejaVu Serif" font-size="44" fill="#1a1a1a">${escapeXml(l)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f1efe8"/>${text}</svg>`;
  const img = sharp(Buffer.from(svg)).rotate(1.5, { background: '#d8d4c8' }).blur(0.6);
  switch (format) {
    case 'png':
      return img.png().toBuffer();
    case 'jpeg':
      return img.jpeg({ quality: 72 }).toBuffer();
    case 'webp':
      return img.webp({ quality: 80 }).toBuffer();
    case 'tiff':
      return img.tiff().toBuffer();
  }
}

/** A large blank image, cheap to encode: for the pixel cap. */
export function blankImage(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .greyscale()
    .png()
    .toBuffer();
}

/** Sentences of an ordinary contract, for full pages. */
export const FILLER = [
  'O locador cede ao locatário, para uso exclusivamente residencial, o imóvel situado',
  'na Rua das Palmeiras, número 120, apartamento 42, bairro Jardim América, nesta capital.',
  'O prazo da locação é de trinta meses, contados a partir da data de assinatura deste contrato.',
  'O aluguel mensal será pago até o quinto dia útil de cada mês, por transferência bancária.',
  'O atraso no pagamento sujeitará o locatário à multa de dez por cento sobre o valor devido.',
  'As despesas ordinárias de condomínio, água, luz e gás ficam a cargo do locatário.',
];

/** An A4 page at 300 dpi (2480 × 3508) filled with printed lines, `CPF` and `NAME` among them. */
export async function a4Page(format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const lines: string[] = [];
  for (let i = 0; lines.length < 52; i++) lines.push(FILLER[i % FILLER.length]!);
  lines[3] = `Locatária: ${NAME}, inscrita no CPF sob o número ${CPF}.`;
  const text = lines
    .map(
      (l, i) =>
        `<text x="180" y="${260 + i * 60}" font-family="DejaVu Serif" font-size="42" fill="#111">${escapeXml(l)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2480" height="3508"><rect width="100%" height="100%" fill="#fff"/>${text}</svg>`;
  const img = sharp(Buffer.from(svg)).withMetadata({ density: 300 });
  return format === 'png' ? img.png().toBuffer() : img.jpeg({ quality: 85 }).toBuffer();
}

/** A PDF of `count` full pages of contract text, each line numbered "page.line". */
export function bigPdf(count: number): Promise<Buffer> {
  return textPdf(
    Array.from({ length: count }, (_, p) =>
      Array.from({ length: 30 }, (_, i) => `${p + 1}.${i + 1} ${FILLER[i % FILLER.length]}`),
    ),
  );
}

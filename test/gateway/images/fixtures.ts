// Pictures of invented documents for the image tests, drawn on the spot with the canvas
// the project already depends on and the Liberation Sans that pdf.js ships (so nothing
// depends on the machine's fonts): a short form with personal data and decoys.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';

const FONTS = join(
  dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
);
GlobalFonts.registerFromPath(join(FONTS, 'LiberationSans-Regular.ttf'), 'Liberation Sans Test');

export const PERSON = {
  name: 'Joana Prado Matos',
  cpf: '529.982.247-25',
  email: 'joana.prado@exemplo.com.br',
  phone: '(11) 98765-4321',
};
/** Every word of the personal values, as OCR would give them back. */
export const PERSONAL_WORDS = [
  'Joana',
  'Prado',
  'Matos',
  '529.982.247-25',
  'joana.prado@exemplo.com.br',
  '98765-4321',
];
/** Words that are no one's personal data and must stay readable. */
export const DECOYS = ['Papelaria', 'Horizonte', 'Recibo', 'Total', '1.234,56', '15/03/2024'];

export const LINES = [
  'Papelaria Horizonte - Recibo',
  `Nome: ${PERSON.name}`,
  `CPF: ${PERSON.cpf}`,
  `E-mail: ${PERSON.email}`,
  `Telefone: ${PERSON.phone}`,
  'Total R$ 1.234,56 em 15/03/2024',
];

/** The form as an image: PNG (default) or JPEG, about 760 × 330 pixels. */
export function formImage(type: 'png' | 'jpeg' = 'png', lines: readonly string[] = LINES): Buffer {
  const canvas = createCanvas(760, 40 + lines.length * 48);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fbfaf6';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#161616';
  ctx.font = '26px "Liberation Sans Test"';
  for (const [i, line] of lines.entries()) ctx.fillText(line, 30, 56 + i * 48);
  return type === 'png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg', 85);
}

export const dataUri = (bytes: Buffer, type = 'image/png') =>
  `data:${type};base64,${bytes.toString('base64')}`;

/** Whether OCR text still holds a word (spaces and case aside). */
export function readable(text: string, word: string): boolean {
  const squash = (s: string) => s.toLowerCase().replace(/\s+/g, '');
  return squash(text).includes(squash(word));
}

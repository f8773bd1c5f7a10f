// Pictures of invented Brazilian documents and screens for the image-redaction bench: an RG
// and a CNH card, a payslip, a receipt with "CPF na nota", a chat screenshot, a form with an
// address and CEP, and a scanned contract page. Every value is invented and carries valid
// check digits (privacy-gen.ts, documents-gen.ts); each picture comes in one of several
// fonts and sizes, slightly rotated, as PNG or JPEG of some quality, with some noise. Each
// comes with its gold words: which drawn word is whose personal data (by category), and
// which is a decoy that must stay readable (company names, prices, dates, process numbers).
// Seeded, so every run draws the same pictures.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type Canvas, createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';
import type { Category } from '../src/privacy/types.js';
import { COMMON_SURNAMES } from '../tools/names/lexicon.js';
import { address, cnh, digits, int, pis, rgSp } from './documents-gen.js';
import { HELDOUT_SURNAMES } from './names-chat-set.js';
import { cnpjChars, cpfDigits, fmtEmail, pick, type Rng } from './privacy-gen.js';

export const LAYOUTS = ['rg', 'cnh', 'holerite', 'cupom', 'conversa', 'formulario', 'contrato'] as const;
export type Layout = (typeof LAYOUTS)[number];

export interface GoldWord {
  text: string;
  /** Whose personal data the word is, or a decoy that must stay readable. */
  kind: Category | 'decoy';
}

export interface GeneratedImage {
  layout: Layout;
  type: 'png' | 'jpeg';
  bytes: Buffer;
  width: number;
  height: number;
  font: string;
  words: GoldWord[];
}

// Fonts: Liberation Sans from pdf.js (a dependency), the others from the bench's own
// packages (bench/package.json; `npm run bench:install`). A font that is not installed is
// left out, and the run says which fonts it drew with.
const benchRequire = createRequire(new URL('../../bench/package.json', import.meta.url));
const rootRequire = createRequire(import.meta.url);
const FONT_FILES: [string, () => string][] = [
  [
    'Liberation Sans',
    () =>
      join(
        dirname(rootRequire.resolve('pdfjs-dist/package.json')),
        'standard_fonts/LiberationSans-Regular.ttf',
      ),
  ],
  [
    'DejaVu Sans',
    () => join(dirname(benchRequire.resolve('dejavu-fonts-ttf/package.json')), 'ttf/DejaVuSans.ttf'),
  ],
  [
    'DejaVu Serif',
    () => join(dirname(benchRequire.resolve('dejavu-fonts-ttf/package.json')), 'ttf/DejaVuSerif.ttf'),
  ],
  ['Tinos', () => fontsource('tinos')],
  ['Cousine', () => fontsource('cousine')],
  ['Open Sans', () => fontsource('open-sans')],
];

function fontsource(name: string): string {
  return join(
    dirname(benchRequire.resolve(`@fontsource/${name}/package.json`)),
    `files/${name}-latin-400-normal.woff2`,
  );
}

export const FONTS: string[] = FONT_FILES.flatMap(([family, file]) => {
  try {
    GlobalFonts.registerFromPath(file(), `Gen ${family}`);
    return [family];
  } catch {
    return [];
  }
});

const FIRST = [
  'Ana',
  'Beatriz',
  'Camila',
  'Daniela',
  'Eduarda',
  'Fernanda',
  'Gabriela',
  'Helena',
  'Isabela',
  'Juliana',
  'Larissa',
  'Mariana',
  'Natália',
  'Patrícia',
  'Renata',
  'Tatiane',
  'Vanessa',
  'Adriano',
  'Bruno',
  'Carlos',
  'Diego',
  'Eduardo',
  'Felipe',
  'Gustavo',
  'Henrique',
  'Igor',
  'João',
  'Leandro',
  'Marcelo',
  'Otávio',
  'Rafael',
  'Sérgio',
  'Thiago',
  'Vinícius',
  'Wagner',
];
const COMPANIES = [
  'Papelaria Horizonte',
  'Mercado Bom Preço',
  'Farmácia Vida Nova',
  'Padaria Trigo de Ouro',
  'Acme Logística',
  'Construtora Alvorada',
  'Tecnova Sistemas',
  'Livraria Cultura Viva',
];
const CITIES = [
  'SÃO PAULO - SP',
  'CAMPINAS - SP',
  'RIO DE JANEIRO - RJ',
  'BELO HORIZONTE - MG',
  'CURITIBA - PR',
];
const ITEMS = [
  'CAFE TORRADO 500G',
  'ARROZ TIPO 1 5KG',
  'LEITE INTEGRAL 1L',
  'DETERGENTE 500ML',
  'PAO FRANCES KG',
];

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
const p2 = (n: number) => String(n).padStart(2, '0');

interface Person {
  name: string;
  mother: string;
  father: string;
  cpf: string;
  rg: string;
  cnh: string;
  pis: string;
  email: string;
  phone: string;
  birth: string;
  street: string;
  cep: string;
}

function surname(r: Rng): string {
  return cap(pick(r, r() < 0.3 ? HELDOUT_SURNAMES : COMMON_SURNAMES));
}

function person(r: Rng): Person {
  const last = surname(r);
  const cpf = cpfDigits(r);
  const rg = rgSp(r);
  const p = pis(r);
  const mobile = `9${digits(r, 4)}-${digits(r, 4)}`;
  const street = address(r).replace(/,? ?(?:CEP )?-? ?\d{5}-\d{3}$/, '');
  return {
    name: `${pick(r, FIRST)} ${surname(r)} ${last}`,
    mother: `${pick(r, FIRST.slice(0, 17))} ${surname(r)} ${surname(r)}`,
    father: `${pick(r, FIRST.slice(17))} ${last}`,
    cpf: `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
    rg: `${rg.slice(0, 2)}.${rg.slice(2, 5)}.${rg.slice(5, 8)}-${rg.slice(8)}`,
    cnh: cnh(r),
    pis: `${p.slice(0, 3)}.${p.slice(3, 8)}.${p.slice(8, 10)}-${p.slice(10)}`,
    email: fmtEmail(r).toLowerCase(),
    phone: `(${pick(r, ['11', '21', '31', '41', '51', '61', '71', '81'])}) ${mobile}`,
    birth: `${p2(int(r, 1, 28))}/${p2(int(r, 1, 12))}/${int(r, 1950, 2004)}`,
    street,
    cep: `${digits(r, 5)}-${digits(r, 3)}`,
  };
}

function date(r: Rng, from = 2015, to = 2025): string {
  return `${p2(int(r, 1, 28))}/${p2(int(r, 1, 12))}/${int(r, from, to)}`;
}

function money(r: Rng, lo: number, hi: number): string {
  const v = int(r, lo * 100, hi * 100);
  const reais = Math.floor(v / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${reais},${p2(v % 100)}`;
}

function cnpj(r: Rng): string {
  const c = cnpjChars(r, false);
  return `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;
}

/** A process number in the CNJ form (NNNNNNN-DD.AAAA.J.TR.OOOO). */
function processNumber(r: Rng): string {
  return `${digits(r, 7)}-${digits(r, 2)}.${int(r, 2015, 2025)}.8.26.${digits(r, 4)}`;
}

/** One run of text on the page: what is drawn, where, and what its words are. */
interface Piece {
  text: string;
  x: number;
  y: number;
  /** Font size in pixels (before the picture's scale). */
  size: number;
  kind?: Category | 'decoy';
  bold?: boolean;
  colour?: string;
}

interface Page {
  width: number;
  height: number;
  background: string;
  /** Filled rectangles drawn first (chat bubbles, card bands). */
  boxes?: { x: number; y: number; w: number; h: number; colour: string }[];
  pieces: Piece[];
}

const label = (text: string, x: number, y: number, size = 15): Piece => ({ text, x, y, size });
const value = (text: string, kind: Piece['kind'], x: number, y: number, size = 24): Piece => ({
  text,
  kind,
  x,
  y,
  size,
});

function rgCard(r: Rng, who: Person): Page {
  return {
    width: 1000,
    height: 640,
    background: '#e9efe3',
    pieces: [
      { text: 'REPÚBLICA FEDERATIVA DO BRASIL', x: 270, y: 50, size: 26 },
      label('REGISTRO GERAL', 40, 110),
      value(who.rg, 'rg', 40, 140),
      label('DATA DE EXPEDIÇÃO', 560, 110),
      value(date(r), 'decoy', 560, 140),
      label('NOME', 40, 200),
      value(who.name.toUpperCase(), 'nome', 40, 230),
      label('FILIAÇÃO', 40, 290),
      value(who.father.toUpperCase(), 'nome', 40, 320),
      value(who.mother.toUpperCase(), 'nome', 40, 352),
      label('NATURALIDADE', 40, 420),
      value(pick(r, CITIES), undefined, 40, 450),
      label('DATA DE NASCIMENTO', 560, 420),
      value(who.birth, 'data_nascimento', 560, 450),
      label('CPF', 40, 510),
      value(who.cpf, 'cpf', 40, 540),
    ],
  };
}

function cnhCard(r: Rng, who: Person): Page {
  return {
    width: 1000,
    height: 660,
    background: '#eef0e4',
    boxes: [{ x: 0, y: 0, w: 1000, h: 70, colour: '#c9dcc0' }],
    pieces: [
      { text: 'CARTEIRA NACIONAL DE HABILITAÇÃO', x: 200, y: 48, size: 26 },
      label('NOME', 40, 110),
      value(who.name.toUpperCase(), 'nome', 40, 140),
      label('DOC. IDENTIDADE / ÓRG. EMISSOR / UF', 40, 190),
      value(who.rg, 'rg', 40, 220),
      { text: '  SSP SP', x: -1, y: 220, size: 24 },
      label('CPF', 40, 270),
      value(who.cpf, 'cpf', 40, 300),
      label('DATA NASCIMENTO', 560, 270),
      value(who.birth, 'data_nascimento', 560, 300),
      label('FILIAÇÃO', 40, 350),
      value(who.father.toUpperCase(), 'nome', 40, 380),
      value(who.mother.toUpperCase(), 'nome', 40, 412),
      label('Nº REGISTRO', 40, 470),
      value(who.cnh, 'cnh', 40, 500),
      label('VALIDADE', 420, 470),
      value(date(r, 2026, 2034), 'decoy', 420, 500),
      label('1ª HABILITAÇÃO', 700, 470),
      value(date(r, 2000, 2015), 'decoy', 700, 500),
      label('CAT. HAB.', 40, 560),
      value('AB', undefined, 40, 590),
    ],
  };
}

function payslip(r: Rng, who: Person): Page {
  const company = pick(r, COMPANIES);
  const rows: [string, string][] = [
    ['Salário base', money(r, 2500, 9000)],
    ['Horas extras', money(r, 100, 900)],
    ['INSS', money(r, 200, 900)],
    ['IRRF', money(r, 50, 1200)],
    ['Vale-transporte', money(r, 60, 300)],
  ];
  const pieces: Piece[] = [
    { text: company.toUpperCase(), x: 40, y: 50, size: 26, kind: 'decoy' },
    label(`CNPJ ${cnpj(r)}`, 40, 85, 17),
    { text: 'Demonstrativo de Pagamento de Salário', x: 40, y: 130, size: 22 },
    label('Competência:', 620, 130, 18),
    value(`${p2(int(r, 1, 12))}/${int(r, 2020, 2025)}`, 'decoy', 740, 130, 18),
    label('Funcionário:', 40, 180, 18),
    value(who.name, 'nome', 160, 180, 18),
    label('CPF:', 40, 215, 18),
    value(who.cpf, 'cpf', 90, 215, 18),
    label('PIS:', 330, 215, 18),
    value(who.pis, 'pis', 380, 215, 18),
    label('Admissão:', 620, 215, 18),
    value(date(r, 2010, 2023), 'decoy', 720, 215, 18),
  ];
  rows.forEach(([what, amount], i) => {
    pieces.push(label(what, 40, 270 + i * 34, 18), value(amount, 'decoy', 620, 270 + i * 34, 18));
  });
  pieces.push(
    label('Líquido a receber', 40, 470, 20),
    value(money(r, 2000, 8000), 'decoy', 620, 470, 20),
    label(`Banco 341 Agência ${digits(r, 4)} Conta ${digits(r, 5)}-${digits(r, 1)}`, 40, 520, 18),
  );
  return { width: 900, height: 560, background: '#ffffff', pieces };
}

function receipt(r: Rng, who: Person): Page {
  const company = pick(r, COMPANIES);
  const pieces: Piece[] = [
    { text: company.toUpperCase(), x: 30, y: 45, size: 22, kind: 'decoy' },
    label(`CNPJ: ${cnpj(r)}`, 30, 75, 16),
    label('DOCUMENTO AUXILIAR DA NFC-e', 30, 115, 16),
  ];
  for (let i = 0; i < 4; i++) {
    pieces.push(
      label(pick(r, ITEMS), 30, 160 + i * 30, 16),
      value(money(r, 3, 60), 'decoy', 420, 160 + i * 30, 16),
    );
  }
  pieces.push(
    label('VALOR TOTAL R$', 30, 300, 18),
    value(money(r, 20, 400), 'decoy', 420, 300, 18),
    label('CPF DO CONSUMIDOR:', 30, 350, 16),
    value(who.cpf, 'cpf', 220, 350, 16),
    label(`NFC-e nº ${digits(r, 6)} Série 1`, 30, 390, 16),
    value(`${date(r, 2023, 2025)}`, 'decoy', 30, 420, 16),
    label(`${p2(int(r, 8, 20))}:${p2(int(r, 0, 59))}:${p2(int(r, 0, 59))}`, 160, 420, 16),
  );
  return { width: 560, height: 460, background: '#fdfdf8', pieces };
}

function chat(r: Rng, who: Person): Page {
  const bubbles: { text: string; mine: boolean; kind?: Piece['kind']; prefix?: string }[] = [
    { text: 'Boa tarde! Para emitir o boleto preciso de alguns dados.', mine: false },
    { text: `Oi, aqui é ${who.name}`, mine: true, kind: 'nome', prefix: 'Oi, aqui é ' },
    { text: `meu cpf é ${who.cpf}`, mine: true, kind: 'cpf', prefix: 'meu cpf é ' },
    { text: `e o email ${who.email}`, mine: true, kind: 'email', prefix: 'e o email ' },
    { text: `meu zap ${who.phone}`, mine: true, kind: 'telefone', prefix: 'meu zap ' },
  ];
  const amount = money(r, 50, 900);
  const due = date(r, 2024, 2025);
  const boxes: Page['boxes'] = [{ x: 0, y: 0, w: 720, h: 80, colour: '#075e54' }];
  const pieces: Piece[] = [{ text: who.name, x: 90, y: 50, size: 24, kind: 'nome', colour: '#ffffff' }];
  // The agent's last message carries the decoys: an amount and a due date.
  bubbles.push({ text: `Obrigado! O boleto de R$ ${amount} vence ${due}`, mine: false });
  bubbles.forEach((b, i) => {
    const y = 130 + i * 70;
    const x = b.mine ? 230 : 20;
    boxes.push({ x: x - 10, y: y - 32, w: 480, h: 50, colour: b.mine ? '#dcf8c6' : '#ffffff' });
    if (b.prefix) {
      pieces.push(label(b.prefix, x, y, 19));
      // The value right after its prefix; its x is set when drawn (measured).
      pieces.push({ text: b.text.slice(b.prefix.length), kind: b.kind, x: -1, y, size: 19 });
    } else pieces.push(label(b.text, x, y, 19));
  });
  pieces.push(value(amount, 'decoy', -2, 0, 19), value(due, 'decoy', -2, 0, 19));
  return { width: 720, height: 130 + bubbles.length * 70, background: '#ece5dd', boxes, pieces };
}

function form(r: Rng, who: Person): Page {
  const company = pick(r, COMPANIES);
  return {
    width: 1000,
    height: 560,
    background: '#ffffff',
    pieces: [
      { text: `Ficha cadastral - ${company}`, x: 40, y: 50, size: 26 },
      value(company, 'decoy', -2, 50, 26),
      label('Nome:', 40, 110, 20),
      value(who.name, 'nome', 130, 110, 20),
      label('CPF:', 40, 160, 20),
      value(who.cpf, 'cpf', 110, 160, 20),
      label('RG:', 520, 160, 20),
      value(who.rg, 'rg', 570, 160, 20),
      label('Data de nascimento:', 40, 210, 20),
      value(who.birth, 'data_nascimento', 250, 210, 20),
      label('Endereço:', 40, 260, 20),
      value(who.street, 'endereco', 150, 260, 20),
      label('Bairro:', 40, 310, 20),
      value(pick(r, ['Centro', 'Jardim América', 'Vila Mariana', 'Boa Vista']), undefined, 120, 310, 20),
      label('CEP:', 520, 310, 20),
      value(who.cep, 'endereco', 580, 310, 20),
      label('Cidade/UF:', 40, 360, 20),
      value(pick(r, CITIES), undefined, 160, 360, 20),
      label('Telefone:', 40, 410, 20),
      value(who.phone, 'telefone', 150, 410, 20),
      label('E-mail:', 520, 410, 20),
      value(who.email, 'email', 600, 410, 20),
      label('Data do cadastro:', 40, 480, 20),
      value(date(r), 'decoy', 230, 480, 20),
    ],
  };
}

/** A contract page at 150 dpi (A4: 1240 × 1754), its clauses wrapped by the drawing. */
function contract(r: Rng, who: Person, font: string): Page {
  const company = pick(r, COMPANIES);
  const paragraphs: { text: string; parts: [string, Piece['kind']][] }[] = [
    {
      text: '',
      parts: [
        ['CONTRATANTE: ', undefined],
        [who.name, 'nome'],
        [', brasileira(o), portadora(or) do RG nº ', undefined],
        [who.rg, 'rg'],
        [' e inscrita(o) no CPF sob o nº ', undefined],
        [who.cpf, 'cpf'],
        [', residente na ', undefined],
        [who.street, 'endereco'],
        [', CEP ', undefined],
        [who.cep, 'endereco'],
        ['.', undefined],
      ],
    },
    {
      text: '',
      parts: [
        ['CONTRATADA: ', undefined],
        [`${company} Ltda`, 'decoy'],
        [`, inscrita no CNPJ sob o nº ${cnpj(r)}, com sede nesta capital.`, undefined],
      ],
    },
    {
      text: '',
      parts: [
        [
          'Cláusula 1ª. O objeto deste contrato é a prestação de serviços de consultoria, pelo valor de R$ ',
          undefined,
        ],
        [money(r, 1000, 50000), 'decoy'],
        [', pagos em até trinta dias, conforme o processo nº ', undefined],
        [processNumber(r), 'decoy'],
        ['.', undefined],
      ],
    },
    {
      text: '',
      parts: [
        [
          'Cláusula 2ª. As partes elegem o foro da comarca de São Paulo para dirimir quaisquer dúvidas.',
          undefined,
        ],
      ],
    },
    {
      text: '',
      parts: [
        ['São Paulo, ', undefined],
        [date(r, 2023, 2025), 'decoy'],
        ['.', undefined],
      ],
    },
  ];
  const pieces: Piece[] = [{ text: 'CONTRATO DE PRESTAÇÃO DE SERVIÇOS', x: 300, y: 140, size: 30 }];
  let y = 240;
  for (const p of paragraphs) {
    y = wrap(pieces, p.parts, { x0: 120, y, width: 1000, size: 24, font }) + 30;
  }
  pieces.push(
    { text: '______________________________', x: 120, y: y + 160, size: 24 },
    value(who.name, 'nome', 120, y + 200, 24),
    { text: '______________________________', x: 680, y: y + 160, size: 24 },
    value(company, 'decoy', 680, y + 200, 24),
  );
  return { width: 1240, height: 1754, background: '#f7f5ee', pieces };
}

/**
 * Lays runs of text out in lines of at most `width` pixels (an estimate: the drawing
 * measures), word by word, each word keeping its run's kind. Returns the next free y.
 */
function wrap(
  out: Piece[],
  parts: [string, Piece['kind']][],
  at: { x0: number; y: number; width: number; size: number; font: string },
): number {
  const { x0, width, size } = at;
  let y = at.y;
  const measure = createCanvas(10, 10).getContext('2d');
  measure.font = `${size}px "Gen ${at.font}"`;
  let x = x0;
  for (const [text, kind] of parts) {
    for (const token of text.split(/(?<= )/)) {
      const w = measure.measureText(token).width;
      if (x + w > x0 + width && x > x0) {
        x = x0;
        y += Math.round(size * 1.6);
      }
      out.push({ text: token, x, y, size, kind });
      x += w;
    }
  }
  return y + Math.round(size * 1.6);
}

const BUILDERS: Record<Layout, (r: Rng, who: Person, font: string) => Page> = {
  rg: rgCard,
  cnh: cnhCard,
  holerite: payslip,
  cupom: receipt,
  conversa: chat,
  formulario: form,
  contrato: contract,
};

/** Words of a drawn value as OCR would separate them; punctuation around a word is not part of it. */
function goldWords(text: string, kind: GoldWord['kind']): GoldWord[] {
  return text
    .split(/\s+/)
    .map((w) => w.replace(/^[(,.;:"']+|[),.;:"']+$/g, ''))
    .filter((w) => w.length > 0)
    .map((w) => ({ text: w, kind }));
}

function draw(page: Page, font: string, scale: number): { canvas: Canvas; words: GoldWord[] } {
  const canvas = createCanvas(Math.round(page.width * scale), Math.round(page.height * scale));
  const ctx: SKRSContext2D = canvas.getContext('2d');
  ctx.fillStyle = page.background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  for (const b of page.boxes ?? []) {
    ctx.fillStyle = b.colour;
    ctx.fillRect(b.x * scale, b.y * scale, b.w * scale, b.h * scale);
  }
  const words: GoldWord[] = [];
  let lastEnd = 0;
  let lastY = Number.NaN;
  for (const p of page.pieces) {
    ctx.font = `${Math.round(p.size * scale)}px "Gen ${font}"`;
    // x = -1: right after the previous piece; x = -2: already drawn inside the previous piece.
    if (p.x === -2) {
      if (p.kind) words.push(...goldWords(p.text, p.kind));
      continue;
    }
    const x = p.x === -1 && p.y === lastY ? lastEnd : p.x * scale;
    ctx.fillStyle = p.colour ?? '#151515';
    ctx.fillText(p.text, x, p.y * scale);
    lastEnd = x + ctx.measureText(p.text).width;
    lastY = p.y;
    if (p.kind) words.push(...goldWords(p.text, p.kind));
  }
  return { canvas, words };
}

/** Gaussian-like noise of standard deviation `sigma` on every channel (sum of three uniforms). */
function addNoise(raw: Buffer, sigma: number, r: Rng): void {
  if (sigma <= 0) return;
  const k = sigma * 2; // three uniforms on [-1, 1] have a standard deviation of 1
  for (let i = 0; i < raw.length; i++) {
    const n = (r() + r() + r() - 1.5) * k;
    raw[i] = Math.max(0, Math.min(255, raw[i]! + n));
  }
}

export async function generateImage(r: Rng, layout: Layout): Promise<GeneratedImage> {
  const who = person(r);
  const font = pick(r, FONTS);
  const page = BUILDERS[layout](r, who, font);
  // Scanned contract pages keep their 150 dpi; screens and cards come in several sizes.
  const scale = layout === 'contrato' ? 1 : 0.8 + r() * 0.5;
  const { canvas, words } = draw(page, font, scale);
  const angle = (r() * 2 - 1) * 2;
  const { data, info } = await sharp(canvas.toBuffer('image/png'))
    .rotate(angle, { background: page.background })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  addNoise(data, r() < 0.3 ? 0 : 3 + r() * 9, r);
  const type = r() < 0.6 ? 'jpeg' : 'png';
  const image = sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } });
  const bytes = await (type === 'jpeg' ? image.jpeg({ quality: int(r, 55, 95) }) : image.png()).toBuffer();
  return { layout, type, bytes, width: info.width, height: info.height, font, words };
}

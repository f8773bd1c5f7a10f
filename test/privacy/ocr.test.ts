// Personal data on an OCR page: the detectors over OCR's text and its tolerant reading, and
// labels that make the value beside them personal whatever OCR made of it. Pages are built
// by hand here (words and boxes), so each rule is tested alone; the end of the file reads a
// real rendering with the real OCR.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { OcrPool } from '../../src/documents/index.js';
import { digitReading, emailReading } from '../../src/privacy/ocr/confusions.js';
import { findInOcr, type OcrTextLine } from '../../src/privacy/ocr/index.js';

/** Lines of words at the given x (in 20-pixel-high lines, 40 pixels apart). */
function page(...rows: (string | [number, string])[][]): OcrTextLine[] {
  return rows.map((row, l) => {
    let x = 0;
    const words = row.map((cell) => {
      const [at, text] = typeof cell === 'string' ? [x, cell] : cell;
      const box = { x0: at, y0: l * 40, x1: at + text.length * 10, y1: l * 40 + 20 };
      x = box.x1 + 10;
      return { text, confidence: 90, box };
    });
    const box = { x0: words[0]!.box.x0, y0: l * 40, x1: words.at(-1)!.box.x1, y1: l * 40 + 20 };
    return { paragraph: 1, box, words };
  });
}

/** Each match as "category:word word". */
function found(lines: OcrTextLine[]): string[] {
  return findInOcr(lines).map(
    (m) => `${m.category}:${m.words.map((r) => lines[r.line]!.words[r.word]!.text).join(' ')}`,
  );
}

describe('OCR-tolerant reading', () => {
  it('reads a misread @ as one', () => {
    for (const read of [
      'nome.sobrenomeopexemplo.com.br',
      'nome.sobrenome©exemplo.com.br',
      'nome.sobrenome(a)exemplo.com.br',
      'nome.sobrenome&exemplo.com.br',
    ])
      assert.equal(emailReading(read), 'nome.sobrenome@exemplo.com.br', read);
    assert.equal(emailReading('www.shopping.com.br'), null, 'a web address is not an e-mail');
    assert.equal(emailReading('desenvolvimento'), null);
  });

  it('reads letters in digit runs as the digits they stand for, and commas as dots', () => {
    assert.equal(digitReading('529.982.247-2S'), '529.982.247-25');
    assert.equal(digitReading('O3/07/1985'), '03/07/1985');
    assert.equal(digitReading('l23.456.789-09'), '123.456.789-09');
    assert.equal(digitReading('529,982,247-25'), '529.982.247-25');
    for (const word of ['SOLO', 'Bolsa', 'ISO9001', 'R$']) assert.equal(digitReading(word), word);
  });

  it('finds what the detectors miss in OCR text', () => {
    assert.deepEqual(found(page(['E-mail:', 'nome.sobrenomeopexemplo.com.br'])), [
      'email:nome.sobrenomeopexemplo.com.br',
    ]);
    assert.deepEqual(found(page(['contato', 'nome.sobrenome', 'op', 'exemplo.com.br'])), [
      'email:nome.sobrenome op exemplo.com.br',
    ]);
    assert.deepEqual(found(page(['meu', 'cpf', 'é', '529.982.247-2S'])), ['cpf:529.982.247-2S']);
  });
});

describe('labels on an OCR page', () => {
  it('a label makes the value after it personal, whatever OCR made of it', () => {
    assert.deepEqual(found(page(['E-mail:', 'nome.sobrenomeEexemplo.com.br'])), [
      'email:nome.sobrenomeEexemplo.com.br',
    ]);
    assert.deepEqual(found(page(['CPF:', '5Z9.98Z.Z4?-25'])), ['cpf:5Z9.98Z.Z4?-25']);
  });

  it('the value stops at the next label written with its colon, and at a column gap', () => {
    const lines = page(['Nome:', 'Xuxa', 'Quixabeira', 'CPF:', '529.982.247-25']);
    assert.deepEqual(found(lines).sort(), ['cpf:529.982.247-25', 'nome:Xuxa Quixabeira']);
    const gap = page(['Nome:', 'Xuxa', 'Quixabeira', [900, 'Papelaria'], 'Horizonte']);
    assert.deepEqual(found(gap), ['nome:Xuxa Quixabeira']);
  });

  it('a label alone on its line takes the line below, in its column (a card)', () => {
    const card = page(
      [[0, 'FILIAÇÃO'], [500, 'DATA'], 'DE', 'NASCIMENTO'],
      [[0, 'JOSÉ'], 'QUIXABEIRA', [500, '03/07/1985']],
      [[0, 'ANA'], 'QUIXABEIRA'],
      [[0, 'NATURALIDADE']],
      [[0, 'SÃO'], 'PAULO'],
    );
    const got = found(card);
    assert.ok(got.includes('nome:JOSÉ QUIXABEIRA'), got.join());
    assert.ok(got.includes('nome:ANA QUIXABEIRA'), got.join());
    assert.ok(got.includes('data_nascimento:03/07/1985'), got.join());
    assert.ok(!got.some((g) => g.includes('PAULO')), 'the city is no one’s name');
  });

  it('a label glued to its value, and a company after a name label', () => {
    assert.deepEqual(found(page(['CPF', 'DO', 'CONSUMIDORA42.458.718-06'])), [
      'cpf:CONSUMIDORA42.458.718-06',
    ]);
    assert.deepEqual(found(page(['FuncionárioXuxa', 'Quixabeira'])), ['nome:FuncionárioXuxa Quixabeira']);
    assert.deepEqual(found(page(['Cliente:', 'Papelaria', 'Horizonte', 'Ltda'])), []);
  });

  it('only the organisation’s categories', () => {
    const lines = page(['CPF:', '5Z9.98Z.Z4?-25', 'E-mail:', 'nomeopexemplo.com.br']);
    const got = findInOcr(lines, { categories: ['email'] }).map((m) => m.category);
    assert.deepEqual(got, ['email']);
  });
});

describe('the 40-pixel e-mail, read by the real OCR', () => {
  const ocr = new OcrPool({ size: 1 });
  after(() => ocr.close());

  it('is found, all of it', async () => {
    const fonts = join(
      dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
      'standard_fonts',
    );
    GlobalFonts.registerFromPath(join(fonts, 'LiberationSans-Regular.ttf'), 'Liberation Sans OCR Test');
    const canvas = createCanvas(900, 80);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, 900, 80);
    ctx.fillStyle = '#000000';
    ctx.font = '40px "Liberation Sans OCR Test"';
    ctx.fillText('E-mail: nome.sobrenome@exemplo.com.br', 10, 55);
    const { lines } = await ocr.recognizeWords(canvas.toBuffer('image/png'));
    const matches = findInOcr(lines);
    const covered = matches.flatMap((m) => m.words.map((r) => lines[r.line]!.words[r.word]!.text)).join(' ');
    assert.deepEqual(
      matches.map((m) => m.category),
      ['email'],
    );
    for (const piece of ['nome', 'sobrenome', 'exemplo']) assert.ok(covered.includes(piece), covered);
  });
});

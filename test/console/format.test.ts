// The console's one voice (web/src/format.ts, web/src/categories.ts): dates as dd/mm/aaaa and
// dd/mm/aaaa hh:mm in the profile's zone, money as R$ 1.234,56 and US$ 1.234,50, category
// names as people say them, a colour token per category with AA contrast, and no page that
// formats a date by itself.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import { CATEGORIES, LABEL } from '../../src/privacy/index.js';
import { WEB, webModule } from './web-module.js';

// The modules' shapes, written here: importing their types would make tsc compile web/src
// into dist/web, where the console's build is served from.
interface Format {
  setTimeZone(zone: string | undefined): void;
  dateTime(iso: string | null | undefined): string;
  date(iso: string | null | undefined): string;
  day(iso: string): string;
  lastUse(iso: string | null, createdAt: string): string;
  brl(centavos: number): string;
  usd(value: number): string;
  number(n: number): string;
}
interface Categories {
  CATEGORY_INFO: readonly { category: string; label: string; name: string }[];
  categoryName(code: string): string;
  findingsText(findings: Record<string, number>): string;
  placeholders(text: string): (string | { text: string; category: string })[];
}

let f: Format;
let c: Categories;
before(async () => {
  f = await webModule<Format>('format.ts');
  c = await webModule<Categories>('categories.ts');
});

describe('format.ts', () => {
  it('dates: dd/mm/aaaa and dd/mm/aaaa hh:mm, in the profile zone', () => {
    f.setTimeZone('America/Sao_Paulo');
    // 02:30 UTC on the 27th is still the 26th in São Paulo.
    assert.equal(f.dateTime('2026-11-27T02:30:00Z'), '26/11/2026 23:30');
    assert.equal(f.date('2026-11-27T02:30:00Z'), '26/11/2026');
    assert.equal(f.dateTime('2026-01-05T12:07:00.000Z'), '05/01/2026 09:07');
    f.setTimeZone('Asia/Tokyo');
    assert.equal(f.dateTime('2026-11-27T02:30:00Z'), '27/11/2026 11:30');
    assert.equal(f.date('2026-11-27T02:30:00Z'), '27/11/2026');
    // Midnight is 00, never 24.
    f.setTimeZone('UTC');
    assert.equal(f.dateTime('2026-03-01T00:00:00Z'), '01/03/2026 00:00');
  });

  it('dates: nothing, garbage and an unknown zone give a dash or a date, never an exception', () => {
    f.setTimeZone('America/Sao_Paulo');
    for (const none of [null, undefined, '', 'ontem']) {
      assert.equal(f.dateTime(none), '—', String(none));
      assert.equal(f.date(none), '—', String(none));
    }
    f.setTimeZone('Nenhum/Lugar');
    assert.match(f.dateTime('2026-11-26T17:05:00Z'), /^\d{2}\/\d{2}\/2026 \d{2}:05$/);
    f.setTimeZone(undefined);
  });

  it('calendar days and the last use of a key', () => {
    assert.equal(f.day('2026-11-26'), '26/11/2026');
    assert.equal(f.day('2026-02-03T10:00:00Z'), '03/02/2026');
    f.setTimeZone('America/Sao_Paulo');
    assert.equal(f.lastUse('2026-11-26T17:00:00Z', '2026-11-26T10:00:00Z'), '26/11/2026 14h');
    // The hour bucket never reads earlier than the key's creation.
    assert.equal(f.lastUse('2026-11-26T17:00:00Z', '2026-11-26T17:40:00Z'), '26/11/2026 14h');
    assert.equal(f.lastUse(null, '2026-11-26T10:00:00Z'), '—');
  });

  it('money: R$ 1.234,56 from centavos, US$ with Brazilian separators', () => {
    assert.equal(f.brl(123456), 'R$ 1.234,56');
    assert.equal(f.brl(5), 'R$ 0,05');
    assert.equal(f.brl(0), 'R$ 0,00');
    assert.equal(f.brl(2750), 'R$ 27,50');
    assert.equal(f.brl(123456789), 'R$ 1.234.567,89');
    assert.equal(f.brl(-2550), '-R$ 25,50');
    assert.equal(f.usd(1234.5), 'US$ 1.234,50');
    assert.equal(f.usd(5), 'US$ 5,00');
    assert.equal(f.usd(0.0025), 'US$ 0,0025');
    assert.equal(f.number(1234567), '1.234.567');
  });
});

describe('categories.ts', () => {
  it('names every category of the barrier, with the server’s placeholder label', () => {
    assert.deepEqual(
      c.CATEGORY_INFO.map((i) => i.category),
      [...CATEGORIES],
    );
    for (const info of c.CATEGORY_INFO) {
      assert.equal(info.label, LABEL[info.category as keyof typeof LABEL], info.category);
      // A name is what people say, not the placeholder's code (TITULO, CARTAO, ENDERECO).
      if (info.name === info.label) assert.match(info.name, /^(CPF|CNPJ|RG|CNH|RENAVAM|IP)$/, info.category);
    }
    assert.equal(c.categoryName('titulo_eleitor'), 'Título de eleitor');
    assert.equal(c.categoryName('cartao'), 'Cartão de pagamento');
    assert.equal(c.categoryName('endereco'), 'Endereço');
    assert.equal(c.findingsText({ cpf: 1, email: 2 }), 'CPF: 1, E-mail: 2');
  });

  it('finds each placeholder of a cleaned text with its category', () => {
    const parts = c.placeholders('A [TITULO_1], o [CARTAO removido] e [ENDERECO_12]; [XYZ_1] fica.');
    assert.deepEqual(
      parts.filter((p) => typeof p !== 'string'),
      [
        { text: '[TITULO_1]', category: 'titulo_eleitor' },
        { text: '[CARTAO removido]', category: 'cartao' },
        { text: '[ENDERECO_12]', category: 'endereco' },
      ],
    );
    assert.equal(
      parts.map((p) => (typeof p === 'string' ? p : p.text)).join(''),
      'A [TITULO_1], o [CARTAO removido] e [ENDERECO_12]; [XYZ_1] fica.',
    );
  });

  it('a colour token per category, distinct, each AA (4.5:1) with the placeholder text', () => {
    const tokens = readFileSync(`${WEB}tokens.css`, 'utf8');
    const styles = readFileSync(`${WEB}styles.css`, 'utf8');
    const value = (name: string) => new RegExp(`--${name}:\\s*(#[0-9a-f]{6});`, 'i').exec(tokens)?.[1];
    const text = value('cat-text');
    assert.ok(text, '--cat-text is defined');
    const seen = new Set<string>();
    for (const { category } of c.CATEGORY_INFO) {
      const token = `cat-${category.replaceAll('_', '-')}`;
      const colour = value(token);
      assert.ok(colour, `--${token} in tokens.css`);
      assert.ok(!seen.has(colour.toLowerCase()), `${category}: its own colour`);
      seen.add(colour.toLowerCase());
      assert.ok(contrast(colour, text) >= 4.5, `${category}: ${contrast(colour, text).toFixed(2)}:1`);
      assert.match(
        styles,
        new RegExp(`\\.ph-${category} \\{\\n  background: var\\(--${token}\\);`),
        category,
      );
    }
  });
});

describe('one formatter for the whole console', () => {
  it('no page formats a date or money by itself', () => {
    const files = readdirSync(WEB, { recursive: true, encoding: 'utf8' }).filter(
      (n) => /\.tsx?$/.test(n) && n !== 'format.ts',
    );
    assert.ok(files.length > 20, 'the walk found the pages');
    const offenders = files.filter((n) =>
      // What shows a date or an amount to people; a YYYY-MM-DD for the API (toISOString) is not that.
      /toLocale(Date|Time)?String|Intl\.DateTimeFormat|style: 'currency'/.test(
        readFileSync(`${WEB}${n}`, 'utf8'),
      ),
    );
    assert.deepEqual(offenders, []);
  });
});

/** WCAG 2.1 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

// Companies named after people (names/companies.ts): once a text (or an earlier text of
// the request) names a company in full, its short name is not taken for a person under
// `balanced`. Each row first checks that the short name alone IS detected, so that the
// row fails if the company rule stops working. Sentences written for this test.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCleaner } from '../../../src/privacy/barrier.js';
import {
  BUSINESS_WORDS,
  COMPANY_HEADS,
  LEGAL_FORMS,
  LEGAL_FORMS_UPPER,
} from '../../../src/privacy/names/companies.js';
import { Analysis } from '../../../src/privacy/names/features.js';
import { detectNames, loadShippedModel, type Sensitivity } from '../../../src/privacy/names/index.js';
import { GAZ_ORG } from '../../../src/privacy/names/model.js';
import { Tokens } from '../../../src/privacy/names/tokenize.js';

function names(text: string, sensitivity: Sensitivity = 'balanced'): string[] {
  return detectNames(text, { sensitivity }).map((m) => text.slice(m.start, m.end));
}

describe('companies named after people', () => {
  const rows: [string, string, string, string[]][] = [
    [
      'legal form after the name',
      'Contratada: Zanini Renk Equipamentos Industriais Ltda.',
      'A Zanini Renk alerta para o risco.',
      [],
    ],
    ['S.A. in capitals', 'ZANINI RENK S.A. apresentou defesa.', 'A Zanini Renk alerta para o risco.', []],
    [
      'a company head before the name',
      'O Grupo Zanini Renk comprou a fábrica.',
      'A Zanini Renk alerta para o risco.',
      [],
    ],
    [
      'the person beside the company stays',
      'Contratada: Mendonça & Filhos Ltda.',
      'Representada por Carlos Mendonça, que assina.',
      ['Carlos Mendonça'],
    ],
    [
      'a title announces the person',
      'Contratada: Zanini Renk Equipamentos Industriais Ltda.',
      'O Sr. Zanini assinou o termo.',
      ['Zanini'],
    ],
    [
      'a masculine article announces the man',
      'Contratada: Nogueira Transportes Ltda.',
      'Falei com o Nogueira ontem.',
      ['Nogueira'],
    ],
  ];
  for (const [what, company, later, expected] of rows) {
    it(`${what}: ${JSON.stringify(later)}`, () => {
      assert.notDeepEqual(names(later), [], 'alone, the short name reads as a person');
      const text = `${company} ${later}`;
      const inLater = detectNames(text)
        .filter((m) => m.start > company.length)
        .map((m) => text.slice(m.start, m.end));
      assert.deepEqual(inLater, expected);
    });
  }

  it('a company named after a person gives no company words: its words are the name', () => {
    const text = 'Contratada: João Tavolaro ME, CNPJ 11.222.333/0001-81. A Tavolaro entrega na sexta.';
    assert.deepEqual(names(text), ['João Tavolaro', 'Tavolaro']);
  });

  it('under strict the short name stays masked: recall first', () => {
    const text = 'Contratada: Zanini Renk Equipamentos Industriais Ltda. A Zanini Renk alerta para o risco.';
    assert.ok(names(text, 'strict').includes('Zanini Renk'));
  });

  it('a heading is not a company: "Advogados: …"', () => {
    const text = 'Requerentes: Marcos Iasi Brandão Advogados: Barbara Rosenberg e Luis Galvão.';
    assert.deepEqual(names(text), ['Marcos Iasi Brandão', 'Barbara Rosenberg', 'Luis Galvão']);
  });

  it('"ME" in text written in capitals is a pronoun, not a legal form', () => {
    const text = 'JOÃO SILVA ME LIGOU ONTEM. SILVA DISSE QUE VEM.';
    assert.deepEqual(names(text), ['JOÃO SILVA', 'SILVA']);
  });

  it('"e" joins a person to the company, not the company name', () => {
    const text = 'O contrato entre Kleber Tompkins e Zanini Ltda foi assinado. Tompkins pagou.';
    assert.ok(names(text).includes('Tompkins'));
  });

  it('a company named in an earlier message of the request counts too', () => {
    const cleaner = createCleaner({ policy: 'placeholder' });
    const later = 'A Zanini Renk alerta para o risco.';
    assert.notEqual(createCleaner({ policy: 'placeholder' }).cleanText(later), later);
    cleaner.cleanText('Contratada: Zanini Renk Equipamentos Industriais Ltda.');
    assert.equal(cleaner.cleanText(later), later);
  });

  it('every company word is an organisation word of the shipped gazetteer (only those are looked up)', () => {
    const words = [LEGAL_FORMS, LEGAL_FORMS_UPPER, BUSINESS_WORDS, COMPANY_HEADS].join(' ');
    const tok = new Tokens();
    const an = new Analysis();
    tok.tokenize(words);
    an.run(loadShippedModel(), tok);
    const missing: string[] = [];
    for (let i = 0; i < tok.count; i++) {
      if ((an.flags[i]! & GAZ_ORG) === 0) missing.push(words.slice(tok.start[i], tok.end[i]));
    }
    assert.deepEqual(missing, []);
  });
});

// The deterministic Portuguese rules, without HTTP.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyseRules, sentences } from '../../src/contracts/analyses/rules.js';

const risk = (text: string, category: string) =>
  analyseRules(text).clauses.find((c) => c.category === category)?.risk;

describe('contract risk rules', () => {
  it('keeps clause numbers with their sentence', () => {
    assert.deepEqual(sentences('Cláusula 1ª. O prazo é de 12 meses. Cláusula 2ª. Multa de 2%.'), [
      'Cláusula 1ª. O prazo é de 12 meses.',
      'Cláusula 2ª. Multa de 2%.',
    ]);
  });

  it('grades each kind of clause', () => {
    assert.equal(risk('A multa será de 2% sobre a parcela.', 'penalties'), 'low');
    assert.equal(risk('A multa será de 15% sobre a parcela.', 'penalties'), 'medium');
    assert.equal(risk('MULTA DE 50% DO VALOR.', 'penalties'), 'high');
    assert.equal(risk('A CONTRATADA poderá rescindir sem aviso prévio.', 'termination'), 'high');
    assert.equal(risk('A rescisão exige aviso de 10 dias.', 'termination'), 'medium');
    assert.equal(risk('O preço será reajustado a critério exclusivo da CONTRATADA.', 'readjustment'), 'high');
    assert.equal(risk('Reajuste anual pelo IGP-M.', 'readjustment'), 'medium');
    assert.equal(risk('Conflitos serão resolvidos por arbitragem.', 'jurisdiction'), 'medium');
    assert.equal(risk('Este contrato vigorará por prazo indeterminado.', 'term'), 'medium');
    assert.equal(risk('O sigilo será mantido perpetuamente.', 'confidentiality'), 'medium');
    assert.equal(
      risk('A CONTRATADA poderá compartilhar dados pessoais com terceiros.', 'data_protection'),
      'high',
    );
    assert.equal(risk('Haverá exclusividade mesmo após o término do contrato.', 'exclusivity'), 'high');
    assert.equal(risk('O contrato será renovado automaticamente.', 'automatic_renewal'), 'high');
    assert.equal(risk('A CONTRATADA não se responsabiliza por perdas.', 'liability'), 'high');
    assert.equal(risk('Juros de mora de 2% ao mês.', 'interest'), 'high');
  });

  it('reports missing clauses and an overall level; the same text gives the same answer', () => {
    const a = analyseRules('O cliente enviará seu CPF. A multa será de 2%.');
    assert.deepEqual(
      a.missing.map((m) => m.category),
      ['termination', 'jurisdiction', 'term', 'data_protection'],
    );
    assert.equal(a.overall_risk, 'medium'); // three medium gaps, nothing high
    assert.deepEqual(analyseRules('O cliente enviará seu CPF. A multa será de 2%.'), a);
    assert.equal(analyseRules('Nada aqui.').clauses.length, 0);
  });
});

// The services' own system prompts cross the privacy barrier unchanged: a placeholder in
// them ("Você [NOME_1] conversas…") would damage every call they make.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chatMessages, summaryMessages } from '../../src/contracts/model.js';
import { SYSTEM as INSIGHTS_SYSTEM } from '../../src/insights/analysis/analyze.js';
import { createCleaner } from '../../src/privacy/index.js';

const prompts: [string, string][] = [
  ['insights: transcript analysis', INSIGHTS_SYSTEM],
  ['contracts: summary', summaryMessages('x')[0]!.content],
  ['contracts: question', chatMessages('x', 'y')[0]!.content],
];

describe('service system prompts pass the barrier unchanged', () => {
  for (const [name, prompt] of prompts) {
    it(name, () => {
      assert.ok(prompt.length > 40);
      assert.equal(createCleaner({ policy: 'placeholder' }).cleanText(prompt), prompt);
    });
  }
});

// The setup the Responses API tests share: the fake vendors, a gateway whose catalogue
// reaches them through each kind of provider, a plain key and a key of an organisation that
// restores placeholders; the fakes forget what they received before each test.
import { after, before, beforeEach } from 'node:test';
import { fakeAnthropic } from '../../fakes/anthropic.js';
import { fakeOpenAI } from '../../fakes/openai.js';
import type { FakeUpstream } from '../../fakes/upstream.js';
import { type KeyFixture, makeKey } from '../../helpers/gateway.js';
import { listeningGateway, writeConfig } from './helpers.js';

/**
 * SVC_CONFIG for the Responses API tests: the same fake OpenAI server as a chat-completions
 * provider (`svc/gpt`, alias `gpt-4o-mini`) and as a Responses API one (`svc/resp`), an
 * anthropic provider (`svc/claude`) and an embedding model (`svc/embed`).
 */
export function responsesCatalogue(oaUrl: string, anUrl: string): string {
  return writeConfig({
    providers: {
      oa: { type: 'openai', base_url: `${oaUrl}/v1`, api_key: 'sk-upstream-chat' },
      or: { type: 'openai', base_url: `${oaUrl}/v1`, api_key: 'sk-upstream-responses', responses_api: true },
      an: { type: 'anthropic', base_url: anUrl, api_key: 'sk-upstream-anthropic' },
    },
    models: [
      { id: 'svc/gpt', provider: 'oa', upstream_model: 'gpt-x', aliases: ['gpt-4o-mini'] },
      { id: 'svc/resp', provider: 'or', upstream_model: 'gpt-r' },
      { id: 'svc/claude', provider: 'an', upstream_model: 'claude-x' },
      { id: 'svc/embed', provider: 'oa', upstream_model: 'text-embedding-3-small', kind: 'embedding' },
    ],
  });
}

export interface ResponsesFixture {
  gw: Awaited<ReturnType<typeof listeningGateway>>;
  key: KeyFixture;
  restoring: KeyFixture;
  oa: FakeUpstream;
  an: FakeUpstream;
}

/** Registers the suite's hooks; the fields are there once its `before` has run. */
export function responsesFixture(): ResponsesFixture {
  const f = {} as ResponsesFixture;
  before(async () => {
    f.oa = await fakeOpenAI();
    f.an = await fakeAnthropic();
    f.gw = await listeningGateway({ SVC_CONFIG: responsesCatalogue(f.oa.url, f.an.url) });
    f.key = await makeKey(f.gw.ctx);
    f.restoring = await makeKey(f.gw.ctx, { org: { restore_placeholders: 1 } });
  });
  after(async () => {
    await f.gw.dispose();
    await f.oa.stop();
    await f.an.stop();
  });
  beforeEach(() => {
    f.oa.reset();
    f.an.reset();
  });
  return f;
}

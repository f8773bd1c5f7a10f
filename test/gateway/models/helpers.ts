// Shared setup of the model-route tests: a listening gateway and the official clients.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { catalogueModel, openaiVendor } from '../../helpers/catalogue.js';
import { testGateway } from '../../helpers/gateway.js';

export const CPF = '529.982.247-25';
export const EMAIL = 'joana.prado@empresa.com.br';
export const PHONE = '(11) 98765-4321';
export const NAME = 'Joana Prado';
/** Every form in which the seeded values could leak. */
export const SEEDED = [CPF, '52998224725', EMAIL, '98765-4321', '987654321', NAME];

export function assertNoPersonalData(text: string, where: string): void {
  for (const value of SEEDED) {
    if (text.includes(value)) throw new Error(`${where} holds a seeded personal value`);
  }
}

export function writeConfig(config: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-models-'));
  const path = join(dir, 'config.json');
  writeFileSync(path, JSON.stringify(config));
  return path;
}

/** SVC_CONFIG with one model, `svc/gpt`, served by an OpenAI-compatible upstream at `origin`. */
export function oneOpenAIModel(origin: string, contextWindow: number): string {
  return writeConfig(openaiVendor(origin, [catalogueModel('svc/gpt', { contextWindow })]));
}

export async function listeningGateway(env: Record<string, string> = {}) {
  const gw = await testGateway(env);
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  const address = gw.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  return {
    ...gw,
    origin,
    openai: (secret: string) => new OpenAI({ apiKey: secret, baseURL: `${origin}/v1`, maxRetries: 0 }),
    anthropic: (secret: string) => new Anthropic({ apiKey: secret, baseURL: origin, maxRetries: 0 }),
  };
}

export async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of stream) out.push(x);
  return out;
}

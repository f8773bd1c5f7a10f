// Shared setup of the insights tests: a context on the dialect under test, a tenant that
// points at a fake platform, the insights app with fast timers, and a gateway for analysis.
import { createGatewayApp } from '../../src/gateway/app.js';
import { createInsightsApp } from '../../src/insights/app.js';
import { INGEST_KIND, type IngestPayload } from '../../src/insights/processing/ingest.js';
import type { InsightsSettings } from '../../src/insights/settings.js';
import { createTenant, type NewTenant } from '../../src/insights/tenants/store.js';
import type { App } from '../../src/platform/http/app.js';
import { type TestContext, testContext } from '../helpers/context.js';
import { type FakePlatform, fakePlatform } from '../fakes/platform.js';
import { kyselyOf } from '../../src/modules.js';
import { waitFor } from '../helpers/wait.js';

export const TOKEN = 'webhook-token-0123456789abcdef';

export const FAST: Partial<InsightsSettings> = {
  pollMs: 20,
  backoffMs: 30,
  maxBackoffMs: 200,
  leaseMs: 2_000,
  platformTimeoutMs: 5_000,
  cleanupTickMs: 3_600_000,
};

export interface Harness {
  ctx: TestContext;
  app: App;
  gateway: App;
  platform: FakePlatform;
  clientId: string;
  url(route: string, token?: string): string;
  dispose(): Promise<void>;
}

let n = 0;

export async function harness(
  options: {
    env?: Record<string, string>;
    tenant?: Partial<NewTenant>;
    settings?: Partial<InsightsSettings>;
    background?: boolean;
  } = {},
): Promise<Harness> {
  const ctx = await testContext(options.env);
  const platform = await fakePlatform();
  const gateway = await createGatewayApp(ctx);
  ctx.runtime.gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
  const clientId = `cliente-${++n}`;
  await createTenant(ctx, {
    clientId,
    token: TOKEN,
    platformUrl: platform.url,
    platformToken: platform.token,
    watchedTags: ['lead-quente', 'Pós-venda'],
    // The fake platform listens on loopback; the tests call from anywhere.
    allowPrivatePlatform: true,
    allowedCidrs: ['any'],
    ...options.tenant,
  });
  const app = await createInsightsApp(ctx, {
    settings: { ...FAST, ...options.settings },
    background: options.background,
  });
  return {
    ctx,
    app,
    gateway,
    platform,
    clientId,
    url: (route, token = TOKEN) =>
      `${route}?client_id=${encodeURIComponent(clientId)}&token=${encodeURIComponent(token)}`,
    dispose: async () => {
      await app.close();
      await gateway.close();
      await platform.stop();
      await ctx.dispose();
    },
  };
}

/** The ingestion jobs of a conversation, oldest first. */
export async function ingestJobs(h: Pick<Harness, 'ctx'>, sessionId: string) {
  const rows = await kyselyOf(h.ctx.db)
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', INGEST_KIND)
    .orderBy('created_at')
    .execute();
  return rows.filter((r) => (JSON.parse(r.payload) as IngestPayload).sessionId === sessionId);
}

export async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  await waitFor('the condition', check, { timeoutMs });
}

export const CPF = '529.982.247-25';
export const EMAIL = 'joana.prado@empresa.com.br';
export const PHONE = '(11) 98765-4321';
export const NAME = 'Joana Prado';
export const SEEDED = [CPF, '52998224725', EMAIL, '98765-4321', '987654321', NAME, 'Joana'];

export function personalTranscript(extra = '') {
  return [
    { role: 'customer', text: `Olá, sou a ${NAME}, meu CPF é ${CPF} e o e-mail ${EMAIL}.` },
    { role: 'agent', text: 'Bom dia! Como posso ajudar?' },
    { role: 'customer', text: `O boleto do pagamento veio errado, liga no ${PHONE}. ${extra}` },
    { role: 'agent', text: 'Pronto, corrigi o boleto. Está resolvido.' },
    { role: 'customer', text: 'Obrigada pela ajuda, ótimo atendimento!' },
  ];
}

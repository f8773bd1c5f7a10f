// Shared setup of the contract API tests: a test context, the gateway listening on loopback
// (model calls go over HTTP, as in production) and the contracts app (inject).
import { createContractsApp } from '../../src/contracts/app.js';
import type { Plan } from '../../src/contracts/subscriptions/plans.js';
import { createUser } from '../../src/contracts/users/store.js';
import { createGatewayApp } from '../../src/gateway/app.js';
import type { App } from '../../src/platform/http/app.js';
import { type TestContext, testContext } from '../helpers/context.js';

export const PASSWORD = 'senha-de-teste-longa';

export interface Harness {
  ctx: TestContext;
  app: App;
  gateway: App;
  /** Added to the real clock (tests move time forward to expire tokens or change month). */
  clock: { offset: number };
  user(options?: { plan?: Plan; disabled?: boolean; email?: string; name?: string }): Promise<TestUser>;
  dispose(): Promise<void>;
}

export interface TestUser {
  id: string;
  email: string;
  token: string;
  auth: { authorization: string };
}

let counter = 0;

export async function harness(env: Record<string, string> = {}): Promise<Harness> {
  const ctx = await testContext(env);
  const gateway = await createGatewayApp(ctx);
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  const address = gateway.server.address();
  ctx.runtime.gatewayUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const clock = { offset: 0 };
  const app = await createContractsApp(ctx, { now: () => Date.now() + clock.offset });
  await app.ready();
  return {
    ctx,
    app,
    gateway,
    clock,
    async user(options = {}) {
      const email = options.email ?? `pessoa${++counter}-${Date.now()}@example.com`;
      const user = await createUser(ctx.db.kysely, {
        email,
        password: PASSWORD,
        name: options.name ?? 'Pessoa de Teste',
        plan: options.plan,
        disabled: options.disabled,
      });
      const { token } = await createTokenFor(app, email);
      return { id: user.id, email, token, auth: { authorization: `Bearer ${token}` } };
    },
    async dispose() {
      await app.close();
      await gateway.close();
      await ctx.dispose();
    },
  };
}

async function createTokenFor(app: App, email: string): Promise<{ token: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email, password: PASSWORD },
  });
  if (res.statusCode !== 200) return { token: '' }; // disabled users get no token
  return res.json() as { token: string };
}

export const SAMPLE_CONTRACT = `CONTRATO DE PRESTAÇÃO DE SERVIÇOS

Cláusula 1ª. O presente contrato vigorará pelo prazo de 12 (doze) meses a contar da assinatura.
Cláusula 2ª. O contrato será renovado automaticamente por iguais períodos.
Cláusula 3ª. O valor será reajustado anualmente pelo IPCA.
Cláusula 4ª. Em caso de descumprimento, a parte infratora pagará multa de 30% (trinta por cento) sobre o valor total do contrato.
Cláusula 5ª. Qualquer das partes poderá rescindir este contrato mediante aviso prévio de 30 (trinta) dias.
Cláusula 6ª. As partes manterão sigilo sobre as informações confidenciais por prazo indeterminado.
Cláusula 7ª. O tratamento de dados pessoais observará a Lei nº 13.709/2018 (LGPD).
Cláusula 8ª. Fica eleito o foro da Comarca de São Paulo para dirimir quaisquer dúvidas.`;

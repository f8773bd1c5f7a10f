// POST /api/contact and GET /api/partners (no auth). A contact message is checked, queued
// for its network's next slot and answered at once; the queue's runner e-mails it.
import { Type } from '@sinclair/typebox';
import type { Context } from '../../platform/context.js';
import type { App } from '../../platform/http/app.js';

import { deriveKey } from '../../platform/secret.js';
import { INTERVAL_MS, networkKey } from './pacing.js';
import { partnersDocument, placementIds } from './partners.js';
import { queueContact, startContactQueue } from './queue.js';
import { DURACOES, LIMITS, MAX_ESPACOS, ORCAMENTOS, PAGAMENTOS, readContact, TIPOS } from './validate.js';
import { contactNotConfigured, contactQueueFull } from './errors.js';
import { utcDay } from '../../platform/days.js';

const str = (description: string, maxLength?: number) =>
  Type.Optional(Type.String({ description, ...(maxLength ? { maxLength } : {}) }));
const oneOf = (values: readonly (string | number)[], description: string) =>
  Type.Optional(
    Type.Union(
      values.map((v) => Type.Literal(v)),
      { description },
    ),
  );

/** For the OpenAPI document; the fields are read by readContact (aliases, Portuguese messages). */
const ContactBody = Type.Object({
  name: str('Nome de quem escreve (obrigatório; ou `nome`)', LIMITS.name),
  nome: str('Sinônimo de `name`', LIMITS.name),
  email: Type.String({ description: 'E-mail para a resposta (obrigatório)', maxLength: 254 }),
  message: str('Mensagem (obrigatória; ou `mensagem`)', LIMITS.message),
  mensagem: str('Sinônimo de `message`', LIMITS.message),
  tipo: oneOf(TIPOS, 'Modalidade da proposta'),
  empresa: str('Empresa', LIMITS.empresa),
  site: str('Site', LIMITS.site),
  orcamento: oneOf(ORCAMENTOS, 'Faixa de orçamento (exige tipo)'),
  espaco: Type.Optional(
    Type.Array(Type.String(), {
      maxItems: MAX_ESPACOS,
      description: 'Ids de placements de GET /api/partners (exige tipo)',
    }),
  ),
  duracao: oneOf(
    DURACOES.flatMap((d) => [d, String(d)]),
    'Dias de exposição (exige tipo)',
  ),
  pagamento: oneOf(PAGAMENTOS, 'Forma de pagamento (exige tipo)'),
});

const Ok = Type.Object({ ok: Type.Literal(true) });

export function registerContactRoutes(app: App, ctx: Context): void {
  const configured = ctx.mail.configured && ctx.config.file.contact?.to !== undefined;
  const partners = ctx.config.file.partners;
  const placements = placementIds(partners);
  const key = deriveKey(ctx.secret, 'contact-network');
  const runner = configured
    ? startContactQueue(ctx, ctx.logger.child({ service: 'gateway', queue: 'contact' }))
    : undefined;
  app.addHook('onClose', async () => runner?.stop());

  app.post(
    '/api/contact',
    {
      config: { auth: 'none' },
      bodyLimit: 64 * 1024,
      schema: {
        summary:
          'Send a message or partnership proposal to the owner by e-mail (one per 10 s per network, queued)',
        tags: ['contact'],
        body: ContactBody,
        response: { 200: Ok },
      },
      // The body is read by readContact, whose 400s name the field as the caller spelled it.
      validatorCompiler: () => (value: unknown) => ({ value }),
    },
    async (request, reply) => {
      if (!configured) throw contactNotConfigured();
      const message = readContact(request.body, placements);
      const address = request.ip;
      const queued = await queueContact(ctx, networkKey(key, address), message);
      if (!queued) {
        throw contactQueueFull(INTERVAL_MS / 1000);
      }
      runner?.wake();
      reply.header('cache-control', 'no-store');
      return { ok: true as const };
    },
  );

  app.get(
    '/api/partners',
    {
      config: { auth: 'none' },
      schema: { summary: 'Partners document: placements, sponsors, how to propose', tags: ['contact'] },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return partnersDocument(partners, ctx.config.publicOrigin, utcDay(Date.now()));
    },
  );
}

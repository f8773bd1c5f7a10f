// /contracts: upload (JSON text or a multipart PDF), list, read, delete. Owner-scoped: an
// id of another user's contract is 404, exactly like an id that does not exist.
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.js';
import { userOf } from '../auth/bearer.js';
import type { ContractsDeps } from '../deps.js';
import { authErrors, ErrorBody, listRoute, ownItemRoute, pageOf } from '../schemas.js';
import { deadline } from '../../documents/index.js';
import { extractionSettings } from '../../platform/config/extraction.js';
import { createPdfReader, MAX_PDF_BYTES } from './pdf.js';
import {
  contractNotFound,
  deleteContract,
  getContract,
  listContracts,
  MAX_TEXT_CHARS,
  MAX_TITLE_CHARS,
} from './store.js';
import { submitContract } from './submit.js';
import { readUpload } from './upload.js';

const TextBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: MAX_TITLE_CHARS })),
    // Empty and blank texts are both EMPTY_CONTRACT (checkText), not a schema violation.
    text: Type.String({ maxLength: MAX_TEXT_CHARS }),
  },
  { additionalProperties: false },
);

// Documentation only: the multipart body is read in the handler (request.body stays
// undefined, so a typed schema would refuse it), which checks the fields itself.
const PdfBody = {
  description:
    'Formulário multipart: o PDF no campo "file" (até 10 MiB, com texto extraível) e um campo "title" opcional (até 200 caracteres).',
};

const Meta = Type.Object({
  id: Type.String(),
  title: Type.String(),
  source: Type.Union([Type.Literal('text'), Type.Literal('pdf')]),
  characters: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
});

const Full = Type.Composite([Meta, Type.Object({ text: Type.String() })]);

export async function registerContractRoutes(app: App, deps: ContractsDeps): Promise<void> {
  // PDFs are read on worker threads with the gateway's bounds (SVC_CONFIG `extraction`).
  const settings = extractionSettings(deps.extraction);
  const reader = createPdfReader(settings);
  app.addHook('onClose', () => reader.close());
  // Multipart only here: every other route keeps answering 415 to anything but JSON.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_PDF_BYTES, files: 1, fields: 4, parts: 6, fieldSize: 4096 },
    });
    scope.post(
      '/contracts',
      {
        config: { auth: 'jwt' },
        bodyLimit: MAX_PDF_BYTES + 64 * 1024,
        schema: {
          summary: 'Enviar um contrato: JSON {title?, text} ou multipart com um PDF no campo "file"',
          tags: ['contracts'],
          body: {
            content: {
              'application/json': { schema: TextBody },
              'multipart/form-data': { schema: PdfBody },
            },
          },
          response: {
            201: Meta,
            400: ErrorBody,
            413: ErrorBody,
            415: ErrorBody,
            422: ErrorBody,
            429: ErrorBody,
            503: ErrorBody,
            504: ErrorBody,
            ...authErrors,
          },
        },
      },
      async (request, reply) => {
        const user = userOf(request);
        // The deadline counts from the start of the upload; a client that goes away stops the reading.
        const bound = deadline(settings.timeout_seconds * 1000);
        const gone = () => {
          if (!reply.raw.writableFinished) bound.cancel();
        };
        reply.raw.once('close', gone);
        let upload: Awaited<ReturnType<typeof readUpload>>;
        try {
          upload = await readUpload(request, { reader, job: { owner: user.id, signal: bound.signal } });
        } finally {
          bound.dispose();
          reply.raw.off('close', gone);
        }
        const contract = await submitContract(deps, user, upload);
        reply.header('location', `/contracts/${contract.id}`);
        return reply.status(201).send(contract);
      },
    );
  });

  app.get(
    '/contracts',
    listRoute('contracts', 'Listar os contratos do usuário, do mais recente ao mais antigo', Meta, {}),
    async (request) => {
      const page = pageOf(request.query);
      return { ...(await listContracts(deps.db, deps.sealer, userOf(request).id, page)), ...page };
    },
  );

  app.get(
    '/contracts/:id',
    ownItemRoute('contracts', 'Ler um contrato, com o texto', { 200: Full }),
    async (request) => {
      const contract = await getContract(deps.db, deps.sealer, userOf(request).id, request.params.id);
      if (!contract) throw contractNotFound();
      return contract;
    },
  );

  app.delete(
    '/contracts/:id',
    ownItemRoute('contracts', 'Apagar um contrato, com suas análises e conversas', { 204: Type.Null() }),
    async (request, reply) => {
      if (!(await deleteContract(deps.db, userOf(request).id, request.params.id))) throw contractNotFound();
      return reply.status(204).send(null);
    },
  );
}

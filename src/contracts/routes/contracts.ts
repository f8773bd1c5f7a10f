// /contracts: upload (JSON text or a multipart PDF), list, read, delete. Owner-scoped: an
// id of another user's contract is 404, exactly like an id that does not exist.
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../platform/http/app.js';
import { ApiError } from '../../platform/http/errors.js';
import { userOf } from '../auth.js';
import type { ContractsDeps } from '../deps.js';
import {
  checkText,
  contractNotFound,
  createContract,
  defaultTitle,
  deleteContract,
  getContract,
  listContracts,
  MAX_TEXT_CHARS,
  MAX_TITLE_CHARS,
  normaliseText,
} from '../documents.js';
import { MAX_PDF_BYTES, noText, notPdf, pdfText } from '../pdf.js';
import { authErrors, ErrorBody, IdParams, listOf, Page, pageOf } from '../schemas.js';
import { consume, release } from '../usage.js';

const TextBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: MAX_TITLE_CHARS })),
    text: Type.String({ minLength: 1, maxLength: MAX_TEXT_CHARS }),
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

interface Upload {
  title?: string;
  text: string;
  source: 'text' | 'pdf';
  fileName?: string;
}

/** Reads the multipart form: one PDF in the field "file", an optional "title". */
async function readPdfUpload(request: FastifyRequest): Promise<Upload> {
  let title: string | undefined;
  let data: Buffer | undefined;
  let fileName: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || data !== undefined) {
          await part.toBuffer(); // drain it, then refuse
          throw new ApiError(400, 'invalid_request', 'Envie um único arquivo, no campo "file".');
        }
        data = await part.toBuffer();
        fileName = part.filename;
      } else if (part.fieldname === 'title' && typeof part.value === 'string') {
        title = part.value;
      }
    }
  } catch (err) {
    throw multipartError(err);
  }
  if (!data || data.length === 0) throw new ApiError(400, 'invalid_request', 'Envie o PDF no campo "file".');
  if (title !== undefined && title.length > MAX_TITLE_CHARS)
    throw new ApiError(400, 'invalid_request', `O título passa de ${MAX_TITLE_CHARS} caracteres.`);
  const text = normaliseText(await pdfText(data));
  if (text.length === 0) throw noText();
  return { title, text, source: 'pdf', fileName };
}

function multipartError(err: unknown): unknown {
  if (err instanceof ApiError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new ApiError(413, 'payload_too_large', 'O PDF passa de 10 MiB.');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return notPdf();
  return new ApiError(400, 'invalid_request', 'Formulário multipart inválido.');
}

export async function registerContractRoutes(app: App, deps: ContractsDeps): Promise<void> {
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
            ...authErrors,
          },
        },
      },
      async (request, reply) => {
        const user = userOf(request);
        let upload: Upload;
        if (request.isMultipart()) {
          upload = await readPdfUpload(request);
        } else {
          const body = request.body as { title?: string; text: string };
          upload = { title: body.title, text: normaliseText(body.text), source: 'text' };
        }
        checkText(upload.text);
        const now = deps.now();
        await consume(deps.db, user, 'contracts', now);
        const title = upload.title?.trim() || defaultTitle(upload.text, upload.fileName);
        try {
          const contract = await createContract(deps.db, deps.sealer, {
            userId: user.id,
            title,
            source: upload.source,
            text: upload.text,
            now,
          });
          reply.header('location', `/contracts/${contract.id}`);
          return reply.status(201).send(contract);
        } catch (err) {
          await release(deps.db, user.id, 'contracts', now);
          throw err;
        }
      },
    );
  });

  app.get(
    '/contracts',
    {
      config: { auth: 'jwt' },
      schema: {
        summary: 'Listar os contratos do usuário, do mais recente ao mais antigo',
        tags: ['contracts'],
        querystring: Type.Object(Page, { additionalProperties: false }),
        response: { 200: listOf(Meta), 400: ErrorBody, ...authErrors },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      return { ...(await listContracts(deps.db, userOf(request).id, page)), ...page };
    },
  );

  app.get(
    '/contracts/:id',
    {
      config: { auth: 'jwt' },
      schema: {
        summary: 'Ler um contrato, com o texto',
        tags: ['contracts'],
        params: IdParams,
        response: { 200: Full, 404: ErrorBody, ...authErrors },
      },
    },
    async (request) => {
      const contract = await getContract(deps.db, deps.sealer, userOf(request).id, request.params.id);
      if (!contract) throw contractNotFound();
      return contract;
    },
  );

  app.delete(
    '/contracts/:id',
    {
      config: { auth: 'jwt' },
      schema: {
        summary: 'Apagar um contrato, com suas análises e conversas',
        tags: ['contracts'],
        params: IdParams,
        response: { 204: Type.Null(), 404: ErrorBody, ...authErrors },
      },
    },
    async (request, reply) => {
      if (!(await deleteContract(deps.db, userOf(request).id, request.params.id))) throw contractNotFound();
      return reply.status(204).send(null);
    },
  );
}

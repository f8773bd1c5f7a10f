// POST /v1/privacy/extract (Key): a PDF or an image in, its text cleaned by the barrier out.
// Multipart is registered in this scope only; every other route keeps refusing it.
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { deadline } from '../../documents/index.js';
import type { Context } from '../../platform/context.js';
import type { App } from '../../platform/http/app.js';
import { principalOf } from '../keys/auth.js';
import { askedFields, cleaningAskOf } from '../privacy/asked.js';
import { createAuditLog } from '../privacy/audit.js';
import { blockedError, findingsHeader } from '../privacy/clean.js';
import { FindingSchema } from '../privacy/schemas.js';
import { extractAndClean } from './extract.js';
import { MAX_UPLOAD_BYTES, multipartLimits, readUpload, type UploadOptions } from './multipart.js';
import type { DocumentReaders } from './readers.js';

// Documentation only: the form is read in the handler (readUpload), not by the schema, so
// the schema may not constrain the (undefined) parsed body.
const Form = {
  description:
    'Formulário multipart: o arquivo (PDF, JPEG, PNG, WebP ou TIFF, até 25 MB) no campo "file"; "policy" (placeholder, redact ou block) e "sensitivity" (balanced ou strict) opcionais, que só tornam a limpeza mais estrita.',
};

export interface ExtractRouteOptions {
  maxBytes?: number;
}

/** `readers`: the app's pools, caps and deadline (readers.ts), shared with the model routes' images. */
export async function registerExtractRoutes(
  app: App,
  ctx: Context,
  readers: DocumentReaders,
  options: ExtractRouteOptions = {},
) {
  const audit = createAuditLog(ctx);
  const { ocr, pdf, limits, timeoutMs } = readers;
  const upload: UploadOptions = {
    fileField: 'file',
    fields: ['policy', 'sensitivity'],
    maxBytes: options.maxBytes ?? MAX_UPLOAD_BYTES,
  };

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: multipartLimits(upload) });
    scope.post(
      '/v1/privacy/extract',
      {
        config: { auth: 'key' },
        bodyLimit: upload.maxBytes + 64 * 1024,
        schema: {
          summary: 'Extract the text of a PDF or an image (OCR in Portuguese), cleaned by the privacy policy',
          tags: ['privacy'],
          body: { content: { 'multipart/form-data': { schema: Form } } },
          response: { 200: Type.Object({ text: Type.String(), findings: Type.Array(FindingSchema) }) },
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        const { file, fields } = await readUpload(request, upload);
        const asked = cleaningAskOf(request, askedFields(fields));
        // The deadline counts from here (the upload is read); a client that goes away stops the work.
        const bound = deadline(timeoutMs);
        const gone = () => {
          if (!reply.raw.writableFinished) bound.cancel();
        };
        reply.raw.once('close', gone);
        let result: Awaited<ReturnType<typeof extractAndClean>>;
        try {
          result = await extractAndClean(principal, file, ocr, {
            asked,
            limits,
            pdf,
            owner: principal.organizationId ?? `account:${principal.accountId}`,
            signal: bound.signal,
          });
        } finally {
          bound.dispose();
          reply.raw.off('close', gone);
        }
        const auditId = await audit.write(principal, {
          route: 'POST /v1/privacy/extract',
          policy: result.policy,
          blocked: result.blocked,
          findings: result.findings,
          input: result.raw,
        });
        reply.header('x-svc-privacy', findingsHeader(result.findings));
        reply.header('x-svc-audit-id', auditId);
        reply.header('x-svc-extraction', `${result.method}; pages=${result.pages}`);
        if (result.blocked) throw blockedError(result.findings);
        return { text: result.text, findings: result.findings };
      },
    );
  });
}

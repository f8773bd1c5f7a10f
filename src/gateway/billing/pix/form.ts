// Reads the multipart body of POST /api/credito/pix into a checked submission. The proof is
// streamed with a 2 MB ceiling (413 as soon as it is passed, the rest never buffered), typed
// by its bytes (415), and every field of SPEC is checked (400 naming the field).
import type { FastifyRequest } from 'fastify';
import { ApiError, invalidParam } from '../../../platform/http/errors.js';
import { isEmailAddress } from '../../../platform/identity/email.js';
import { isPackage } from '../tokens.js';
import { invalidEmail, notMultipart, proofMissing, proofTooLarge, proofType as wrongType } from './errors.js';
import { invalidPackage } from '../errors.js';
import { PROOF_MAX_BYTES, type ProofType, proofType } from './proof.js';
import { cleanProof } from './sanitize.js';

export const TEXT_LIMITS = { nome: 120, pagina: 2000, recurso: 2000, descricao: 300 } as const;
const KNOWN = new Set([
  'usd',
  'email',
  'nome',
  'pagina',
  'recurso',
  'descricao',
  'preco_usd',
  'navegador_id',
]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PixForm {
  usd: number;
  email: string;
  proof: { bytes: Buffer; type: ProofType };
  nome?: string;
  pagina?: string;
  recurso?: string;
  descricao?: string;
  precoUsd?: string;
  navegadorId?: string;
}

export async function readPixForm(request: FastifyRequest): Promise<PixForm> {
  if (!request.isMultipart()) throw notMultipart();
  const fields = new Map<string, string>();
  let proof: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'comprovante' || proof !== undefined) {
          part.file.resume();
          throw invalidParam(part.fieldname, 'Envie um único arquivo, no campo "comprovante".');
        }
        proof = await part.toBuffer();
      } else {
        if (!KNOWN.has(part.fieldname)) continue;
        if (part.valueTruncated)
          throw invalidParam(part.fieldname, `O campo "${part.fieldname}" é longo demais.`);
        if (fields.has(part.fieldname))
          throw invalidParam(part.fieldname, `O campo "${part.fieldname}" veio repetido.`);
        fields.set(part.fieldname, String(part.value));
      }
    }
  } catch (err) {
    throw formError(err);
  }

  const usdText = fields.get('usd');
  const usd = usdText !== undefined && /^\d{1,3}$/.test(usdText.trim()) ? Number(usdText.trim()) : Number.NaN;
  if (!isPackage(usd)) throw invalidPackage();
  const email = fields.get('email')?.trim();
  if (!email || email.length > 254 || !isEmailAddress(email)) throw invalidEmail();
  if (!proof || proof.length === 0) throw proofMissing();
  const type = proofType(proof);
  if (!type) throw wrongType();
  // Only pixels or an inert PDF travel on to the owner (sanitize.ts).
  const clean = await cleanProof({ bytes: proof, type });

  const text = (name: keyof typeof TEXT_LIMITS) => {
    const value = fields.get(name)?.trim();
    if (value === undefined || value === '') return undefined;
    if ([...value].length > TEXT_LIMITS[name])
      throw invalidParam(name, `O campo "${name}" aceita no máximo ${TEXT_LIMITS[name]} caracteres.`);
    return value;
  };
  const preco = fields.get('preco_usd')?.trim();
  if (preco !== undefined && preco !== '' && !/^\d{1,6}(\.\d{1,6})?$/.test(preco))
    throw invalidParam('preco_usd', 'O campo "preco_usd" precisa ser um número decimal, como 4.99.');
  const navegador = fields.get('navegador_id')?.trim();
  if (navegador !== undefined && navegador !== '' && !UUID.test(navegador))
    throw invalidParam('navegador_id', 'O campo "navegador_id" precisa ser um UUID.');
  return {
    usd,
    email,
    proof: clean,
    nome: text('nome'),
    pagina: text('pagina'),
    recurso: text('recurso'),
    descricao: text('descricao'),
    precoUsd: preco || undefined,
    navegadorId: navegador ? navegador.toLowerCase() : undefined,
  };
}

function formError(err: unknown): unknown {
  if (err instanceof ApiError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return proofTooLarge();
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return notMultipart();
  // Busboy's own errors (a cut body, a bad boundary) carry no code: the form is malformed.
  return invalidParam('comprovante', 'Formulário multipart inválido.');
}

export const MULTIPART_LIMITS = {
  fileSize: PROOF_MAX_BYTES,
  files: 1,
  fields: 12,
  parts: 14,
  // pagina and recurso: 2000 characters of up to 4 UTF-8 bytes each.
  fieldSize: 8 * 1024,
};

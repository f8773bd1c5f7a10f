// Manual Pix credit requests (SPEC "Pix credit request"): submit (a pending token, the
// proof e-mailed to the owner and dropped), read, and the owner's release or refusal.
// The token is only ever made valid through the billing core (tokens.ts → ledger).
import type { Context } from '../../../platform/context.js';
import type { PixConfig } from '../config.js';
import { MailError } from '../../../platform/mail/index.js';
import { type DbLike, inTransaction } from '../../../platform/db/transactions.js';
import { activateCreditToken, refuseCreditToken } from '../tokens.js';
import { dailyCap, mailFailed, notPending, pixUnavailable, queueFull, requestNotFound } from './errors.js';
import { iso } from '../network.js';
import { PROOF_MIME, type ProofType } from './proof.js';
import { txidFor } from './brcode.js';
import { HOUR_MS, type PendingLimits } from '../pending.js';
import {
  type Admission,
  failPurchase,
  issuePendingToken,
  openPurchase,
  packageCentavos,
  purchasePlace,
} from '../pending-purchase.js';
import { kyselyOf, type PixState } from '../tables.js';

export const DEFAULT_REVIEW_QUEUE = 50;
export const DEFAULT_PIX_DAILY_CAP = 5;
/** Pending requests per address and per network: 20 flooding addresses leave room in a queue of 50. */
export const PIX_PENDING = { hours: 24, perAddress: 2, perNetwork: 4 } as const;

export function pixPendingLimits(pix: PixConfig): PendingLimits {
  return {
    ttlMs: (pix.pending_hours ?? PIX_PENDING.hours) * HOUR_MS,
    perAddress: pix.pending_per_address ?? PIX_PENDING.perAddress,
    perNetwork: pix.pending_per_network ?? PIX_PENDING.perNetwork,
  };
}

export function pixConfigOf(ctx: Context): PixConfig {
  const pix = ctx.config.file.payments?.pix;
  if (!pix) throw pixUnavailable();
  return pix;
}

export interface PixSubmission {
  usd: number;
  email: string;
  proof: { bytes: Buffer; type: ProofType };
  nome?: string;
  pagina?: string;
  recurso?: string;
  descricao?: string;
  precoUsd?: string;
  navegadorId?: string;
  accountId?: string;
  address: string;
}

export interface PixAnswer {
  id: string;
  estado: PixState;
  credito: string;
  estado_em: string;
}

/** What admits one more request: the network's daily cap, the pending limits, the review queue. */
function pixAdmission(pix: PixConfig): Admission {
  return {
    table: 'pix_requests',
    dailyCap: pix.daily_cap_per_network ?? DEFAULT_PIX_DAILY_CAP,
    overDailyCap: dailyCap,
    waiting: ['pendente'],
    limits: pixPendingLimits(pix),
    maxPending: pix.review_queue_size ?? DEFAULT_REVIEW_QUEUE,
    overMaxPending: queueFull,
  };
}

export async function submitPixRequest(
  ctx: Context,
  input: PixSubmission,
  now = Date.now(),
): Promise<PixAnswer> {
  const pix = pixConfigOf(ctx);
  if (!ctx.mail.configured) throw pixUnavailable();
  const place = purchasePlace(ctx.secret, input.address, now);
  const { id } = place;
  const txid = txidFor(input.usd, input.navegadorId);
  const token = await openPurchase(ctx, pixAdmission(pix), place, async (trx) => {
    const issued = await issuePendingToken(trx, ctx.secret, 'pix', place, input.usd);
    await kyselyOf(trx)
      .insertInto('pix_requests')
      .values({
        ...place,
        state: 'pendente',
        usd: input.usd,
        token_id: issued.id,
        txid,
        account_id: input.accountId ?? null,
        navegador_id: input.navegadorId ?? null,
        decided_at: null,
      })
      .execute();
    return issued;
  });
  try {
    await mailProof(ctx, pix, id, txid, input);
  } catch (err) {
    if (!(err instanceof MailError)) throw err;
    // The token must never become valid: the owner never saw this proof.
    await failPurchase(ctx, 'pix_requests', id, token);
    ctx.logger.warn({ pix_request: id, reason: err.reason }, 'pix proof mail failed');
    throw mailFailed();
  }
  ctx.logger.info({ pix_request: id, usd: input.usd }, 'pix request pending review');
  return { id, estado: 'pendente', credito: token.token, estado_em: new Date(now).toISOString() };
}

/** The proof goes to the owner, attached, and is not kept: the mail is its only copy. */
async function mailProof(
  ctx: Context,
  pix: PixConfig,
  id: string,
  txid: string,
  input: PixSubmission,
): Promise<void> {
  await ctx.mail.send({
    to: pix.owner_email,
    replyTo: input.email,
    subject: `Comprovante Pix: pedido ${id} (US$ ${input.usd})`,
    text: ownerMessage(id, txid, input, pix),
    attachments: [
      {
        filename: `comprovante-${id}.${input.proof.type === 'jpeg' ? 'jpg' : input.proof.type}`,
        content: input.proof.bytes,
        contentType: PROOF_MIME[input.proof.type],
      },
    ],
  });
}

function ownerMessage(id: string, txid: string, input: PixSubmission, pix: PixConfig): string {
  const centavos = packageCentavos(input.usd, pix.brl_por_usd);
  const lines = [
    'Novo comprovante de Pix para conferência (anexo).',
    '',
    `Pedido: ${id}`,
    `Pacote: US$ ${input.usd} (R$ ${(centavos / 100).toFixed(2).replace('.', ',')})`,
    `Identificador (txid) esperado: ${txid}`,
    input.nome ? `Nome informado: ${input.nome}` : undefined,
    input.pagina ? `Página: ${input.pagina}` : undefined,
    input.recurso ? `Recurso: ${input.recurso}` : undefined,
    input.descricao ? `Descrição: ${input.descricao}` : undefined,
    input.precoUsd ? `Preço exibido (US$): ${input.precoUsd}` : undefined,
    input.navegadorId ? `Navegador: ${input.navegadorId}` : undefined,
    '',
    'Responder a esta mensagem escreve para quem pagou.',
    `Para liberar: svc credit release ${id}`,
    `Para recusar: svc credit refuse ${id}`,
    '',
    'O comprovante não é guardado pelo servidor: esta mensagem é a única cópia.',
  ];
  return lines.filter((l) => l !== undefined).join('\n');
}

export interface PixRequestView {
  id: string;
  estado: PixState;
  usd: number;
  txid: string;
  criado_em: string;
  estado_em: string;
  decidido_em: string | null;
  conta: string | null;
}

function view(row: {
  id: string;
  state: PixState;
  usd: number;
  txid: string;
  created_at: number;
  state_at: number;
  decided_at: number | null;
  account_id: string | null;
}): PixRequestView {
  return {
    id: row.id,
    estado: row.state,
    usd: Number(row.usd),
    txid: row.txid,
    criado_em: iso(Number(row.created_at))!,
    estado_em: iso(Number(row.state_at))!,
    decidido_em: row.decided_at === null ? null : iso(Number(row.decided_at)),
    conta: row.account_id,
  };
}

export async function getPixRequest(db: DbLike, id: string): Promise<PixRequestView | undefined> {
  const row = await kyselyOf(db)
    .selectFrom('pix_requests')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && view(row);
}

export async function listPixRequests(db: DbLike, state?: PixState, limit = 200): Promise<PixRequestView[]> {
  let q = kyselyOf(db).selectFrom('pix_requests').selectAll().orderBy('created_at', 'desc').limit(limit);
  if (state) q = q.where('state', '=', state);
  return (await q.execute()).map(view);
}

export const PIX_STATES: readonly PixState[] = ['pendente', 'liberado', 'recusado', 'falhou'];

/**
 * The owner saw the money arrive: the request becomes `liberado` and its token valid
 * (credited through the ledger). Releasing twice changes nothing; a refused or failed
 * request cannot be released (409).
 */
export async function releasePixRequest(db: DbLike, id: string, now = Date.now()): Promise<PixRequestView> {
  return inTransaction(db, async (trx) => {
    const p = kyselyOf(trx);
    const row = await p.selectFrom('pix_requests').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw requestNotFound();
    if (row.state === 'liberado') return view(row);
    if (row.state !== 'pendente') throw notPending(row.state);
    await p
      .updateTable('pix_requests')
      .set({ state: 'liberado', state_at: now, decided_at: now })
      .where('id', '=', id)
      .where('state', '=', 'pendente')
      .execute();
    const activated = await activateCreditToken(trx, { tokenId: row.token_id, reference: `pix:${id}`, now });
    if (!activated.ok) throw notPending(activated.state);
    return view({ ...row, state: 'liberado', state_at: now, decided_at: now });
  });
}

/** The owner found no payment: `recusado`, and the token never becomes valid. Twice: harmless. */
export async function refusePixRequest(db: DbLike, id: string, now = Date.now()): Promise<PixRequestView> {
  return inTransaction(db, async (trx) => {
    const p = kyselyOf(trx);
    const row = await p.selectFrom('pix_requests').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw requestNotFound();
    if (row.state === 'recusado') return view(row);
    if (row.state !== 'pendente') throw notPending(row.state);
    await p
      .updateTable('pix_requests')
      .set({ state: 'recusado', state_at: now, decided_at: now })
      .where('id', '=', id)
      .where('state', '=', 'pendente')
      .execute();
    await refuseCreditToken(trx, { tokenId: row.token_id, now });
    return view({ ...row, state: 'recusado', state_at: now, decided_at: now });
  });
}

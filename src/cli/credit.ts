// Operator commands for credit: list the manual Pix requests, release one (its cred_ token
// becomes valid through the ledger) or refuse it (the token never becomes valid), run one
// reconciliation pass by hand (x402 and Asaas), and list money left between two steps. Output: one JSON document; exit 1 with one line
// on stderr for an unknown or already decided request.
import { parseArgs } from 'node:util';
import { createAsaasClient } from '../gateway/billing/asaas/client.js';
import { asaasSetupOf } from '../gateway/billing/asaas/charges.js';
import { applyRead, readOpenCharges } from '../gateway/billing/asaas/reconcile.js';
import { inTransaction } from '../platform/db/transactions.js';
import {
  listPixRequests,
  PIX_STATES,
  type PixRequestView,
  refusePixRequest,
  releasePixRequest,
} from '../gateway/billing/pix/requests.js';
import { stuckMoney } from '../gateway/billing/stuck.js';
import { PaymentCollector } from '../gateway/billing/x402/pay.js';
import { reconcilePayments } from '../gateway/billing/x402/reconcile.js';
import { ApiError } from '../platform/http/errors.js';
import { oneOf, options } from './args.js';
import { type CliCommand, printJson, UsageError } from './command.js';
import { withContext } from './context.js';

export const creditListCommand: CliCommand = {
  path: ['credit', 'list'],
  summary: 'List manual Pix credit requests (newest first)',
  usage: `Usage: svc credit list [--state pendente|liberado|recusado|falhou]

Prints {pedidos: [{id, estado, usd, txid, criado_em, estado_em, decidido_em, conta}]}.
The proof of payment is not kept by the server: it is in the owner's e-mail.`,
  async run(args) {
    const o = options(args, { state: { type: 'string' } });
    const state = oneOf('state', o.state, PIX_STATES);
    return withContext(async (ctx) => {
      printJson({ pedidos: await listPixRequests(ctx.db, state) });
      return 0;
    });
  },
};

function decision(
  verb: 'release' | 'refuse',
  decide: (db: Parameters<typeof releasePixRequest>[0], id: string) => Promise<PixRequestView>,
): CliCommand {
  return {
    path: ['credit', verb],
    summary:
      verb === 'release'
        ? 'Release a pending Pix request: its credit token becomes valid'
        : 'Refuse a pending Pix request: its credit token never becomes valid',
    usage: `Usage: svc credit ${verb} ID

ID: the request's 32 hexadecimal characters (in the owner's e-mail and in \`svc credit list\`).
${verb === 'release' ? 'Releasing a released request again changes nothing.' : 'Refusing a refused request again changes nothing.'}
Prints the request.`,
    async run(args) {
      const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
      if (positionals.length !== 1) throw new UsageError(`${verb} takes exactly one request id`);
      const id = positionals[0]!.trim().toLowerCase();
      if (!/^[0-9a-f]{32}$/.test(id)) throw new UsageError('the id is 32 hexadecimal characters');
      return withContext(async (ctx) => {
        try {
          printJson(await decide(ctx.db, id));
          return 0;
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          process.stderr.write(`svc credit ${verb}: ${err.message}\n`);
          return 1;
        }
      });
    },
  };
}

export const creditReleaseCommand = decision('release', releasePixRequest);
export const creditRefuseCommand = decision('refuse', refusePixRequest);

export const creditReconcileCommand: CliCommand = {
  path: ['credit', 'reconcile'],
  summary: 'Finish unfinished x402 payments and read open Asaas charges now (what the running gateway does)',
  usage: `Usage: svc credit reconcile

Prints {x402: {credited, failed, waiting, operator} | null, asaas: {lidas, movidas, erros} | null}
(null: that method is not configured). The running gateway does the same every minute and at start.`,
  async run(args) {
    options(args, {});
    return withContext(async (ctx) => {
      const payments = ctx.config.file.payments;
      const setup = asaasSetupOf(ctx);
      if (!payments?.x402 && !setup) {
        process.stderr.write('svc credit reconcile: neither x402 nor Asaas is configured (payments)\n');
        return 1;
      }
      let x402: Awaited<ReturnType<typeof reconcilePayments>> | null = null;
      if (payments?.x402) {
        const collector = new PaymentCollector(ctx, payments.x402, payments.mode === 'dev');
        x402 = await reconcilePayments(ctx, collector.dev ? undefined : collector.facilitator);
      }
      let asaas: { lidas: number; movidas: number; erros: number } | null = null;
      if (setup) {
        const read = await readOpenCharges(ctx.db, createAsaasClient(setup.config));
        const moved = await inTransaction(ctx.db, (trx) => applyRead(trx, read));
        asaas = { lidas: read.payments.length, movidas: moved, erros: read.errors };
      }
      printJson({ x402, asaas });
      return 0;
    });
  },
};

export const creditStuckCommand: CliCommand = {
  path: ['credit', 'stuck'],
  summary: 'List money left between two steps: x402 payments, Asaas charges, old open reservations',
  usage: `Usage: svc credit stuck

Prints {x402: [{nonce, pagador, estado, proposito, micros, erro, tentativas, proxima_em, criado_em}],
asaas: [{id, estado, criado_em}], reservas: [{id, micros, origem, criado_em}]}.
x402 rows in verifying, settling or settled are finished by the running gateway (at start and
every minute); rows in unknown need the operator to check the payer's transfer on chain and
then decide with \`svc credit resolve\`.
Exit 0 either way.`,
  async run(args) {
    options(args, {});
    return withContext(async (ctx) => {
      printJson(await stuckMoney(ctx.db));
      return 0;
    });
  },
};

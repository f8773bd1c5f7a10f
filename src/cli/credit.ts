// Operator commands for Pix credit: list the manual requests, release one (its cred_ token
// becomes valid through the ledger) or refuse it (the token never becomes valid), and run
// one Asaas reconciliation pass by hand. Output: one JSON document; exit 1 with one line
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
  summary: 'Read open Asaas charges now and apply their status (what the reconciliation job does)',
  usage: `Usage: svc credit reconcile

Prints {lidas, movidas, erros}. The running gateway does the same every minute.`,
  async run(args) {
    options(args, {});
    return withContext(async (ctx) => {
      const setup = asaasSetupOf(ctx);
      if (!setup) {
        process.stderr.write('svc credit reconcile: Asaas is not configured (payments.asaas)\n');
        return 1;
      }
      const read = await readOpenCharges(ctx.db, createAsaasClient(setup.config));
      const moved = await inTransaction(ctx.db, (trx) => applyRead(trx, read));
      printJson({ lidas: read.payments.length, movidas: moved, erros: read.errors });
      return 0;
    });
  },
};

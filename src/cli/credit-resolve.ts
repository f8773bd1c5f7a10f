// `svc credit resolve`: the operator's decision on an x402 payment that `svc credit stuck`
// lists as waiting for them (`unknown`), once they checked the payer's transfer on chain:
// credited exactly once, or failed with nothing credited (gateway/billing/x402/resolve.ts).
import { parseArgs } from 'node:util';
import { formatUsd } from '../gateway/billing/ledger.js';
import { resolvePayment, type Resolved } from '../gateway/billing/x402/resolve.js';
import { type CliCommand, printJson, UsageError } from './command.js';
import { withContext } from './context.js';

/** As `svc credit stuck` prints it: the network, a colon, the authorisation's 32-byte nonce. */
const PAYMENT_ID = /^[a-z0-9-]{1,40}:0x[0-9a-f]{64}$/;
const REFERENCE = /^[\w.:-]{1,100}$/;

/** Why nothing changed, for the operator (Portuguese, like every refusal shown to a person). */
function refusal(id: string, result: Exclude<Resolved, { ok: true }>): string {
  switch (result.reason) {
    case 'not_found':
      return `nenhum pagamento x402 com o id ${id} (veja svc credit stuck). Nada mudou.`;
    case 'not_awaiting':
      return `o pagamento ${id} está em "${result.state}" e não espera decisão do operador (só "unknown", ou uma linha antiga sem o pagamento guardado). Nada mudou.`;
    case 'no_wallet':
      return `o pagamento ${id} é de uma chamada paga de uma versão anterior e não guarda a carteira que pagou: não há onde creditar. Marque-o com --failed e credite a organização com svc credit grant. Nada mudou.`;
  }
}

export const creditResolveCommand: CliCommand = {
  path: ['credit', 'resolve'],
  summary: 'Decide an x402 payment that waits for the operator (unknown): credited once, or failed',
  usage: `Usage: svc credit resolve ID --credited|--failed [--reference REF]

ID: the payment as \`svc credit stuck\` lists it (network:0x…nonce). Only a payment waiting
for the operator is taken: \`unknown\` (expired before the facilitator confirmed it), or a row
of an earlier version without its stored payment.
--credited: the transfer is on chain; the payer is credited as the reconciler would (a
package's token goes to the same wallet's next purchase of that package; a paid call's
amount goes into the call's wallet), in the same transaction as the state change.
--failed: there is no transfer; nothing is credited.
REF: your reference (the transaction hash you checked), kept on the payment with the time.
Prints {pagamento, estado, proposito, usd, token, carteira, referencia, resolvido_em}.
Exit 2, with nothing changed, for an unknown id or a payment that does not wait for the
operator (a second run finds it decided).`,
  async run(args) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        credited: { type: 'boolean' },
        failed: { type: 'boolean' },
        reference: { type: 'string' },
      },
    });
    if (positionals.length !== 1) throw new UsageError('resolve takes exactly one payment id');
    if (Boolean(values.credited) === Boolean(values.failed))
      throw new UsageError('say either --credited or --failed');
    if (values.reference !== undefined && !REFERENCE.test(values.reference))
      throw new UsageError('--reference: up to 100 letters, digits, . : _ -');
    const id = positionals[0]!.trim().toLowerCase();
    if (!PAYMENT_ID.test(id)) throw new UsageError('the id is network:0x and 64 hexadecimal characters');
    return withContext(async (ctx) => {
      const result = await resolvePayment(ctx, id, values.credited ? 'credited' : 'failed', {
        reference: values.reference,
      });
      if (!result.ok) {
        process.stderr.write(`svc credit resolve: ${refusal(id, result)}\n`);
        return 2;
      }
      const p = result.payment;
      printJson({
        pagamento: p.nonce,
        estado: p.state,
        proposito: p.purpose,
        usd: formatUsd(p.micros),
        token: p.tokenId,
        carteira: p.wallet,
        referencia: p.resolution,
        resolvido_em: new Date(p.resolvedAt!).toISOString(),
      });
      return 0;
    });
  },
};

// `svc credit grant`: the operator adds credit to an organisation's wallet (a bank transfer,
// a courtesy, a correction) or takes some back, as one `adjustment` movement from the
// `operator` source. The reference makes a repeated command change nothing.
import { randomUUID } from 'node:crypto';
import { creditWallet, formatUsd, MICROS_PER_USD } from '../gateway/billing/ledger.js';
import { findOrganization } from '../gateway/orgs/store.js';
import { options } from './args.js';
import { type CliCommand, printJson, UsageError } from './command.js';
import { withContext } from './context.js';

/** Dollars with at most six decimals, signed: "25", "0.50", "-3". */
function microsOf(value: string): number {
  if (!/^-?[0-9]{1,7}(\.[0-9]{1,6})?$/.test(value))
    throw new UsageError('--usd takes dollars, e.g. 25 or -2.50');
  const micros = Math.round(Number(value) * MICROS_PER_USD);
  if (micros === 0) throw new UsageError('--usd must not be zero');
  return micros;
}

export const creditGrantCommand: CliCommand = {
  path: ['credit', 'grant'],
  summary: "Add credit to an organisation's wallet (or take some back with a negative amount)",
  usage: `Usage: svc credit grant --org ORG --usd AMOUNT [--reference REF]

ORG: the organisation's id or name. AMOUNT: US dollars, up to six decimals; negative takes
credit back (write it as --usd=-2.50), never below zero. REF: your reference (a transfer id); the same reference twice
changes nothing the second time. Without one, each run is a new movement.
Prints {organizacao, aplicado, saldo_usd}; exit 1 when a negative amount exceeds the balance.`,
  async run(args) {
    const o = options(
      args,
      { org: { type: 'string' }, usd: { type: 'string' }, reference: { type: 'string' } },
      ['org', 'usd'],
    );
    const micros = microsOf(o.usd!);
    if (o.reference !== undefined && !/^[\w.:-]{1,100}$/.test(o.reference))
      throw new UsageError('--reference: up to 100 letters, digits, . : _ -');
    return withContext(async (ctx) => {
      const org = await findOrganization(ctx.db.kysely, o.org!);
      if (!org) throw new UsageError(`no organisation ${o.org}`);
      const result = await creditWallet(ctx.db, {
        wallet: { kind: 'org', id: org.id },
        micros,
        kind: 'adjustment',
        source: 'operator',
        reference: `operator:${o.reference ?? randomUUID()}`,
      });
      printJson({
        organizacao: org.id,
        aplicado: result.applied ? true : result.reason,
        saldo_usd: formatUsd(result.balance),
      });
      if (!result.applied && result.reason === 'insufficient') {
        process.stderr.write('svc credit grant: the balance is smaller than the amount taken back\n');
        return 1;
      }
      return 0;
    });
  },
};

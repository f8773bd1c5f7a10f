// Operator commands on the request log: `svc usage` (calls, tokens and cost per key, member,
// model or day) and `svc records` (the record of processing, JSON or CSV). The operator
// reads as an owner would: every call of the organisation.
import type { Reader } from '../gateway/calls/access.js';
import { type Period, periodOf } from '../gateway/calls/period.js';
import { processingRecord, recordsCsv } from '../gateway/calls/records.js';
import { USAGE_BY, usageBy } from '../gateway/calls/usage.js';
import { findOrganization } from '../gateway/orgs/store.js';
import { ApiError } from '../platform/http/errors.js';
import type { Context } from '../platform/context.js';
import { oneOf, options } from './args.js';
import { type CliCommand, printJson, UsageError } from './command.js';
import { withContext } from './context.js';

const PERIOD_USAGE = `--from and --to are UTC days (YYYY-MM-DD), both included; by default the last 30 days.`;

function period(o: { from?: string; to?: string }): Period {
  try {
    return periodOf(o, Date.now());
  } catch (err) {
    if (err instanceof ApiError) throw new UsageError(`--${err.extra.param ?? 'from'}: ${err.message}`);
    throw err;
  }
}

async function ownerReader(ctx: Context, org: string): Promise<Reader> {
  const organization = await findOrganization(ctx.db.kysely, org);
  if (!organization) throw new UsageError(`no organisation ${org}`);
  return { organization, role: 'owner', onlyAccount: null };
}

export const usageCommand: CliCommand = {
  path: ['usage'],
  summary: "An organisation's calls, tokens and cost per key, member, model or day",
  usage: `Usage: svc usage --org ORG --by key|member|model|day [--from DATE] [--to DATE]

Prints {by, from, to, groups:[{id, label, calls, input_tokens, output_tokens, cost_usd}]}
from the request log (so within the organisation's retention). ${PERIOD_USAGE}`,
  async run(args) {
    const o = options(
      args,
      { org: { type: 'string' }, by: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } },
      ['org', 'by'],
    );
    const by = oneOf('by', o.by, USAGE_BY)!;
    const p = period(o);
    return withContext(async (ctx) => {
      const reader = await ownerReader(ctx, o.org!);
      printJson({ by, ...p, groups: await usageBy(ctx.db.kysely, reader, by, p) });
      return 0;
    });
  },
};

export const recordsCommand: CliCommand = {
  path: ['records'],
  summary: "An organisation's record of processing (LGPD art. 37 and 33), as JSON or CSV",
  usage: `Usage: svc records --org ORG --from DATE --to DATE [--format csv|json]

Per day, key, route, vendor and vendor region: the operations and the personal-data items
found per category with what was done (masked, removed, refused, allowed). Counts only,
never values. docs/records.md explains each column. ${PERIOD_USAGE}`,
  async run(args) {
    const o = options(
      args,
      {
        org: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        format: { type: 'string' },
      },
      ['org', 'from', 'to'],
    );
    const format = oneOf('format', o.format, ['json', 'csv'] as const) ?? 'json';
    const p = period(o);
    return withContext(async (ctx) => {
      const record = await processingRecord(ctx.db.kysely, await ownerReader(ctx, o.org!), p);
      if (format === 'csv') process.stdout.write(recordsCsv(record));
      else printJson(record);
      return 0;
    });
  },
};

// `svc vitrine collect`: builds and publishes the showcase document now, whoever holds the
// periodic collector's lease (docs/operator.md).
import { parseArgs } from 'node:util';
import { Catalogue } from '../gateway/pipeline/catalogue.js';
import { createCollector } from '../gateway/showcase/index.js';
import { createTelemetry } from '../gateway/telemetry/index.js';
import { ConfigError } from '../platform/config/index.js';
import { type CliCommand, printJson, UsageError } from './command.js';
import { withContext } from './context.js';

export const vitrineCollectCommand: CliCommand = {
  path: ['vitrine', 'collect'],
  summary: 'Collect and publish the showcase document now',
  usage: `Usage: svc vitrine collect

Builds the showcase document from the current figures (funnel, usage, accounts) and
publishes it: GET /api/vitrine answers it from then on, and /api/vitrine/cursores records
the time under "cli". Needs the storage the server uses (SVC_DATA_DIR or DATABASE_URL) and its config file
(SVC_CONFIG, with the "showcase" section): without it the command stops rather than publish
the default name, start day and catalogue size over the configured ones.
Prints {"produto", "atualizado_em", "dias"} (the number of days in the series).`,
  async run(args) {
    const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
    if (positionals.length > 0) throw new UsageError('vitrine collect takes no arguments');
    return withContext(async (ctx) => {
      if (!ctx.config.file.showcase) {
        const where = ctx.config.configPath ? `in ${ctx.config.configPath}` : '(SVC_CONFIG is not set)';
        throw new ConfigError([
          `SVC_CONFIG: no "showcase" section ${where}; run svc vitrine collect with the server's SVC_CONFIG, or the document would be published with default settings`,
        ]);
      }
      const now = Date.now;
      const { funnel } = createTelemetry(ctx, now);
      const collector = createCollector(ctx, { funnel, catalogue: new Catalogue(ctx.config.file), now });
      const doc = await collector.collectNow('cli');
      printJson({
        produto: doc.produto,
        atualizado_em: doc.atualizado_em,
        dias: (doc.dias as unknown[]).length,
      });
      return 0;
    });
  },
};

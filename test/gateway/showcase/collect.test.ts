// The two ways a document gets published for real: `svc vitrine collect` (a real process on
// the server's storage) and the periodic collector a gateway starts when the `showcase`
// section is configured.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { spawnSvc } from '../../helpers/process.js';
import { waitFor } from '../../helpers/wait.js';
import { Clock, gateways, OPERATOR_TOKEN, writeConfig } from '../telemetry/helpers.js';

const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };

describe('publishing the showcase', () => {
  it('svc vitrine collect publishes and records the cli cursor', async () => {
    const clock = new Clock(Date.now());
    const gw = await gateways(1, { clock, file: { showcase: { periodico: false, nome: 'Vitrine Acme' } } });
    try {
      const g = gw.list[0]!;
      assert.equal(
        ((await (await fetch(`${g.url}/api/vitrine`)).json()) as { publicado: boolean }).publicado,
        false,
      );
      const env: Record<string, string> = {
        SVC_DATA_DIR: g.ctx.config.dataDir,
        SVC_SECRET: 'test-secret-test-secret-test-secret-0000',
        SVC_CONFIG: writeConfig({ showcase: { nome: 'Vitrine Acme' } }),
      };
      if (g.ctx.config.databaseUrl) env.DATABASE_URL = g.ctx.config.databaseUrl;
      // Without the server's config file the command refuses instead of publishing defaults.
      const { SVC_CONFIG: _, ...bare } = env;
      const refused = spawnSvc(['vitrine', 'collect'], bare);
      assert.equal(await refused.exit(), 1);
      assert.match(refused.stderr.join(''), /SVC_CONFIG: no "showcase" section \(SVC_CONFIG is not set\)/);
      assert.equal(
        ((await (await fetch(`${g.url}/api/vitrine`)).json()) as { publicado: boolean }).publicado,
        false,
      );
      const child = spawnSvc(['vitrine', 'collect'], env);
      assert.equal(await child.exit(), 0, child.stderr.join(''));
      const out = JSON.parse(child.stdout.join('\n')) as {
        produto: string;
        atualizado_em: string;
        dias: number;
      };
      assert.equal(typeof out.produto, 'string');
      assert.equal(out.dias >= 1, true);
      const doc = (await (await fetch(`${g.url}/api/vitrine`)).json()) as {
        publicado: boolean;
        atualizado_em: string;
      };
      assert.equal(doc.publicado, true);
      assert.equal(doc.atualizado_em, out.atualizado_em);
      assert.equal((doc as { nome?: string }).nome, 'Vitrine Acme');
      const again = spawnSvc(['vitrine', 'collect'], bare);
      assert.equal(await again.exit(), 1);
      const kept = (await (await fetch(`${g.url}/api/vitrine`)).json()) as {
        nome: string;
        atualizado_em: string;
      };
      assert.deepEqual([kept.nome, kept.atualizado_em], ['Vitrine Acme', out.atualizado_em]);
      const cursors = (await (
        await fetch(`${g.url}/api/vitrine/cursores`, { headers: operator })
      ).json()) as Record<string, { cli?: string; borda?: string }>;
      assert.equal(cursors[out.produto]?.cli, out.atualizado_em);
      assert.equal(cursors[out.produto]?.borda, undefined);
      const usage = spawnSvc(['vitrine', 'collect', 'extra'], env);
      assert.equal(await usage.exit(), 2);
    } finally {
      await gw.dispose();
    }
  });

  it('a gateway with the showcase section collects on its own once ready', async () => {
    const gw = await gateways(1, { file: { showcase: { intervaloMinutos: 60 } } });
    try {
      const g = gw.list[0]!;
      await waitFor(
        'the showcase published',
        async () =>
          ((await (await fetch(`${g.url}/api/vitrine`)).json()) as { publicado: boolean }).publicado,
        { everyMs: 100 },
      );
      const cursors = (await (
        await fetch(`${g.url}/api/vitrine/cursores`, { headers: operator })
      ).json()) as Record<string, { borda?: string }>;
      assert.equal(Object.values(cursors)[0]?.borda, new Date(gw.clock.ms).toISOString());
    } finally {
      await gw.dispose();
    }
  });
});

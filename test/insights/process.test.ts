// Real `svc` processes: tenant creation from the CLI, a crash between the 202 and the
// processing that loses nothing, a stalled instance whose jobs another instance takes over
// without any result stored twice, SIGTERM that drains, and the cleanup command.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createGatewayApp } from '../../src/gateway/app.js';
import { loadConfig } from '../../src/config.js';
import { createContext } from '../../src/context.js';
import type { Context } from '../../src/platform/context.js';
import type { App } from '../../src/platform/http/app.js';
import { type FakePlatform, fakePlatform } from '../fakes/platform.js';
import { testStorage, type TestStorage } from '../helpers/db.js';
import { type Child, spawnSvc } from '../helpers/process.js';
import { personalTranscript, TOKEN, waitUntil } from './helpers.js';
import { kyselyOf } from '../../src/modules.js';

const SECRET = 'process-test-secret-process-test-secret';

describe('insights in real processes', () => {
  let storage: TestStorage;
  let platform: FakePlatform;
  let ctx: Context;
  let gateway: App;
  let env: Record<string, string>;
  const children: Child[] = [];

  // Start-up is slow on a loaded machine: wait generously.
  const serve = async (extra: Record<string, string> = {}) => {
    const child = spawnSvc(['serve', 'insights'], { ...env, ...extra });
    children.push(child);
    const line = await child.waitFor((l) => l.event === 'listening', 120_000);
    return { child, url: (line.urls as Record<string, string>).insights! };
  };
  const deliver = (url: string, id: string) =>
    fetch(`${url}/webhooks/partner-crm?client_id=acme&token=${TOKEN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ eventType: 'SESSION_COMPLETE', content: { id } }),
    });
  const insight = (id: string) =>
    ctx.db.kysely.selectFrom('insights').selectAll().where('session_id', '=', id).executeTakeFirst();

  before(async () => {
    storage = await testStorage();
    platform = await fakePlatform();
    ctx = await createContext(loadConfig({ ...storage.env, SVC_SECRET: SECRET, LOG_LEVEL: 'silent' }));
    gateway = await createGatewayApp(ctx);
    const gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
    env = {
      ...storage.env,
      SVC_SECRET: SECRET,
      INSIGHTS_PORT: '0',
      GATEWAY_URL: gatewayUrl,
      INSIGHTS_POLL_MS: '50',
      INSIGHTS_BACKOFF_MS: '50',
      INSIGHTS_MAX_BACKOFF_MS: '200',
      INSIGHTS_LEASE_MS: '1000',
    };
  });
  after(async () => {
    for (const c of children) if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
    await gateway.close();
    await ctx.db.close();
    await platform.stop();
    await storage.drop();
  });

  it('svc tenant create prints the tenant and the token once, never the platform token', async () => {
    const child = spawnSvc(
      [
        'tenant',
        'create',
        '--client-id',
        'acme',
        '--token',
        TOKEN,
        '--allow',
        '127.0.0.1',
        '--allow',
        '::1/128',
        '--watched-tag',
        'lead-quente',
        '--platform-url',
        platform.url,
        '--platform-token',
        platform.token,
        '--allow-private-platform',
      ],
      env,
    );
    assert.equal(await child.exit(), 0, child.stderr.join(''));
    const out = JSON.parse(child.stdout.join('\n')) as { tenant: Record<string, unknown>; token: string };
    assert.equal(out.token, TOKEN);
    assert.equal(out.tenant.clientId, 'acme');
    assert.equal(out.tenant.timeZone, 'America/Sao_Paulo');
    assert.deepEqual(out.tenant.allowedNetworks, ['127.0.0.1', '::1/128']);
    assert.ok(!child.stdout.join('').includes(platform.token));
    const row = await ctx.db.kysely.selectFrom('insight_tenants').selectAll().executeTakeFirstOrThrow();
    assert.ok(!JSON.stringify(row).includes(platform.token) && !JSON.stringify(row).includes(TOKEN));
    const again = spawnSvc(['tenant', 'create', '--client-id', 'acme', '--allow', 'any'], env);
    assert.equal(await again.exit(), 2);
    assert.match(again.stderr.join(''), /already exists/);
    // The metadata address is refused without the operator's explicit flag.
    const metadata = spawnSvc(
      [
        'tenant',
        'create',
        '--client-id',
        'evil',
        '--allow',
        'any',
        '--platform-url',
        'http://169.254.169.254/latest',
        '--platform-token',
        'x',
      ],
      env,
    );
    assert.equal(await metadata.exit(), 2);
    assert.match(metadata.stderr.join(''), /--allow-private-platform/);
    // No --allow: created, but no address may call it, and the operator is told so.
    const closed = spawnSvc(['tenant', 'create', '--client-id', 'closed'], env);
    assert.equal(await closed.exit(), 0, closed.stderr.join(''));
    assert.deepEqual(JSON.parse(closed.stdout.join('\n')).tenant.allowedNetworks, []);
    assert.match(closed.stderr.join(''), /no address may call/);
  });

  it('a crash between the 202 and the processing loses nothing', async () => {
    platform.down = true;
    platform.sessions.set('crash-1', personalTranscript());
    const first = await serve();
    assert.equal((await deliver(first.url, 'crash-1')).status, 202);
    await waitUntil(() => platform.transcriptFetches('crash-1') >= 1);
    first.child.proc.kill('SIGKILL');
    await first.child.exit();
    assert.equal(await insight('crash-1'), undefined);
    platform.down = false;
    const second = await serve();
    await waitUntil(async () => (await insight('crash-1')) !== undefined, 60_000);
    second.child.proc.kill('SIGTERM');
    assert.equal(await second.child.exit(), 0);
  });

  it('a stalled instance loses its jobs to another, and no result is stored twice', async () => {
    // Every fetch of a transcript differs, so a second analysis that got stored would show
    // as revision 2. Instance A holds four jobs whose fetches the platform keeps waiting,
    // then stops dead (SIGSTOP) — its heartbeats stop too, and it writes nothing meanwhile.
    platform.varyEachFetch = true;
    platform.hold = true;
    const ids = Array.from({ length: 30 }, (_, i) => `multi-${i}`);
    for (const id of ids) platform.sessions.set(id, personalTranscript(id));
    // No heartbeat and no sweep of its own: A's four leases simply run out. Its platform
    // calls wait as long as it takes, so A does finish its work after waking up.
    const a = await serve({
      INSIGHTS_CONCURRENCY: '4',
      INSIGHTS_HEARTBEAT_MS: '3600000',
      INSIGHTS_POLL_MS: '3600000',
      INSIGHTS_PLATFORM_TIMEOUT_MS: '3600000',
    });
    const answers = await Promise.all(ids.map((id) => deliver(a.url, id)));
    assert.ok(answers.every((r) => r.status === 202));
    await waitUntil(() => platform.heldCount === 4, 60_000);
    const stalled = ids.filter((id) => platform.transcriptFetches(id) > 0);
    a.child.proc.kill('SIGSTOP');
    platform.hold = false;
    // Instance B sweeps A's expired leases and does all the work, A's four included.
    const b = await serve();
    const completed = async () =>
      (
        await kyselyOf(ctx.db)
          .selectFrom('jobs')
          .select('id')
          .where('status', '=', 'completed')
          .where('dedup_key', 'like', '%:multi-%')
          .execute()
      ).length;
    await waitUntil(async () => (await completed()) === ids.length, 120_000);
    // A wakes up, gets its transcripts, analyses them — and its completions are refused.
    const lost = () => a.child.stdout.filter((l) => /job lease lost|"state":"lost"/.test(l)).length;
    platform.release();
    a.child.proc.kill('SIGCONT');
    await waitUntil(() => lost() === stalled.length, 60_000);
    for (const id of stalled) assert.ok(platform.transcriptFetches(id) >= 2, `${id} fetched again by B`);
    const rows = await ctx.db.kysely
      .selectFrom('insights')
      .select(['session_id', 'revision'])
      .where('session_id', 'like', 'multi-%')
      .execute();
    assert.equal(rows.length, ids.length);
    for (const row of rows) assert.equal(row.revision, 1, `${row.session_id} stored once`);
    assert.equal(await completed(), ids.length);
    platform.varyEachFetch = false;
    for (const c of [a, b]) c.child.proc.kill('SIGTERM');
    assert.deepEqual(await Promise.all([a.child.exit(), b.child.exit()]), [0, 0]);
  });

  it('svc insights cleanup runs by hand (dry run and real), per tenant', async () => {
    const dry = spawnSvc(['insights', 'cleanup', '--dry-run', '--tenant', 'acme'], env);
    assert.equal(await dry.exit(), 0, dry.stderr.join(''));
    const out = JSON.parse(dry.stdout.join('\n')) as {
      dryRun: boolean;
      tenants: { clientId: string; wouldRemove: unknown[] }[];
    };
    assert.equal(out.dryRun, true);
    assert.equal(out.tenants[0]!.clientId, 'acme');
    assert.deepEqual(out.tenants[0]!.wouldRemove, []);
    const unknown = spawnSvc(['insights', 'cleanup', '--tenant', 'nobody'], env);
    assert.equal(await unknown.exit(), 2);
  });
});

// What `svc serve` tells a person at start: the address to open (PUBLIC_ORIGIN, and the
// console there), which the console then accepts for sign-in; and a busy port, named with
// the variable that moves it.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { freePort } from '../console/browser.js';
import { testStorage } from '../helpers/db.js';
import { spawnSvc } from '../helpers/process.js';

const listening = (l: Record<string, unknown>) => l.event === 'listening';

/** Bootstrap, then a login with a wrong password from `origin`: 401 means the origin passed. */
async function loginStatus(base: string, origin: string): Promise<number> {
  const boot = await fetch(`${base}/api/auth/bootstrap`);
  const cookie = (boot.headers.get('set-cookie') ?? '').split(';')[0]!;
  const { csrf } = (await boot.json()) as { csrf: string };
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { origin, cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ninguem@example.com', password: 'senha-errada-bem-longa' }),
  });
  return res.status;
}

describe('the address svc serve prints', () => {
  it('prints PUBLIC_ORIGIN and the console URL; both localhost and 127.0.0.1 sign in there', async () => {
    const storage = await testStorage();
    const port = await freePort();
    const child = spawnSvc(['serve', 'gateway'], { ...storage.env, GATEWAY_PORT: String(port) });
    try {
      const line = (await child.waitFor(listening)) as { public_origin: string; console: string };
      assert.equal(line.public_origin, `http://localhost:${port}`);
      assert.equal(line.console, `http://localhost:${port}/`);
      // stderr is another pipe: its line may arrive after stdout's.
      const said = new RegExp(
        `svc: gateway at http://localhost:${port} — console: http://localhost:${port}/`,
      );
      for (let deadline = Date.now() + 30_000; !said.test(child.stderr.join('')); ) {
        assert.ok(Date.now() < deadline, child.stderr.join(''));
        await new Promise((r) => setTimeout(r, 50));
      }
      const base = `http://127.0.0.1:${port}`;
      assert.equal(await loginStatus(base, `http://localhost:${port}`), 401);
      assert.equal(await loginStatus(base, `http://127.0.0.1:${port}`), 401);
      assert.equal(await loginStatus(base, 'http://localhost:1'), 403);
      const page = await fetch(line.console.replace('localhost', '127.0.0.1'));
      assert.equal(page.status, 200);
    } finally {
      child.proc.kill('SIGTERM');
      await child.exit();
      await storage.drop();
    }
  });

  it('prints an explicit PUBLIC_ORIGIN as is', async () => {
    const storage = await testStorage();
    const child = spawnSvc(['serve', 'gateway'], {
      ...storage.env,
      GATEWAY_PORT: '0',
      PUBLIC_ORIGIN: 'https://svc.example.com',
    });
    try {
      const line = (await child.waitFor(listening)) as { public_origin: string; console: string };
      assert.equal(line.public_origin, 'https://svc.example.com');
      assert.equal(line.console, 'https://svc.example.com/');
    } finally {
      child.proc.kill('SIGTERM');
      await child.exit();
      await storage.drop();
    }
  });
});

describe('a busy port', () => {
  let blocker: Server;
  let port: number;
  before(async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    port = (blocker.address() as { port: number }).port;
  });
  after(() => new Promise((resolve) => blocker.close(resolve)));

  for (const [service, variable] of [
    ['gateway', 'GATEWAY_PORT'],
    ['insights', 'INSIGHTS_PORT'],
  ] as const) {
    it(`${service}: names the port and ${variable}, exits 1 without a stack trace`, async () => {
      const storage = await testStorage();
      const child = spawnSvc(['serve', service], { ...storage.env, [variable]: String(port) });
      try {
        assert.equal(await child.exit(), 1);
        const err = child.stderr.join('');
        assert.match(err, new RegExp(`${variable}: port ${port} on 127\\.0\\.0\\.1 is already in use`));
        assert.match(err, new RegExp(`set ${variable} to a free port`));
        assert.ok(!err.includes('    at '), err);
      } finally {
        await storage.drop();
      }
    });
  }
});

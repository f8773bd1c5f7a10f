// The newcomer's path, as one test: a fresh clone of this repository, the README's
// five-minute quickstart followed literally — start, the account and key commands, the
// `primeira.mjs` file with the official openai client — then the console signed in at the
// address the server printed. The clone shares this checkout's node_modules and build
// output (the install itself is measured in docs/contributing/performance.md); the ports are free ones
// instead of 8080–8082, as the README's configuration section allows.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { spawnNode } from '../helpers/process.js';
import { CHROMIUM, freePort, launch, newPage } from './browser.js';

const ROOT = new URL('../../../', import.meta.url).pathname;
const skip = !CHROMIUM
  ? 'no Chromium found (apt-get install chromium, or set CHROMIUM_PATH)'
  : !existsSync(join(ROOT, '.git'))
    ? 'not a git checkout: nothing to clone'
    : false;

/** The README's quickstart section: its shell lines and its JavaScript file. */
function quickstart(readme: string) {
  const section = readme.slice(
    readme.indexOf('## Five-minute quickstart'),
    readme.indexOf('## Two commands'),
  );
  const blocks = [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map(([, lang, body]) => ({
    lang,
    body: body!,
  }));
  const svcLines = blocks
    .filter((b) => b.lang === 'sh')
    .flatMap((b) => b.body.split('\n'))
    .filter((l) => l.startsWith('npm run -s svc -- '))
    .map((l) => l.replace(/\s+#.*$/, ''));
  const js = blocks.find((b) => b.lang === 'js')?.body;
  const file = /save this as `([^`]+)`/.exec(section)?.[1];
  const email = /--email (\S+)/.exec(svcLines[0] ?? '')?.[1];
  const password = /--password '([^']+)'/.exec(svcLines[0] ?? '')?.[1];
  assert.ok(
    svcLines.length === 2 && js && file && email && password,
    'the quickstart has the expected steps',
  );
  return { svcLines, js, file, email, password };
}

describe('the newcomer path: fresh clone → README → masked call → console sign-in', { skip }, () => {
  let top: string;
  let dir: string;
  let env: Record<string, string>;
  let server: ReturnType<typeof spawnNode>;
  let browser: Browser;

  before(async () => {
    top = mkdtempSync(join(tmpdir(), 'svc-newcomer-'));
    dir = join(top, 'svc');
    execFileSync('git', ['clone', '-q', ROOT, dir]);
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    cpSync(join(ROOT, 'dist'), join(dir, 'dist'), { recursive: true });
    env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dir,
      GATEWAY_PORT: String(await freePort()),
      CONTRACTS_PORT: String(await freePort()),
      INSIGHTS_PORT: String(await freePort()),
    };
    browser = await launch();
  });
  after(async () => {
    server?.proc.kill('SIGTERM');
    await server?.exit();
    await browser?.close();
    if (top) rmSync(top, { recursive: true, force: true });
  });

  it('follows the README', async () => {
    const steps = quickstart(readFileSync(join(dir, 'README.md'), 'utf8'));
    // 1. `npm start` (what it runs, in the clone), then the address it prints.
    const start = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts.start as string;
    assert.equal(start, 'node dist/src/cli.js serve all');
    server = spawnNode([join(dir, 'dist/src/cli.js'), 'serve', 'all'], { ...env }, dir);
    const line = (await server.waitFor((l) => l.event === 'listening', 120_000)) as {
      public_origin: string;
      console: string;
    };
    assert.equal(line.public_origin, `http://localhost:${env.GATEWAY_PORT}`);

    // 2. The account and the key, exactly as written.
    let secret = '';
    for (const command of steps.svcLines) {
      const out = execFileSync('sh', ['-c', command], { cwd: dir, env, encoding: 'utf8' });
      const json = JSON.parse(out) as { secret?: string };
      if (json.secret) secret = json.secret;
    }
    assert.match(secret, /^svck_/);

    // 3. The file, with the printed address in place of the default one, run with node.
    const source = steps.js.replaceAll('http://localhost:8080', line.public_origin);
    writeFileSync(join(dir, steps.file), source);
    const printed = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [steps.file], { cwd: dir, env: { ...env, SVC_KEY: secret } });
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
      });
      child.stderr.on('data', (d: Buffer) => {
        out += d.toString();
      });
      child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(out))));
    });
    assert.match(printed, /\[NOME_1\]/);
    assert.match(printed, /\[CPF_1\]/);
    assert.doesNotMatch(printed, /529\.982\.247-25|Maria Souza/);

    // 4. The console at the printed address, signed in with the README's account.
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(line.console);
    await page.getByRole('banner').getByRole('link', { name: 'Entrar', exact: true }).click();
    await page.getByLabel('E-mail').fill(steps.email);
    await page.getByLabel('Senha').fill(steps.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: 'Painel' }).waitFor();
    await page.close();
  });
});

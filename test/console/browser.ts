// Browser-test plumbing: Debian's Chromium driven by playwright-core (no browser download),
// the real `svc` process on SQLite with a fixed port so that PUBLIC_ORIGIN matches exactly.
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { type Browser, chromium, type Page } from 'playwright-core';
import { testStorage } from '../helpers/db.js';
import { type Child, spawnSvc } from '../helpers/process.js';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
export const CHROMIUM = CANDIDATES.find((p): p is string => !!p && existsSync(p));
/** The console's build (dist/web), which `npm run build:server` leaves out. */
const CONSOLE_INDEX = new URL('../../web/index.html', import.meta.url).pathname;
/** What the browser tests need and is missing, if anything (test/helpers/requirements.ts). */
export const NO_BROWSER = !CHROMIUM
  ? 'no Chromium found (apt-get install chromium, or set CHROMIUM_PATH)'
  : existsSync(CONSOLE_INDEX)
    ? undefined
    : 'the console is not built (npm run build builds it, npm run build:server does not)';

/** Where screenshots go: a test artefact, outside the repository's tracked files. */
export const ARTIFACTS = new URL('../../../test-artifacts/console/', import.meta.url).pathname;

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface Running {
  origin: string;
  env: Record<string, string>;
  child: Child;
  stop(): Promise<void>;
}

export async function startGateway(extra: Record<string, string> = {}): Promise<Running> {
  const storage = await testStorage();
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const env = { ...storage.env, GATEWAY_PORT: String(port), PUBLIC_ORIGIN: origin, ...extra };
  const child = spawnSvc(['serve', 'gateway'], env);
  await child.waitFor((l) => l.event === 'listening');
  return {
    origin,
    env,
    child,
    async stop() {
      child.proc.kill('SIGTERM');
      await child.exit();
      await storage.drop();
    },
  };
}

/** Runs an `svc` command to completion; its last stdout line is JSON. */
export async function svc(env: Record<string, string>, ...args: string[]): Promise<Record<string, unknown>> {
  const child = spawnSvc(args, env);
  const code = await child.exit();
  if (code !== 0) throw new Error(`svc ${args[0]} ${args[1]} exited ${code}: ${child.stderr.join('')}`);
  return JSON.parse(child.stdout.join('\n') || '{}');
}

export async function launch(): Promise<Browser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * How long a page may take to show what a test waits for. Playwright's 30 s default was
 * exceeded a few times in full-suite runs with both cores loaded (a page reload that did
 * not render its form in time), never on an idle machine; a page that never renders still
 * fails, just later.
 */
export const PAGE_TIMEOUT = 90_000;

/** A new page of `browser` with the suite's waits (PAGE_TIMEOUT). */
export async function newPage(browser: Browser, options?: Parameters<Browser['newPage']>[0]): Promise<Page> {
  const page = await browser.newPage(options);
  page.setDefaultTimeout(PAGE_TIMEOUT);
  page.setDefaultNavigationTimeout(PAGE_TIMEOUT);
  return page;
}

/**
 * Every console error, page error, CSP violation and failed response of a page, for the
 * "no errors" check. Chromium logs any 4xx as "Failed to load resource" without its URL, so
 * responses are judged here by URL instead: a missing photo (GET /api/account/avatar 404) is
 * the API's documented answer, not a failure.
 */
export function watchProblems(page: Page, problems: string[]): void {
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource'))
      problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    const expected = res.status() === 404 && path === '/api/account/avatar';
    if (res.status() >= 400 && !expected) problems.push(`${res.status()} ${res.request().method()} ${path}`);
  });
}

/** Screenshots at 360 and 1280 px; fails when the page is wider than a 360 px screen. */
export async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${ARTIFACTS}${name}-${width}.png`, fullPage: true });
    const scroll = (await page.evaluate('document.documentElement.scrollWidth')) as number;
    if (scroll > width) throw new Error(`${name}: ${scroll} px wide at a ${width} px viewport`);
  }
}

// The MCP project's own conformance suite (@modelcontextprotocol/conformance) against the
// listening gateway: the server scenarios that apply to a stateless Streamable HTTP server
// offering tools (docs/mcp.md lists them and why the others do not apply). The suite's CLI
// needs Node 22 or newer (it imports fs.globSync); it runs under this process's Node when
// that is new enough, else under the binary named by CONFORMANCE_NODE (.ci/run installs
// one from the npm registry). The suite cannot send an Authorization header, so it talks to
// the gateway through a loopback hop that adds the test key and changes nothing else — the
// Host and Origin it sends reach the gateway as sent.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { makeKey } from '../../helpers/gateway.js';
import { optionalPeer, peerOrFail } from '../../helpers/peers.js';
import { requires } from '../../helpers/requirements.js';
import { mcpGateway } from './helpers.js';

const SPEC = '@modelcontextprotocol/conformance/package.json';
const suite = optionalPeer(SPEC);

/** Scenarios that apply to this server; each must pass every check. */
export const APPLICABLE = [
  'server-initialize',
  'ping',
  'tools-list',
  'tools-call-error',
  'dns-rebinding-protection',
] as const;

function node22(): string | undefined {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  const named = process.env.CONFORMANCE_NODE;
  return named && existsSync(named) ? named : undefined;
}

interface Check {
  id: string;
  status: string;
  errorMessage?: string;
}

function runScenario(
  node: string,
  url: string,
  scenario: string,
): Promise<{ code: number; checks: Check[] }> {
  const out = mkdtempSync(join(tmpdir(), 'svc-mcp-conformance-'));
  return new Promise((resolve) => {
    execFile(
      node,
      [
        join(dirname(peerOrFail(suite, SPEC)), 'dist', 'index.js'),
        'server',
        '--url',
        url,
        '--scenario',
        scenario,
        '-o',
        out,
      ],
      { timeout: 120_000, env: { PATH: process.env.PATH ?? '' } },
      (error) => {
        const checks: Check[] = [];
        for (const dir of readdirSync(out)) {
          const file = join(out, dir, 'checks.json');
          if (existsSync(file)) checks.push(...(JSON.parse(readFileSync(file, 'utf8')) as Check[]));
        }
        resolve({ code: error ? Number(error.code ?? 1) : 0, checks });
      },
    );
  });
}

/** A loopback hop that adds the key's Authorization header and passes everything else as is. */
function authHop(target: { port: number; secret: string }): http.Server {
  return http.createServer((req, res) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, authorization: `Bearer ${target.secret}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
}

const node = node22();

describe(
  'MCP conformance suite (server scenarios that apply)',
  {
    skip: suite.skip || requires(node ? undefined : "no Node 22 for the suite's CLI: set CONFORMANCE_NODE"),
  },
  () => {
    let gw: Awaited<ReturnType<typeof mcpGateway>>;
    let hop: http.Server;
    let url: string;
    before(async () => {
      const target = { port: 0, secret: '' };
      hop = authHop(target);
      // The hop's address is the origin clients see, so it is the gateway's public origin.
      await new Promise<void>((r) => hop.listen(0, '127.0.0.1', r));
      const origin = `http://127.0.0.1:${(hop.address() as AddressInfo).port}`;
      gw = await mcpGateway({ PUBLIC_ORIGIN: origin });
      target.port = Number(new URL(gw.origin).port);
      target.secret = (await makeKey(gw.ctx)).secret;
      url = `${origin}/mcp`;
    });
    after(async () => {
      await new Promise((r) => hop.close(r));
      await gw.dispose();
    });

    for (const scenario of APPLICABLE) {
      it(scenario, async () => {
        const run = await runScenario(node!, url, scenario);
        const failed = run.checks.filter((c) => c.status === 'FAILURE');
        assert.ok(run.checks.length > 0, `${scenario}: the suite reported no checks`);
        assert.deepEqual(
          failed.map((c) => `${c.id}: ${c.errorMessage ?? ''}`),
          [],
          `${scenario}: failed checks`,
        );
        assert.equal(run.code, 0, `${scenario}: the suite's exit code`);
      });
    }
  },
);

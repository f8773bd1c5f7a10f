// The MCP Inspector's command-line client (@modelcontextprotocol/inspector-cli) as a child
// process against the listening gateway: it lists the tools and calls one, as a developer
// checking a server by hand would.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type KeyFixture, makeKey } from '../../helpers/gateway.js';
import { assertNoPersonalData, CPF } from '../models/helpers.js';
import { optionalPeer, peerOrFail } from '../../helpers/peers.js';
import { mcpGateway } from './helpers.js';

const SPEC = '@modelcontextprotocol/inspector-cli/package.json';
const tool = optionalPeer(SPEC);

/**
 * Runs the inspector's CLI. Its working directory is its own `build/` folder: the CLI looks
 * for `../package.json` relative to the working directory but imports it relative to
 * itself, and the two agree only there.
 */
function inspector(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const folder = dirname(peerOrFail(tool, SPEC));
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(folder, 'build', 'index.js'), ...args],
      { cwd: join(folder, 'build'), timeout: 60_000, env: { PATH: process.env.PATH ?? '' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('MCP Inspector CLI against /mcp', { skip: tool.skip }, () => {
  let gw: Awaited<ReturnType<typeof mcpGateway>>;
  let key: KeyFixture;
  before(async () => {
    gw = await mcpGateway();
    key = await makeKey(gw.ctx);
  });
  after(() => gw.dispose());

  const connection = () => [gw.url, '--transport', 'http', '--header', `Authorization: Bearer ${key.secret}`];

  it('lists the tools', async () => {
    const run = await inspector([...connection(), '--method', 'tools/list']);
    assert.equal(run.code, 0, run.stderr);
    const { tools } = JSON.parse(run.stdout) as { tools: { name: string; inputSchema: { type: string } }[] };
    assert.deepEqual(
      tools.map((t) => t.name),
      ['svc_auto', 'svc_eco'],
    );
    assert.ok(tools.every((t) => t.inputSchema.type === 'object'));
  });

  it('calls a tool with a prompt and gets the model’s text first', async () => {
    const run = await inspector([
      ...connection(),
      '--method',
      'tools/call',
      '--tool-name',
      'svc_eco',
      '--tool-arg',
      `prompt=Olá, meu CPF é ${CPF}`,
    ]);
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout) as { isError?: boolean; content: { type: string; text: string }[] };
    assert.notEqual(result.isError, true);
    assert.equal(result.content[0]!.type, 'text');
    assert.match(result.content[0]!.text, /Olá, meu CPF é \[CPF_1\]/);
    assertNoPersonalData(run.stdout, 'the inspector output');
  });

  it('fails without the key', async () => {
    const run = await inspector([gw.url, '--transport', 'http', '--method', 'tools/list']);
    assert.notEqual(run.code, 0);
    assert.match(run.stdout + run.stderr, /invalid_api_key/);
  });
});

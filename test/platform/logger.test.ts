// The services' default log destination (LogSink on stdout, src/platform/log-sink.ts): every line
// once and in order, large lines included; a lone line shows up without anyone flushing;
// what is still buffered when the process exits is written.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { spawnNode } from '../helpers/process.js';

const logger = new URL('../../src/platform/logger.js', import.meta.url).href;

function script(body: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'svc-logger-')), 'run.mjs');
  writeFileSync(
    path,
    `import { createLogger } from '${logger}';\nconst log = createLogger('info');\n${body}`,
  );
  return path;
}

describe('default log destination', () => {
  it('writes every line once, in order, with lines larger than a write and a process.exit right after', async () => {
    const child = spawnNode(
      [
        script(
          'for (let i = 0; i < 5000; i++) {\n' +
            "  if (i % 1000 === 7) log.info({ i, big: 'é'.repeat(40_000) }, 'big');\n" +
            '  else log.info({ i }, `ção ${i}`);\n' +
            '  if (i % 700 === 0) await new Promise((r) => setImmediate(r));\n' +
            '}\n' +
            'process.exit(0);\n',
        ),
      ],
      {},
    );
    // The bytes as written, decoded once: a character cut between two pipe reads stays whole.
    const chunks: Buffer[] = [];
    child.proc.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk));
    const closed = once(child.proc, 'close'); // after stdout has been read to its end
    assert.equal(await child.exit(), 0);
    await closed;
    const lines = Buffer.concat(chunks)
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { i: number; msg: string; big?: string });
    assert.deepEqual(
      lines.map((l) => l.i),
      Array.from({ length: 5000 }, (_, i) => i),
    );
    assert.equal(lines[7]!.big, 'é'.repeat(40_000));
    assert.equal(lines[8]!.msg, 'ção 8');
  });

  it('writes a lone line at once, without being asked, while the process keeps running', async () => {
    const child = spawnNode([script("log.info('sozinha');\nsetTimeout(() => {}, 60_000);\n")], {});
    try {
      const line = await child.waitFor((l) => l.msg === 'sozinha', 10_000);
      assert.equal(line.level, 'info');
      assert.equal(child.proc.exitCode, null, 'written while the process still runs');
    } finally {
      child.proc.kill('SIGKILL');
    }
  });
});

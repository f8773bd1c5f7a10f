// The buffered log destination: order, large lines, flush on demand and on a timer, exit.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { LogSink, nextWrite, PIPE_ATOMIC } from '../../src/platform/log-sink.js';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { spawnNode } from '../helpers/process.js';
import { waitFor } from '../helpers/wait.js';

function tempFile(): { path: string; fd: number } {
  const path = join(mkdtempSync(join(tmpdir(), 'svc-logsink-')), 'out.log');
  return { path, fd: openSync(path, 'w') };
}

const flushed = (sink: LogSink) => new Promise<void>((resolve) => sink.flush(() => resolve()));

describe('LogSink', () => {
  it('writes every line once, in order, across many chunks and with lines larger than a chunk', async () => {
    const { path, fd } = tempFile();
    const sink = new LogSink(fd, 60_000);
    const lines: string[] = [];
    for (let i = 0; i < 5000; i++) {
      const line =
        i % 1000 === 7 ? `{"i":${i},"big":"${'é'.repeat(40_000)}"}` : `{"i":${i},"msg":"ção ${i}"}`;
      lines.push(line);
      sink.write(`${line}\n`);
      if (i % 700 === 0) await new Promise((r) => setImmediate(r));
    }
    await flushed(sink);
    closeSync(fd);
    assert.deepEqual(readFileSync(path, 'utf8').split('\n').slice(0, -1), lines);
  });

  it('writes a lone line within its flush interval, without being asked', async () => {
    const { path, fd } = tempFile();
    const sink = new LogSink(fd, 20);
    sink.write('{"msg":"sozinha"}\n');
    assert.equal(readFileSync(path, 'utf8'), '', 'buffered, not written synchronously');
    await waitFor('the flush timer to write the line', () => readFileSync(path, 'utf8') !== '', {
      everyMs: 10,
    });
    assert.equal(readFileSync(path, 'utf8'), '{"msg":"sozinha"}\n');
    sink.flushSync();
    closeSync(fd);
  });

  it('writes what is buffered when the process exits', async () => {
    const script = join(mkdtempSync(join(tmpdir(), 'svc-logsink-')), 'exit.mjs');
    const module = new URL('../../src/platform/log-sink.js', import.meta.url).href;
    writeFileSync(
      script,
      `import { LogSink } from '${module}';\n` +
        'const sink = new LogSink(1, 60_000);\n' +
        'for (let i = 0; i < 3000; i++) sink.write(`{"i":${i}}\\n`);\n' +
        'process.exit(0);\n',
    );
    const child = spawnNode([script], {});
    const closed = once(child.proc, 'close'); // after stdout has been read to its end
    assert.equal(await child.exit(), 0);
    await closed;
    const numbers = child.stdout.map((l) => (JSON.parse(l) as { i: number }).i);
    assert.deepEqual(
      numbers,
      Array.from({ length: 3000 }, (_, i) => i),
    );
  });

  it('on a shared stdout, cuts each write at a line end within PIPE_ATOMIC bytes', () => {
    const lines = Buffer.from(
      Array.from({ length: 100 }, (_, i) => `{"i":${i},"p":"${'y'.repeat(90)}"}\n`).join(''),
    );
    let offset = 0;
    let writes = 0;
    while (offset < lines.length) {
      const n = nextWrite(lines, offset, PIPE_ATOMIC);
      assert.ok(n <= PIPE_ATOMIC, `write of ${n} bytes`);
      assert.equal(lines[offset + n - 1], 10, 'a write ends inside a line');
      offset += n;
      writes++;
    }
    assert.ok(writes > 1);
    assert.equal(nextWrite(lines, 0), lines.length, 'unshared: one write');
    const long = Buffer.from(`{"big":"${'z'.repeat(PIPE_ATOMIC * 2)}"}\n{"i":1}\n`);
    assert.equal(nextWrite(long, 0, PIPE_ATOMIC), long.indexOf(10) + 1, 'a longer line goes whole');
  });

  it('two processes writing to one pipe never splice their lines', async () => {
    const writer = fileURLToPath(new URL('../fixtures/shared-log-writer.js', import.meta.url));
    const node = JSON.stringify(process.execPath);
    const child = spawn('sh', ['-c', `${node} ${writer} shared & ${node} ${writer} shared; wait`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const chunks: Buffer[] = [];
    // A slow reader keeps the pipe full, so that writes are cut short and the writers take turns.
    child.stdout.on('data', (c: Buffer) => {
      chunks.push(c);
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 1);
    });
    await once(child.stdout, 'end');
    const text = Buffer.concat(chunks).toString('utf8');
    const out = text.split('\n').filter(Boolean);
    assert.equal(out.length, 40_000);
    for (const line of out) JSON.parse(line);
  });
});

// A process killed with SIGKILL in the middle of writes loses no row it saw committed.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { openDb } from '../../src/platform/db/index.js';
import { onPostgres, testStorage } from '../helpers/db.js';
import { spawnNode } from '../helpers/process.js';

const WRITER = fileURLToPath(new URL('../fixtures/crash-writer.js', import.meta.url));

describe(`crash safety (${onPostgres ? 'postgres' : 'sqlite'})`, () => {
  it('keeps every committed row after kill -9', async () => {
    const storage = await testStorage();
    try {
      for (let round = 0; round < 3; round++) {
        const child = spawnNode([WRITER, `r${round}-`], storage.env);
        // Let it write for a while, then kill it mid-stream.
        await new Promise<void>((resolve, reject) => {
          const timer = setInterval(() => {
            if (child.stdout.length >= 300 * (round + 1)) {
              clearInterval(timer);
              resolve();
            }
          }, 5);
          child.exit().then((code) => {
            clearInterval(timer);
            reject(new Error(`writer exited with ${code}: ${child.stderr.join('')}`));
          });
        });
        child.proc.kill('SIGKILL');
        await child.exit().catch(() => {});
        const reported = child.stdout.filter((l) => l.length > 0);
        const db = openDb(storage);
        try {
          const rows = await db.kysely.selectFrom('svc_meta').select('key').execute();
          const stored = new Set(rows.map((r) => r.key));
          const lost = reported.filter((k) => !stored.has(k));
          assert.deepEqual(lost, [], `round ${round}: ${lost.length} committed rows lost`);
          // Transactions are all-or-nothing: no partial 5-row group survives.
          const groups = new Map<string, number>();
          for (const k of stored)
            if (k.startsWith('tx-'))
              groups.set(
                k.slice(0, k.lastIndexOf('-')),
                (groups.get(k.slice(0, k.lastIndexOf('-'))) ?? 0) + 1,
              );
          for (const [g, n] of groups) assert.equal(n, 5, `partial transaction ${g}`);
        } finally {
          await db.close();
        }
      }
    } finally {
      await storage.drop();
    }
  });
});

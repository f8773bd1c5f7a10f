// The SQLite write-ahead log is copied back into the database file by a worker thread,
// not inside the server's commits: the server's connection never checkpoints, the file
// still receives the data within seconds, and closing leaves no log behind.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { openDb, sqliteFile } from '../../src/platform/db/index.js';
import { waitFor } from '../helpers/wait.js';

describe('SQLite checkpoints off the event loop', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-ckpt-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('the server connection never checkpoints; the thread does; close removes the log', async () => {
    const db = openDb({ dataDir: dir });
    const sqlite = db.sqlite!;
    assert.equal(sqlite.pragma('wal_autocheckpoint', { simple: true }), 0);
    sqlite.exec('CREATE TABLE filler (v BLOB)');
    const file = sqliteFile(dir);
    const before = statSync(file).size;
    const insert = sqlite.prepare('INSERT INTO filler VALUES (randomblob(4000))');
    // About 8 MB in 2000 commits: well past SQLite's own 1000-page checkpoint threshold.
    for (let i = 0; i < 2000; i++) insert.run();
    // The thread checkpoints every second: wait until the file has received the log.
    await waitFor(`the database file to receive the log (${before} bytes before)`, () => {
      const grown = statSync(file).size;
      return grown >= before + 7_000_000 && grown;
    });
    await db.close();
    assert.equal(
      existsSync(`${file}-wal`),
      false,
      'the last connection to close checkpointed and removed the log',
    );
    const again = openDb({ dataDir: dir });
    assert.equal(again.sqlite!.prepare('SELECT count(*) FROM filler').pluck().get(), 2000);
    await again.close();
  });
});

import { type Kysely, SqliteAdapter, sql } from 'kysely';
import { decrypt, encrypt } from '../../platform/crypto.js';
import { deriveKey } from '../../platform/secret.js';

// Contract titles are sealed like the texts they name (people title contracts after the
// other party): `contract_documents.title` becomes `sealed_title`, every existing title
// sealed with the contracts' data key (SVC_SECRET, purpose `contracts-data`, a JSON string,
// as src/contracts/sealing.ts writes it). The only migration that needs the secret.
const PURPOSE = 'contracts-data';

interface Row {
  id: string;
  title: string;
}

export async function up(db: Kysely<unknown>, secret?: string): Promise<void> {
  const rows = await sql<Row>`select id, title from contract_documents`.execute(db);
  if (rows.rows.length > 0 && secret === undefined)
    throw new Error('sealing contract titles needs SVC_SECRET (run the service or `svc migrate` with it)');
  // SQLite would otherwise leave the clear title in the page's free space after the update.
  if (db.getExecutor().adapter instanceof SqliteAdapter) await sql`pragma secure_delete = on`.execute(db);
  const key = secret === undefined ? undefined : deriveKey(secret, PURPOSE);
  for (const row of rows.rows) {
    const sealed = encrypt(key!, JSON.stringify(row.title));
    await sql`update contract_documents set title = ${sealed} where id = ${row.id}`.execute(db);
  }
  await db.schema.alterTable('contract_documents').renameColumn('title', 'sealed_title').execute();
}

export async function down(db: Kysely<unknown>, secret?: string): Promise<void> {
  await db.schema.alterTable('contract_documents').renameColumn('sealed_title', 'title').execute();
  const rows = await sql<Row>`select id, title from contract_documents`.execute(db);
  if (rows.rows.length > 0 && secret === undefined)
    throw new Error('opening contract titles needs SVC_SECRET');
  const key = secret === undefined ? undefined : deriveKey(secret, PURPOSE);
  for (const row of rows.rows) {
    const title = JSON.parse(decrypt(key!, row.title)) as string;
    await sql`update contract_documents set title = ${title} where id = ${row.id}`.execute(db);
  }
}

// Shared by the Pix and Asaas tests: a Pix configuration, every row of every table as text
// (to grep for personal data), a signed-in session (its cookie, and the headers a same-site
// write of the console carries), and the CLI's environment for a context.
import { sql } from 'kysely';
import { createAccount } from '../../../src/gateway/accounts/store.js';
import { createOrganization, setMember } from '../../../src/gateway/orgs/store.js';
import { PRODUCT_ID } from '../../../src/gateway/product.js';
import { COOKIE_NAME } from '../../../src/gateway/sessions/cookie.js';
import { csrfFor } from '../../../src/gateway/sessions/csrf.js';
import { createSession } from '../../../src/gateway/sessions/store.js';
import type { Context } from '../../../src/platform/context.js';
import { deriveKey } from '../../../src/platform/secret.js';

/** A `payments.pix` section: the receiver's key, name and city, the rate, the owner's mailbox. */
export const PIX = {
  chave: 'pagamentos@exemplo.com.br',
  nome: 'Exemplo Servicos Ltda',
  cidade: 'Sao Paulo',
  brl_por_usd: 5.5,
  owner_email: 'dono@exemplo.com.br',
};

export async function dumpAllTables(ctx: Context): Promise<string> {
  const k = ctx.db.kysely;
  const names =
    ctx.db.dialect === 'sqlite'
      ? (
          await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(k)
        ).rows.map((r) => r.name)
      : (
          await sql<{
            name: string;
          }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()`.execute(
            k,
          )
        ).rows.map((r) => r.name);
  const parts: string[] = [];
  for (const name of names) {
    const rows = (await sql`SELECT * FROM ${sql.table(name)}`.execute(k)).rows;
    parts.push(
      `${name}: ${JSON.stringify(rows, (_k, v) => (typeof v === 'bigint' ? String(v) : Buffer.isBuffer(v) ? v.toString('latin1') : v))}`,
    );
  }
  return parts.join('\n');
}

let n = 0;
/**
 * A signed-in account (owner of a new organisation): its session cookie header, and `write`,
 * the headers of a write from the console (the cookie, the gateway's Origin, the CSRF value).
 */
export async function signedIn(ctx: Context): Promise<{
  cookie: string;
  write: Record<string, string>;
  accountId: string;
  organizationId: string;
}> {
  const account = await createAccount(ctx.db.kysely, {
    email: `comprador${++n}-${Date.now()}@example.com`,
    password: 'senha-de-teste-longa',
    released: true,
    trialEndsAt: null,
  });
  const org = await createOrganization(ctx.db.kysely, `Org Pix ${n} ${Date.now()}`);
  await setMember(ctx.db.kysely, org.id, account.id, 'owner');
  const { token, row } = await createSession(ctx.db.kysely, PRODUCT_ID, Date.now(), {
    accountId: account.id,
    authTime: Date.now(),
    methods: ['pwd'],
    mfaState: 'none',
  });
  const cookie = `${COOKIE_NAME}=${token}`;
  const write = {
    cookie,
    origin: ctx.origins.primary,
    'x-csrf-token': csrfFor(deriveKey(ctx.secret, 'csrf'), row),
  };
  return { cookie, write, accountId: account.id, organizationId: org.id };
}

/** What `svc` needs to work on the same storage and configuration as `ctx`. */
export function cliEnv(ctx: Context, extra: Record<string, string>): Record<string, string> {
  return {
    SVC_DATA_DIR: ctx.config.dataDir,
    ...(ctx.config.databaseUrl ? { DATABASE_URL: ctx.config.databaseUrl } : {}),
    SVC_SECRET: ctx.secret,
    ...extra,
  };
}

/** The bytes of the first attachment of a mail's raw source (nodemailer writes it in base64). */
export function attachmentOf(raw: string): Buffer {
  const at = raw.search(/Content-Disposition: attachment/i);
  if (at < 0) throw new Error('no attachment');
  const start = raw.indexOf('\r\n\r\n', at) + 4;
  const end = raw.indexOf('\r\n--', start);
  return Buffer.from(raw.slice(start, end).replace(/\s+/g, ''), 'base64');
}

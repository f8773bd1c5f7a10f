import type { Kysely } from 'kysely';

// Pix credit (docs/payments.md): manual requests reviewed by the owner, automatic charges
// through Asaas, the webhook events already handled, and each account's Asaas customer.
// No payer data lives here: the e-mail, name and CPF/CNPJ go to the owner's mailbox or to
// Asaas and nowhere else. `network` is an HMAC of the client's network (daily caps).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pix_requests')
    .addColumn('id', 'text', (c) => c.primaryKey()) // 32 hex
    .addColumn('state', 'text', (c) => c.notNull()) // pendente | liberado | recusado | falhou
    .addColumn('usd', 'integer', (c) => c.notNull())
    .addColumn('token_id', 'text', (c) => c.notNull().unique()) // the pending cred_ token
    .addColumn('txid', 'text', (c) => c.notNull()) // the BR Code txid the payer was shown
    .addColumn('account_id', 'text') // the session's account, when there was one
    .addColumn('navegador_id', 'text')
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull()) // UTC YYYY-MM-DD of creation
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('state_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('pix_requests_network')
    .on('pix_requests')
    .columns(['network', 'day'])
    .execute();
  await db.schema
    .createIndex('pix_requests_state')
    .on('pix_requests')
    .columns(['state', 'created_at'])
    .execute();

  await db.schema
    .createTable('asaas_charges')
    .addColumn('id', 'text', (c) => c.primaryKey()) // 32 hex; Asaas's externalReference
    .addColumn('state', 'text', (c) => c.notNull()) // pendente | pago | vencido | estornado | falhou
    .addColumn('offer', 'text', (c) => c.notNull()) // pacote | saldo
    .addColumn('usd', 'integer') // package
    .addColumn('brl_centavos', 'integer', (c) => c.notNull())
    .addColumn('credit_micros', 'bigint', (c) => c.notNull()) // what a payment credits
    .addColumn('token_id', 'text') // package: the token issued pending
    .addColumn('organization_id', 'text') // balance: the organisation credited
    .addColumn('account_id', 'text')
    .addColumn('payment_id', 'text', (c) => c.unique()) // Asaas pay_…
    .addColumn('asaas_status', 'text')
    .addColumn('expires_at', 'bigint')
    .addColumn('pagina', 'text')
    .addColumn('navegador_id', 'text')
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('state_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('asaas_charges_network')
    .on('asaas_charges')
    .columns(['network', 'day'])
    .execute();
  await db.schema
    .createIndex('asaas_charges_state')
    .on('asaas_charges')
    .columns(['state', 'created_at'])
    .execute();

  await db.schema
    .createTable('asaas_events')
    .addColumn('id', 'text', (c) => c.primaryKey()) // Asaas evt_…
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('asaas_customers')
    .addColumn('account_id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull()) // Asaas cus_…
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

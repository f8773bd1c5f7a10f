// SQL for contracts. Every query is scoped by the owner: another user's id reads as absent.
// The title is sealed like the text: people name contracts after the other party.
import type { Kysely } from 'kysely';
import { newId } from '../../platform/ids.js';
import { ContractsError } from '../errors.js';
import type { Sealer } from '../sealing.js';
import type { ContractsTables } from '../tables.js';

export const MAX_TEXT_CHARS = 500_000;
export const MAX_TITLE_CHARS = 200;

export interface ContractMeta {
  id: string;
  title: string;
  source: 'text' | 'pdf';
  characters: number;
  created_at: string;
}

export interface Contract extends ContractMeta {
  text: string;
}

export const contractNotFound = () => new ContractsError('CONTRACT_NOT_FOUND');

/** Line endings unified, control characters (NUL from PDFs, etc.) dropped, outer space trimmed. */
export function normaliseText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}

export function checkText(text: string): void {
  if (text.length === 0) throw new ContractsError('EMPTY_CONTRACT');
  if (text.length > MAX_TEXT_CHARS)
    throw new ContractsError('CONTRACT_TOO_LONG', { max: MAX_TEXT_CHARS.toLocaleString('pt-BR') });
}

/** A title for a contract sent without one: the file name, else the first words of the text. */
export function defaultTitle(text: string, fileName?: string): string {
  const fromFile = fileName?.replace(/\.pdf$/i, '').trim();
  if (fromFile) return fromFile.slice(0, MAX_TITLE_CHARS);
  const firstLine = text.split('\n').find((l) => l.trim() !== '') ?? 'Contrato';
  return firstLine.trim().slice(0, 80);
}

type Row = ContractsTables['contract_documents'];

type MetaRow = Pick<Row, 'id' | 'sealed_title' | 'source' | 'characters' | 'created_at'>;

const meta = (sealer: Sealer, row: MetaRow): ContractMeta => ({
  id: row.id,
  title: sealer.open<string>(row.sealed_title),
  source: row.source as ContractMeta['source'],
  characters: Number(row.characters),
  created_at: new Date(Number(row.created_at)).toISOString(),
});

export async function createContract(
  db: Kysely<ContractsTables>,
  sealer: Sealer,
  input: { userId: string; title: string; source: 'text' | 'pdf'; text: string; now: number },
): Promise<ContractMeta> {
  const row: Row = {
    id: newId('ctr'),
    user_id: input.userId,
    sealed_title: sealer.seal(input.title),
    source: input.source,
    characters: input.text.length,
    sealed_text: sealer.seal(input.text),
    created_at: input.now,
  };
  await db.insertInto('contract_documents').values(row).execute();
  return meta(sealer, row);
}

export async function listContracts(
  db: Kysely<ContractsTables>,
  sealer: Sealer,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ items: ContractMeta[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('contract_documents')
      .select(['id', 'sealed_title', 'source', 'characters', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('contract_documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((row) => meta(sealer, row)), total: Number(count.n) };
}

export async function getContract(
  db: Kysely<ContractsTables>,
  sealer: Sealer,
  userId: string,
  id: string,
): Promise<Contract | undefined> {
  const row = await db
    .selectFrom('contract_documents')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...meta(sealer, row), text: sealer.open<string>(row.sealed_text) };
}

export async function deleteContract(
  db: Kysely<ContractsTables>,
  userId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('contract_documents')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

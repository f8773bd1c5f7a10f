// The profile with optimistic concurrency: every change names the
// revision it was based on, and a stale one is refused instead of silently overwriting.
import type { Kysely } from 'kysely';
import { invalidParam } from '../../platform/http/errors.js';
import { revisionConflict } from './errors.js';
import type { AccountsTables } from './tables.js';

export interface Profile {
  name: string;
  locale: string;
  timeZone: string;
  theme: string;
  revision: number;
}

export interface ProfilePatch {
  revision: number;
  name?: string;
  locale?: string;
  timeZone?: string;
  theme?: string;
}

export const THEMES = ['system', 'light', 'dark'] as const;

/** Locale and time zone are checked by what the runtime knows (BCP 47, IANA), not by a list of ours. */
export function checkPatch(patch: ProfilePatch): void {
  if (patch.name !== undefined && patch.name.trim() === '') {
    throw invalidParam('name', 'Requisição inválida: name não pode ficar vazio.');
  }
  if (patch.locale !== undefined) {
    try {
      Intl.getCanonicalLocales(patch.locale);
    } catch {
      throw invalidParam('locale', 'Requisição inválida: locale não é um idioma válido (ex.: pt-BR).');
    }
  }
  if (patch.timeZone !== undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: patch.timeZone });
    } catch {
      throw invalidParam(
        'timeZone',
        'Requisição inválida: timeZone não é um fuso válido (ex.: America/Sao_Paulo).',
      );
    }
  }
}

export async function readProfile(
  db: Kysely<AccountsTables>,
  accountId: string,
): Promise<Profile | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select(['name', 'locale', 'time_zone', 'theme', 'revision'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  return (
    row && {
      name: row.name,
      locale: row.locale,
      timeZone: row.time_zone,
      theme: row.theme,
      revision: row.revision,
    }
  );
}

export async function updateProfile(
  db: Kysely<AccountsTables>,
  accountId: string,
  patch: ProfilePatch,
): Promise<Profile> {
  checkPatch(patch);
  const result = await db
    .updateTable('accounts')
    .set((eb) => ({
      ...(patch.name === undefined ? {} : { name: patch.name.trim() }),
      ...(patch.locale === undefined ? {} : { locale: Intl.getCanonicalLocales(patch.locale)[0]! }),
      ...(patch.timeZone === undefined ? {} : { time_zone: patch.timeZone }),
      ...(patch.theme === undefined ? {} : { theme: patch.theme }),
      revision: eb('revision', '+', 1),
    }))
    .where('id', '=', accountId)
    .where('revision', '=', patch.revision)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw revisionConflict();
  const profile = await readProfile(db, accountId);
  if (!profile) throw revisionConflict();
  return profile;
}

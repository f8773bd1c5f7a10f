// A new gateway account row: the fields a caller chooses, and the defaults every new account
// starts with (Brazilian locale and time zone, no avatar, no second factor, revision 1).
// One place, so the sign-up path and the internal service account cannot drift apart.
import type { AccountsTable } from '../db/schema.js';
import { newId } from '../ids.js';

export type NewAccountRow = Pick<
  AccountsTable,
  'email' | 'password_hash' | 'name' | 'released' | 'trial_ends_at'
>;

export function accountRow(fields: NewAccountRow, now: number = Date.now()): AccountsTable {
  return {
    id: newId('acc'),
    ...fields,
    locale: 'pt-BR',
    time_zone: 'America/Sao_Paulo',
    theme: 'system',
    revision: 1,
    avatar_webp: null,
    totp_secret: null,
    totp_last_step: null,
    created_at: now,
  };
}

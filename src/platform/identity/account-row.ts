// A new gateway account row: the fields a caller chooses, and the defaults every new account
// starts with (Brazilian locale and time zone, no avatar, no second factor, revision 1).
// One place, so the sign-up path and the internal service account cannot drift apart. The
// accounts table is the gateway's (gateway/accounts/tables.ts): this is the row as the
// internal service key writes it, which the gateway's own type must accept.
import { newId } from '../ids.js';

export interface AccountRow {
  id: string;
  email: string;
  password_hash: string;
  name: string;
  locale: string;
  time_zone: string;
  theme: string;
  revision: number;
  avatar_webp: string | null;
  totp_secret: string | null;
  totp_last_step: number | null;
  released: number;
  trial_ends_at: number | null;
  created_at: number;
}

export type NewAccountRow = Pick<
  AccountRow,
  'email' | 'password_hash' | 'name' | 'released' | 'trial_ends_at'
>;

export function accountRow(fields: NewAccountRow, now: number = Date.now()): AccountRow {
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

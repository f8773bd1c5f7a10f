// Privacy jobs: each item is cleaned separately (its own placeholder map);
// only categories and counts are kept — never content.
import type { Context } from '../../platform/context.js';
import { newId } from '../../platform/ids.js';
import type { Category } from '../../privacy/index.js';
import type { Principal } from '../keys/auth.js';
import {
  type CleaningAsk,
  type CleaningChoice,
  chooseCleaning,
  cleanerFor,
} from '../orgs/cleaning-choice.js';
import { kyselyOf } from './tables.js';

export interface PrivacySummary {
  categories: Category[];
  counts: Partial<Record<Category, number>>;
  total: number;
}

export const MAX_JOB_ITEMS = 10_000;

/** Each item with a cleaner of its own, all with the same cleaning. */
export function scanItems(
  items: readonly string[],
  choice: CleaningChoice,
): { blocked: boolean; privacy: PrivacySummary } {
  const counts: Partial<Record<Category, number>> = {};
  let blocked = false;
  for (const item of items) {
    const cleaner = cleanerFor(choice);
    cleaner.cleanText(item);
    blocked ||= cleaner.blocked;
    for (const f of cleaner.findings()) counts[f.category] = (counts[f.category] ?? 0) + f.count;
  }
  const categories = Object.keys(counts) as Category[];
  return {
    blocked,
    privacy: { categories, counts, total: categories.reduce((n, c) => n + (counts[c] ?? 0), 0) },
  };
}

export async function createPrivacyJob(
  ctx: Context,
  principal: Principal,
  items: readonly string[],
  asked: CleaningAsk,
) {
  const { blocked, privacy } = scanItems(items, chooseCleaning(principal, asked));
  const id = newId('privjob');
  const status = blocked ? 'blocked' : 'completed';
  await kyselyOf(ctx.db)
    .insertInto('privacy_jobs')
    .values({
      id,
      organization_id: principal.organizationId,
      account_id: principal.accountId,
      status,
      privacy: JSON.stringify(privacy),
      created_at: Date.now(),
    })
    .execute();
  return { id, status, privacy };
}

/**
 * A job of the caller's organisation (or, for an account key, of the caller's account).
 * The interface lets a status read say only `completed` or `failed`; a blocked job reads as `failed`.
 */
export async function readPrivacyJob(ctx: Context, principal: Principal, id: string) {
  let query = kyselyOf(ctx.db).selectFrom('privacy_jobs').select(['status', 'privacy']).where('id', '=', id);
  query =
    principal.organizationId === null
      ? query.where('organization_id', 'is', null).where('account_id', '=', principal.accountId)
      : query.where('organization_id', '=', principal.organizationId);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  return {
    status: row.status === 'completed' ? 'completed' : 'failed',
    privacy: JSON.parse(row.privacy) as PrivacySummary,
  };
}

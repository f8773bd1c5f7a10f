// The request log's figures for one organisation (GET …/usage?by=, …/calls, …/records): the
// types the pages read and the small helpers they share.
import { api, type Reply } from './api.js';

export type { UsageGroup } from './wire.js';

/** One of the account's organisations, with its role there. */
export type OrgWithRole = Reply<'GET /api/account/organizations'>['organizations'][number];

/** Where an organisation's CSV downloads are (a link, not a call). */
export const orgPath = (orgId: string) => `/api/account/organizations/${encodeURIComponent(orgId)}`;

export function orgUsage(orgId: string, by: 'key' | 'member' | 'model' | 'day', from?: string, to?: string) {
  return api('GET /api/account/organizations/{id}/usage', {
    params: { id: orgId },
    query: { by, from: from || undefined, to: to || undefined },
  });
}

/** Every UTC day from `from` to `to` (YYYY-MM-DD), both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** The UTC day `n` days before today (YYYY-MM-DD). */
export function daysAgo(n: number): string {
  return new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
}

// The request log's figures for one organisation (GET …/usage?by=, …/calls, …/records): the
// types the pages read and the small helpers they share.
import { api } from './api.js';

export interface UsageGroup {
  id: string | null;
  label: string | null;
  calls: number;
  input_tokens: number;
  output_tokens: number;
  cost_usd: string;
  found?: Record<string, number>;
}

export interface UsageAnswer {
  by: string;
  from: string;
  to: string;
  groups: UsageGroup[];
}

export interface OrgWithRole {
  id: string;
  name: string;
  role: 'owner' | 'admin' | 'member' | 'dpo';
}

export const orgPath = (orgId: string) => `/api/account/organizations/${encodeURIComponent(orgId)}`;

export function orgUsage(orgId: string, by: 'key' | 'member' | 'model' | 'day', from?: string, to?: string) {
  const q = new URLSearchParams({ by });
  if (from) q.set('from', from);
  if (to) q.set('to', to);
  return api<UsageAnswer>('GET', `${orgPath(orgId)}/usage?${q}`);
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

// The request log as a page of rows, newest first, with the filters of the console's
// "Registro" page (key, model, status, day) and the reader's scope (access.ts).
import type { Kysely } from 'kysely';
import type { Reader } from './access.js';
import { type Cell, toCsv, usd } from './csv.js';
import { ACTIONS, type FindingCounts } from './note.js';
import type { GatewayTables } from '../tables.js';

export interface CallFilters {
  key?: string;
  /** The model asked or used. */
  model?: string;
  /** `429`, or a class: `4xx`. */
  status?: string;
  day?: string;
  page: number;
  limit: number;
}

export interface CallView {
  id: string;
  at: string;
  key_id: string;
  key_name: string | null;
  account_id: string;
  route: string;
  model_asked: string | null;
  model_used: string | null;
  provider: string | null;
  region: string | null;
  status: number;
  latency_ms: number;
  input_tokens: number;
  output_tokens: number;
  cost_usd: string;
  findings: FindingCounts;
}

export async function listCalls(
  db: Kysely<GatewayTables>,
  reader: Reader,
  f: CallFilters,
): Promise<{ calls: CallView[]; has_more: boolean }> {
  let q = db
    .selectFrom('call_log as c')
    .leftJoin('api_keys as k', 'k.id', 'c.key_id')
    .selectAll('c')
    .select('k.name as key_name')
    .where('c.organization_id', '=', reader.organization.id);
  if (reader.onlyAccount) q = q.where('c.account_id', '=', reader.onlyAccount);
  if (f.key) q = q.where('c.key_id', '=', f.key);
  if (f.model) {
    const model = f.model;
    q = q.where((eb) => eb.or([eb('c.model_used', '=', model), eb('c.model_asked', '=', model)]));
  }
  if (f.day) q = q.where('c.day', '=', f.day);
  if (f.status) {
    const n = Number(f.status.replace(/xx$/, ''));
    q = f.status.endsWith('xx')
      ? q.where('c.status', '>=', n * 100).where('c.status', '<', (n + 1) * 100)
      : q.where('c.status', '=', n);
  }
  const rows = await q
    .orderBy('c.at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(f.limit + 1)
    .offset((f.page - 1) * f.limit)
    .execute();
  return {
    calls: rows.slice(0, f.limit).map((r) => ({
      id: r.id,
      at: new Date(Number(r.at)).toISOString(),
      key_id: r.key_id,
      key_name: r.key_name,
      account_id: r.account_id,
      route: r.route,
      model_asked: r.model_asked,
      model_used: r.model_used,
      provider: r.provider,
      region: r.region,
      status: Number(r.status),
      latency_ms: Number(r.latency_ms),
      input_tokens: Number(r.input_tokens),
      output_tokens: Number(r.output_tokens),
      cost_usd: usd(Number(r.cost_micros)),
      findings: JSON.parse(r.findings) as FindingCounts,
    })),
    has_more: rows.length > f.limit,
  };
}

export const CALLS_CSV_HEADER = [
  'at',
  'key_id',
  'key_name',
  'account_id',
  'route',
  'model_asked',
  'model_used',
  'provider',
  'region',
  'status',
  'latency_ms',
  'input_tokens',
  'output_tokens',
  'cost_usd',
  ...ACTIONS,
  'findings',
];

/** One line per call; the findings as `CPF:2 EMAIL:1` beside the totals per action. */
export function callsCsv(calls: readonly CallView[]): string {
  return toCsv(
    CALLS_CSV_HEADER,
    calls.map((c): Cell[] => {
      const counts = Object.values(c.findings);
      return [
        c.at,
        c.key_id,
        c.key_name,
        c.account_id,
        c.route,
        c.model_asked,
        c.model_used,
        c.provider,
        c.region,
        c.status,
        c.latency_ms,
        c.input_tokens,
        c.output_tokens,
        c.cost_usd,
        ...ACTIONS.map((a) => counts.reduce((n, x) => n + x[a], 0)),
        Object.entries(c.findings)
          .map(([cat, x]) => `${cat}:${ACTIONS.reduce((n, a) => n + x[a], 0)}`)
          .join(' '),
      ];
    }),
  );
}

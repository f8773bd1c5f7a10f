// The record of processing (LGPD art. 37; art. 33 for transfers abroad): per day, key,
// route, vendor and the vendor's region, the number of operations and the personal-data
// items found per category with what was done with them. Counts only, from the request log.
import type { Kysely } from 'kysely';
import type { Reader } from './access.js';
import { type Cell, toCsv } from './csv.js';
import { ACTIONS, type ActionCounts, type FindingCounts } from './note.js';
import type { Period } from './period.js';
import type { GatewayTables } from '../tables.js';

export interface RecordRow {
  day: string;
  key_id: string;
  key_name: string | null;
  route: string;
  /** The provider's name in the configuration; `svc` when answered in-process. */
  vendor: string | null;
  /** The provider's configured region; `local` in-process; null when not configured. */
  vendor_region: string | null;
  operations: number;
  /** Operations refused (4xx/5xx): nothing, or not everything, went to the vendor. */
  failed_operations: number;
  items: FindingCounts;
}

export interface ProcessingRecord {
  organization: { id: string; name: string };
  from: string;
  to: string;
  rows: RecordRow[];
  totals: { operations: number; items: FindingCounts };
}

export async function processingRecord(
  db: Kysely<GatewayTables>,
  reader: Reader,
  period: Period,
): Promise<ProcessingRecord> {
  const rows = await db
    .selectFrom('call_log as c')
    .leftJoin('api_keys as k', 'k.id', 'c.key_id')
    .select([
      'c.day',
      'c.key_id',
      'k.name as key_name',
      'c.route',
      'c.provider',
      'c.region',
      'c.status',
      'c.findings',
    ])
    .where('c.organization_id', '=', reader.organization.id)
    .where('c.day', '>=', period.from)
    .where('c.day', '<=', period.to)
    .orderBy('c.day')
    .execute();
  const groups = new Map<string, RecordRow>();
  const totals = { operations: 0, items: {} as FindingCounts };
  for (const r of rows) {
    const id = JSON.stringify([r.day, r.key_id, r.route, r.provider, r.region]);
    let g = groups.get(id);
    if (!g) {
      g = {
        day: r.day,
        key_id: r.key_id,
        key_name: r.key_name,
        route: r.route,
        vendor: r.provider,
        vendor_region: r.region,
        operations: 0,
        failed_operations: 0,
        items: {},
      };
      groups.set(id, g);
    }
    g.operations++;
    totals.operations++;
    if (Number(r.status) >= 400) g.failed_operations++;
    for (const [category, counts] of Object.entries(JSON.parse(r.findings) as FindingCounts)) {
      addCounts(g.items, category, counts);
      addCounts(totals.items, category, counts);
    }
  }
  return {
    organization: { id: reader.organization.id, name: reader.organization.name },
    from: period.from,
    to: period.to,
    rows: [...groups.values()],
    totals,
  };
}

function addCounts(into: FindingCounts, category: string, counts: ActionCounts): void {
  const t = (into[category] ??= { masked: 0, removed: 0, refused: 0, allowed: 0 });
  for (const a of ACTIONS) t[a] += counts[a];
}

export const RECORDS_CSV_HEADER = [
  'day',
  'key_id',
  'key_name',
  'route',
  'vendor',
  'vendor_region',
  'operations',
  'failed_operations',
  'category',
  ...ACTIONS,
];

/** One line per group and category found; a group where nothing was found has one line without category. */
export function recordsCsv(record: ProcessingRecord): string {
  const lines: Cell[][] = [];
  for (const g of record.rows) {
    const head: Cell[] = [
      g.day,
      g.key_id,
      g.key_name,
      g.route,
      g.vendor,
      g.vendor_region,
      g.operations,
      g.failed_operations,
    ];
    const cats = Object.entries(g.items);
    if (cats.length === 0) lines.push([...head, null, 0, 0, 0, 0]);
    for (const [category, c] of cats) lines.push([...head, category, ...ACTIONS.map((a) => c[a])]);
  }
  return toCsv(RECORDS_CSV_HEADER, lines);
}

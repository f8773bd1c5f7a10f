// The showcase document (SPEC "Showcase document"). The collector builds the operator's
// document with exact figures; the public one (`GET /api/vitrine`) is its projection with
// values rounded to two significant digits. A null is a measurement this service does not
// take (yet), or one with nothing to measure, and never a zero.
import type { Db } from '../../platform/db/index.js';
import { lastDays } from '../../platform/days.js';
import {
  agentCounter,
  COUNTERS,
  countsByDay,
  SURFACES,
  surfaceCounter,
  totalsByName,
} from '../telemetry/counters.js';
import type { FunnelStore } from '../telemetry/funnel-store.js';
import { countRows } from './metrics.js';
import { reliability } from './reliability.js';
import { type Sponsor, sponsorFigures } from './sponsors.js';
import { acrossFolders } from '../tables.js';

export const SHOWCASE_VERSION = 1;
/** A projection older than this is `stale` (SPEC "Limits"). */
export const STALE_AFTER_MS = 26 * 3600 * 1000;
const HISTORY_DAYS = 31;

export interface DayFigures {
  dia: string;
  paginas: number;
  api: number;
  api_ia: number | null;
  maquina: number | null;
  visitantes: number;
  uso: number;
}

export interface CollectorInput {
  db: Db;
  funnel: FunnelStore;
  produto: string;
  nome: string;
  /** First day the series is valid (config), else the first day with data. */
  desde?: string;
  catalogueSize: number;
  /** The build of this instance (`confiabilidade`). */
  build: string;
  /** The configured sponsors (`apoio`). */
  sponsors: readonly Sponsor[];
}

type Row = {
  dia: string;
  pessoa: number;
  ia: number;
  robo: number;
  api: number;
  uso: number;
  visitantes: number;
};

async function usageByDay(db: Db, from: string, to: string) {
  return acrossFolders(db)
    .selectFrom('usage_daily')
    .select((eb) => [
      'day',
      'model',
      eb.fn.sum<number>('requests').as('requests'),
      eb.fn.sum<number>('input_tokens').as('input'),
      eb.fn.sum<number>('output_tokens').as('output'),
    ])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['day', 'model'])
    .execute();
}

async function firstUsageDay(db: Db): Promise<string | null> {
  const row = await acrossFolders(db)
    .selectFrom('usage_daily')
    .select((eb) => eb.fn.min<string>('day').as('day'))
    .executeTakeFirst();
  return row?.day ?? null;
}

const sum = (rows: Row[], key: keyof Omit<Row, 'dia'>) => rows.reduce((a, r) => a + r[key], 0);

/** The operator's document: every figure exact, as collected at `now`. */
export async function buildDocument(input: CollectorInput, now: number): Promise<Record<string, unknown>> {
  const { db, funnel } = input;
  const days30 = lastDays(now, 30);
  const history = lastDays(now, HISTORY_DAYS);
  const from = history[0]!;
  const today = history[history.length - 1]!;
  const [surfaceDays, surfaces7, mcp7, reliable7, sponsors7] = await Promise.all([
    Promise.all(SURFACES.map((s) => countsByDay(db, surfaceCounter(s), history))),
    totalsByName(db, surfaceCounter(''), days30[23]!, today),
    totalsByName(db, COUNTERS.mcpCall, days30[23]!, today),
    reliability(db, days30.slice(23), input.build),
    sponsorFigures(funnel, input.sponsors, days30[23]!, today),
  ]);
  const machine = (dia: string) => surfaceDays.reduce((a, m) => a + (m.get(dia) ?? 0), 0);
  const [visits, ai, robots, usage, agents, visitors7, visitors30, accounts, firstFunnel, firstUsage] =
    await Promise.all([
      funnel.visits(history),
      countsByDay(db, COUNTERS.aiPage, history),
      countsByDay(db, COUNTERS.robotPage, history),
      usageByDay(db, from, today),
      totalsByName(db, agentCounter(''), days30[23]!, today),
      funnel.visitors(days30[23]!, today),
      funnel.visitors(days30[0]!, today),
      countRows(db, 'accounts'),
      funnel.firstDay(),
      firstUsageDay(db),
    ]);
  const desde =
    input.desde ?? [firstFunnel, firstUsage].filter((d): d is string => d !== null).sort()[0] ?? null;
  const apiByDay = new Map<string, { requests: number; tokens: number }>();
  const byModel = new Map<string, Map<string, number>>();
  for (const r of usage) {
    const d = apiByDay.get(r.day) ?? { requests: 0, tokens: 0 };
    d.requests += Number(r.requests);
    d.tokens += Number(r.input) + Number(r.output);
    apiByDay.set(r.day, d);
    const m = byModel.get(r.model) ?? new Map<string, number>();
    m.set(r.day, (m.get(r.day) ?? 0) + Number(r.requests));
    byModel.set(r.model, m);
  }
  const rows: Row[] = history
    .filter((dia) => desde === null || dia >= desde)
    .map((dia) => ({
      dia,
      pessoa: visits.get(dia)?.views ?? 0,
      ia: ai.get(dia) ?? 0,
      robo: robots.get(dia) ?? 0,
      api: apiByDay.get(dia)?.requests ?? 0,
      uso: apiByDay.get(dia)?.tokens ?? 0,
      visitantes: visits.get(dia)?.visitors ?? 0,
    }));
  const last = (n: number) => rows.filter((r) => r.dia >= days30[30 - n]!);
  const window = (n: number, visitantes: number) => {
    const r = last(n);
    return {
      paginas: { pessoa: sum(r, 'pessoa'), ia: sum(r, 'ia'), robo: sum(r, 'robo') },
      api: sum(r, 'api'),
      visitantes,
      uso: sum(r, 'uso'),
    };
  };
  const t = rows.find((r) => r.dia === today);
  const modelDays = (m: Map<string, number>, n: number) =>
    [...m].filter(([dia]) => dia >= days30[30 - n]!).reduce((a, [, v]) => a + v, 0);
  return {
    v: SHOWCASE_VERSION,
    produto: input.produto,
    publicado: true,
    atualizado_em: new Date(now).toISOString(),
    stale: false,
    nome: input.nome,
    desde,
    fuso: 'UTC',
    hoje: {
      paginas: { pessoa: t?.pessoa ?? 0, ia: t?.ia ?? 0, robo: t?.robo ?? 0 },
      api: { total: t?.api ?? 0, ia: null },
      maquina: machine(today),
      uso: t?.uso ?? 0,
    },
    dias: rows.map(
      (r): DayFigures => ({
        dia: r.dia,
        paginas: r.pessoa,
        api: r.api,
        api_ia: null,
        maquina: machine(r.dia),
        visitantes: r.visitantes,
        uso: r.uso,
      }),
    ),
    janelas: { d7: window(7, visitors7), d30: window(30, visitors30) },
    visitantes: visitors7,
    pessoas: null,
    agentes: [...agents]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 10)
      .map(([agente, leituras]) => ({ agente, leituras })),
    superficies: SURFACES.map((superficie) => ({ superficie, leituras: surfaces7.get(superficie) ?? 0 })),
    mcp: mcp7.get('') ?? 0,
    uso: [...byModel]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([rotulo, m]) => ({
        rotulo,
        hoje: m.get(today) ?? 0,
        d7: modelDays(m, 7),
        d30: modelDays(m, 30),
      })),
    contas: { usuarios: accounts, convidados: null },
    confiabilidade: reliable7,
    catalogo: { modelos: input.catalogueSize },
    apoio: sponsors7,
  };
}

/** Two significant digits (SPEC): 1234 → 1200, 0.456 → 0.46; zero stays zero. */
export function roundTwo(n: number): number {
  return n === 0 || !Number.isFinite(n) ? n : Number(n.toPrecision(2));
}

const KEEP_EXACT = new Set(['v']);

function roundAll(value: unknown, key = ''): unknown {
  if (typeof value === 'number') return KEEP_EXACT.has(key) ? value : roundTwo(value);
  if (Array.isArray(value)) return value.map((v) => roundAll(v));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, roundAll(v, k)]));
  }
  return value;
}

export function isStale(collectedAt: number | null, now: number): boolean {
  return collectedAt === null || now - collectedAt > STALE_AFTER_MS;
}

/** The public document: before the first publication only the five fields. */
export function publicDocument(
  produto: string,
  stored: { document: Record<string, unknown>; collectedAt: number } | undefined,
  now: number,
): Record<string, unknown> {
  if (!stored) return { v: SHOWCASE_VERSION, produto, publicado: false, atualizado_em: null, stale: true };
  const rounded = roundAll(stored.document) as Record<string, unknown>;
  return { ...rounded, stale: isStale(stored.collectedAt, now) };
}

/** The operator's document as stored, with staleness as of now. */
export function operatorDocument(
  stored: { document: Record<string, unknown>; collectedAt: number },
  now: number,
): Record<string, unknown> {
  return { ...stored.document, stale: isStale(stored.collectedAt, now) };
}

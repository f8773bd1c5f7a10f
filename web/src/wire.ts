// The answers of the console's server calls, by route. wire.gen.ts is generated from the
// gateway's route schemas (scripts/console-wire.mjs); the few routes that declare no JSON
// answer schema (the request log's, which also answer CSV, and the showcase's cached
// document) are typed here by hand until they declare one — and must then leave this list.
import type { Routes } from './wire.gen.js';

export type { Routes } from './wire.gen.js';
export type Route = keyof Routes;

type Counts = { masked: number; removed: number; refused: number; allowed: number };

export interface UsageGroup {
  id: string | null;
  label: string | null;
  calls: number;
  input_tokens: number;
  output_tokens: number;
  cost_usd: string;
  found?: Record<string, number>;
}

export interface Call {
  id: string;
  at: string;
  key_id: string;
  key_name: string | null;
  route: string;
  model_used: string | null;
  model_asked: string | null;
  status: number;
  latency_ms: number;
  input_tokens: number;
  output_tokens: number;
  cost_usd: string;
  findings: Record<string, Counts>;
}

export interface RecordRow {
  day: string;
  key_id: string;
  key_name: string | null;
  route: string;
  vendor: string | null;
  vendor_region: string | null;
  operations: number;
  failed_operations: number;
  items: Record<string, Counts>;
}

export interface ShowcaseWindow {
  paginas: { pessoa: number; ia: number; robo: number };
  api: number;
  visitantes: number;
  uso: number;
}

interface Unschemed {
  'GET /api/account/organizations/{id}/usage': { by: string; from: string; to: string; groups: UsageGroup[] };
  'GET /api/account/organizations/{id}/calls': { calls: Call[]; has_more: boolean };
  'GET /api/account/organizations/{id}/records': {
    from: string;
    to: string;
    rows: RecordRow[];
    totals: { operations: number; items: Record<string, Counts> };
  };
  'GET /api/vitrine': {
    publicado: boolean;
    atualizado_em: string | null;
    stale: boolean;
    nome?: string;
    dias?: { dia: string; paginas: number; api: number; visitantes: number; uso: number }[];
    janelas?: { d7: ShowcaseWindow; d30: ShowcaseWindow };
  };
}

/** Routes whose answer the server leaves undeclared (`unknown` in wire.gen.ts). */
type Undeclared = { [R in Route]: unknown extends Routes[R]['reply'] ? R : never }[Route];

type Nothing<T extends never> = T;
/** Fails to compile when a hand-typed route gains a schema: its entry above must then go. */
export type HandTypedOnlyWhenUndeclared = Nothing<Exclude<keyof Unschemed, Undeclared>>;

/** The 200 answer of `route`. */
export type Reply<R extends Route> = R extends keyof Unschemed ? Unschemed[R] : Routes[R]['reply'];

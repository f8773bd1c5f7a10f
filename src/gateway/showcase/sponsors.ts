// `apoio` of the showcase: impressions and clicks per sponsor over 7 days. The pages that
// show a sponsor report it through the funnel (`POST /api/funil`, docs/telemetry.md): an
// event `{t: "apoio", n: "impressao" | "clique", p: {patrocinador: "<id>"}}`. Only the
// sponsors of the configuration (`partners.current_sponsors`) still running during the
// window are counted: an id nobody configured is not a sponsor.
import type { FunnelStore } from '../telemetry/funnel-store.js';

export const SPONSOR_EVENT = 'apoio';

export interface Sponsor {
  id: string;
  nome: string;
  /** Last day of the sponsorship (YYYY-MM-DD). */
  ate: string;
}

export interface SponsorFigures {
  patrocinador: string;
  nome: string;
  impressoes: number;
  cliques: number;
}

export async function sponsorFigures(
  funnel: FunnelStore,
  sponsors: readonly Sponsor[],
  from: string,
  to: string,
): Promise<SponsorFigures[]> {
  const running = sponsors.filter((s) => s.ate >= from);
  if (running.length === 0) return [];
  const figures = new Map(
    running.map((s) => [s.id, { patrocinador: s.id, nome: s.nome, impressoes: 0, cliques: 0 }]),
  );
  for (const event of await funnel.eventsOfType(SPONSOR_EVENT, from, to)) {
    const one = figures.get(String(event.p?.patrocinador ?? ''));
    if (!one) continue;
    if (event.n === 'impressao') one.impressoes++;
    else if (event.n === 'clique') one.cliques++;
  }
  return [...figures.values()];
}

// Risk analysis of one contract: the deterministic rules always, a model summary through the
// gateway when a real model is configured. Stored (sealed: it quotes the contract) and
// readable later; a notification tells the user it is done.
import { newId } from '../../platform/ids.js';
import type { ContractsDeps } from '../deps.js';
import { ContractsError } from '../errors.js';
import { contractNotFound, getContract } from '../documents/store.js';
import { modelSummary } from '../model.js';
import { notify } from '../notifications/store.js';
import { analyseRules, RISK_LABELS, type RiskLevel, type RuleAnalysis } from './rules.js';
import { consume } from '../subscriptions/usage.js';
import type { ContractUser } from '../users/store.js';

export interface AnalysisMeta {
  id: string;
  contract_id: string;
  overall_risk: RiskLevel;
  created_at: string;
}

export interface Analysis extends AnalysisMeta, RuleAnalysis {
  /** null when no real model is configured in the gateway, or it could not answer. */
  summary: { text: string; model: string } | null;
}

type Stored = Pick<Analysis, 'counts' | 'clauses' | 'missing' | 'summary'>;

export const analysisNotFound = () => new ContractsError('ANALYSIS_NOT_FOUND');

export async function analyseContract(
  deps: ContractsDeps,
  user: ContractUser,
  contractId: string,
): Promise<Analysis> {
  const contract = await getContract(deps.db, deps.sealer, user.id, contractId);
  if (!contract) throw contractNotFound();
  const now = deps.now();
  await consume(deps.db, user, 'analyses', now);
  const rules = analyseRules(contract.text);
  const summary = await modelSummary(deps.gateway, deps.models, contract.text, deps.log);
  const stored: Stored = { counts: rules.counts, clauses: rules.clauses, missing: rules.missing, summary };
  const id = newId('anl');
  await deps.db
    .insertInto('contract_analyses')
    .values({
      id,
      user_id: user.id,
      contract_id: contract.id,
      overall_risk: rules.overall_risk,
      sealed_result: deps.sealer.seal(stored),
      created_at: now,
    })
    .execute();
  await notify(deps.db, {
    userId: user.id,
    kind: 'analysis_completed',
    message: `Análise de risco concluída: risco geral ${RISK_LABELS[rules.overall_risk]}, ${rules.clauses.length} cláusula(s) avaliada(s).`,
    contractId: contract.id,
    analysisId: id,
    now: deps.now(),
  });
  return {
    id,
    contract_id: contract.id,
    overall_risk: rules.overall_risk,
    created_at: new Date(now).toISOString(),
    ...stored,
  };
}

export async function getAnalysis(
  deps: ContractsDeps,
  userId: string,
  id: string,
): Promise<Analysis | undefined> {
  const row = await deps.db
    .selectFrom('contract_analyses')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    contract_id: row.contract_id,
    overall_risk: row.overall_risk as RiskLevel,
    created_at: new Date(Number(row.created_at)).toISOString(),
    ...deps.sealer.open<Stored>(row.sealed_result),
  };
}

export async function listAnalyses(
  deps: ContractsDeps,
  userId: string,
  options: { contractId?: string; limit: number; offset: number },
): Promise<{ items: (AnalysisMeta & { contract_title: string })[]; total: number }> {
  let query = deps.db
    .selectFrom('contract_analyses as a')
    .innerJoin('contract_documents as d', 'd.id', 'a.contract_id')
    .where('a.user_id', '=', userId);
  if (options.contractId) query = query.where('a.contract_id', '=', options.contractId);
  const [rows, total] = await Promise.all([
    query
      .select(['a.id', 'a.contract_id', 'a.overall_risk', 'a.created_at', 'd.sealed_title'])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      contract_id: r.contract_id,
      contract_title: deps.sealer.open<string>(r.sealed_title),
      overall_risk: r.overall_risk as RiskLevel,
      created_at: new Date(Number(r.created_at)).toISOString(),
    })),
    total: Number(total.n),
  };
}

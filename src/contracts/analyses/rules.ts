// Deterministic risk rules for Brazilian contracts: the baseline analysis, the same on any
// machine, with or without a model. Each clause found is reported with the sentence that
// triggered it and why it got its level. Matching runs on lower-cased text without
// accents, so "Rescisão", "RESCISAO" and "rescisão" are the same word.

export type RiskLevel = 'low' | 'medium' | 'high';

export const RISK_LABELS: Record<RiskLevel, string> = { low: 'baixo', medium: 'médio', high: 'alto' };

export interface ClauseFinding {
  category: string;
  label: string;
  risk: RiskLevel;
  /** Why this level, in Portuguese. */
  reason: string;
  /** The contract sentence that justifies it (cut at MAX_SENTENCE characters). */
  sentence: string;
}

export interface MissingClause {
  category: string;
  label: string;
  risk: RiskLevel;
  reason: string;
}

export interface RuleAnalysis {
  overall_risk: RiskLevel;
  counts: Record<RiskLevel, number>;
  clauses: ClauseFinding[];
  missing: MissingClause[];
}

const MAX_SENTENCE = 600;
const MAX_PER_CATEGORY = 5;

export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Sentences: split at line breaks and at sentence ends followed by a capital, digit or clause mark. */
export function sentences(text: string): string[] {
  return (
    text
      // Not after "Cláusula 1ª." or "art. 5º.": the clause number belongs to its sentence.
      .split(/\n+|(?<=[.;!?])(?<![ªº°]\.)\s+(?=[A-ZÀ-Ý0-9§"“(])/u)
      .map((s) => s.replace(/\s+/g, ' ').trim())
      .filter((s) => s.length >= 8)
  );
}

const percents = (s: string): number[] =>
  [...s.matchAll(/(\d{1,3}(?:[.,]\d+)?)\s*(?:\([^)]{0,40}\)\s*)?(?:%|por cento)/g)].map((m) =>
    Number(m[1]!.replace(',', '.')),
  );
const days = (s: string): number[] =>
  [...s.matchAll(/(\d{1,4})\s*(?:\([^)]{0,40}\)\s*)?dias/g)].map((m) => Number(m[1]));
const months = (s: string): number[] => [
  ...[...s.matchAll(/(\d{1,3})\s*(?:\([^)]{0,40}\)\s*)?mes(?:es)?\b/g)].map((m) => Number(m[1])),
  ...[...s.matchAll(/(\d{1,2})\s*(?:\([^)]{0,40}\)\s*)?anos?\b/g)].map((m) => Number(m[1]) * 12),
];

type Verdict = { risk: RiskLevel; reason: string };

interface Rule {
  category: string;
  label: string;
  detect: RegExp;
  /** Level of one matching sentence (already folded). */
  judge(s: string): Verdict;
}

const RULES: Rule[] = [
  {
    category: 'penalties',
    label: 'Multa e penalidades',
    detect: /\bmultas?\b|penalidade|clausula penal/,
    judge(s) {
      const top = Math.max(0, ...percents(s));
      if (/cumulativ/.test(s) || /valor (total|integral|global) do contrato/.test(s))
        return { risk: 'high', reason: 'Multa cumulativa ou calculada sobre o valor total do contrato.' };
      if (top >= 20) return { risk: 'high', reason: `Multa elevada (${top}%).` };
      if (top >= 10) return { risk: 'medium', reason: `Multa relevante (${top}%).` };
      if (top > 0) return { risk: 'low', reason: `Multa moderada (${top}%).` };
      return { risk: 'medium', reason: 'Multa sem percentual ou limite definido.' };
    },
  },
  {
    category: 'termination',
    label: 'Rescisão',
    detect: /rescis|rescind|resilic|resolucao (do|deste) contrato|denuncia (do|deste) contrato/,
    judge(s) {
      if (/sem (previo )?aviso|sem necessidade de (aviso|notificacao)|imediatamente|de imediato/.test(s))
        return { risk: 'high', reason: 'Rescisão imediata ou sem aviso prévio.' };
      if (/unilateral|exclusivo criterio|a qualquer (tempo|momento)/.test(s)) {
        const notice = Math.max(0, ...days(s));
        return notice >= 30
          ? { risk: 'medium', reason: `Rescisão unilateral a qualquer tempo, com aviso de ${notice} dias.` }
          : { risk: 'high', reason: 'Rescisão unilateral a qualquer tempo, sem aviso adequado.' };
      }
      const notice = days(s);
      if (notice.length > 0 && Math.max(...notice) < 30)
        return { risk: 'medium', reason: `Aviso prévio curto (${Math.max(...notice)} dias).` };
      return { risk: 'low', reason: 'Condições de rescisão definidas.' };
    },
  },
  {
    category: 'readjustment',
    label: 'Reajuste',
    detect: /reajust|correcao monetaria|igp-?m|ipca|inpc/,
    judge(s) {
      if (/criterio (exclusivo )?d[ao]|livremente|unilateralmente|a seu criterio/.test(s))
        return { risk: 'high', reason: 'Reajuste a critério de uma das partes, sem índice objetivo.' };
      if (/mensal|trimestral|semestral/.test(s))
        return { risk: 'medium', reason: 'Reajuste em período menor que um ano.' };
      if (/igp-?m/.test(s)) return { risk: 'medium', reason: 'Reajuste pelo IGP-M, índice volátil.' };
      if (/ipca|inpc/.test(s)) return { risk: 'low', reason: 'Reajuste por índice oficial de inflação.' };
      return { risk: 'medium', reason: 'Reajuste sem índice identificado.' };
    },
  },
  {
    category: 'jurisdiction',
    label: 'Foro e solução de conflitos',
    detect: /\bforo\b|comarca de|arbitragem|arbitral/,
    judge(s) {
      if (/arbitragem|arbitral/.test(s))
        return { risk: 'medium', reason: 'Conflitos resolvidos por arbitragem, que pode ter custo alto.' };
      if (/exterior|estrangeir/.test(s)) return { risk: 'high', reason: 'Foro no exterior.' };
      return { risk: 'low', reason: 'Foro de eleição definido.' };
    },
  },
  {
    category: 'term',
    label: 'Prazo e vigência',
    // "prazo indeterminado" alone may be the secrecy's term: only the contract's own term counts here.
    detect:
      /vigencia|vigorara|(contrato|ajuste|locacao)\b.{0,40}prazo (de duracao|determinado|indeterminado)|pelo prazo de/,
    judge(s) {
      if (/indeterminado/.test(s)) return { risk: 'medium', reason: 'Contrato por prazo indeterminado.' };
      const longest = Math.max(0, ...months(s));
      if (longest >= 60) return { risk: 'medium', reason: `Prazo longo (${longest} meses).` };
      return { risk: 'low', reason: 'Prazo de vigência definido.' };
    },
  },
  {
    category: 'confidentiality',
    label: 'Confidencialidade',
    detect: /confidencial|sigilo/,
    judge(s) {
      if (/perpetu|para sempre|indefinidamente|prazo indeterminado|sem limite de (prazo|tempo)/.test(s))
        return { risk: 'medium', reason: 'Dever de sigilo sem prazo final.' };
      return { risk: 'low', reason: 'Obrigação de confidencialidade definida.' };
    },
  },
  {
    category: 'data_protection',
    label: 'Proteção de dados (LGPD)',
    detect: /lgpd|13\.?709|protecao de dados|dados pessoais/,
    judge(s) {
      if (
        /transferencia internacional|compartilh\w*.{0,60}terceiros|ceder\w* (os )?dados|comercializ/.test(s)
      )
        return { risk: 'high', reason: 'Permite compartilhar ou transferir dados pessoais a terceiros.' };
      if (/lgpd|13\.?709/.test(s))
        return { risk: 'low', reason: 'Cláusula de proteção de dados que cita a LGPD.' };
      return { risk: 'medium', reason: 'Trata dados pessoais sem citar a LGPD.' };
    },
  },
  {
    category: 'exclusivity',
    label: 'Exclusividade e não concorrência',
    detect:
      /exclusividade|nao concorrencia|nao-concorrencia|nao podera (contratar|prestar)|vedad\w* .{0,40}concorrente/,
    judge(s) {
      if (/apos o (termino|encerramento|fim)|apos a (rescisao|extincao)/.test(s))
        return {
          risk: 'high',
          reason: 'Exclusividade ou não concorrência que continua após o fim do contrato.',
        };
      return { risk: 'medium', reason: 'Exclusividade durante o contrato.' };
    },
  },
  {
    category: 'automatic_renewal',
    label: 'Renovação automática',
    detect:
      /renova\w* automatica|automaticamente renovad|prorrog\w* automatica|automaticamente prorrogad|renovacao tacita/,
    judge(s) {
      const notice = days(s);
      if (notice.length === 0 && !/aviso|notifica|manifest/.test(s))
        return { risk: 'high', reason: 'Renova sozinho, sem prazo para a outra parte se opor.' };
      const n = Math.max(0, ...notice);
      if (n >= 60) return { risk: 'medium', reason: `Renova sozinho; evitar exige aviso de ${n} dias.` };
      return { risk: 'low', reason: 'Renova sozinho, mas pode ser evitado com aviso simples.' };
    },
  },
  {
    category: 'liability',
    label: 'Limitação de responsabilidade',
    detect:
      /responsabilidade\w* .{0,40}limitad|limit\w* .{0,40}responsabilidade|isent\w* .{0,40}responsabilidade|nao se responsabiliza|nao respondera/,
    judge(s) {
      if (/isent|nao se responsabiliza|nao respondera|em nenhuma hipotese/.test(s))
        return { risk: 'high', reason: 'Uma parte fica isenta de responsabilidade.' };
      return { risk: 'medium', reason: 'Responsabilidade limitada a um valor ou situação.' };
    },
  },
  {
    category: 'interest',
    label: 'Juros e mora',
    detect: /\bjuros\b|\bmora\b/,
    judge(s) {
      const top = Math.max(0, ...percents(s));
      if (top > 1 && /ao mes|mensa/.test(s))
        return { risk: 'high', reason: `Juros acima de 1% ao mês (${top}%).` };
      return { risk: 'low', reason: 'Juros ou encargos de mora usuais.' };
    },
  },
];

/** Clauses a careful contract usually has; their absence is itself a risk. */
const EXPECTED: { category: string; risk: RiskLevel; reason: string }[] = [
  {
    category: 'termination',
    risk: 'medium',
    reason: 'Não há cláusula de rescisão: sair do contrato pode ser difícil.',
  },
  { category: 'jurisdiction', risk: 'low', reason: 'Não há foro de eleição definido.' },
  { category: 'term', risk: 'medium', reason: 'Não há prazo de vigência definido.' },
];

const ORDER: Record<RiskLevel, number> = { low: 0, medium: 1, high: 2 };

function cut(sentence: string): string {
  return sentence.length <= MAX_SENTENCE ? sentence : `${sentence.slice(0, MAX_SENTENCE - 1)}…`;
}

export function analyseRules(text: string): RuleAnalysis {
  const clauses: ClauseFinding[] = [];
  const all = sentences(text);
  for (const rule of RULES) {
    let found = 0;
    for (const sentence of all) {
      const folded = fold(sentence);
      if (!rule.detect.test(folded)) continue;
      const { risk, reason } = rule.judge(folded);
      clauses.push({ category: rule.category, label: rule.label, risk, reason, sentence: cut(sentence) });
      if (++found >= MAX_PER_CATEGORY) break;
    }
  }
  const seen = new Set(clauses.map((c) => c.category));
  const missing: MissingClause[] = [];
  for (const e of EXPECTED) {
    if (!seen.has(e.category))
      missing.push({ ...e, label: RULES.find((r) => r.category === e.category)!.label });
  }
  // Personal data handled with no data-protection clause at all.
  if (!seen.has('data_protection') && /\bcpf\b|e-?mail|dados/.test(fold(text)))
    missing.push({
      category: 'data_protection',
      label: 'Proteção de dados (LGPD)',
      risk: 'medium',
      reason: 'O contrato envolve dados pessoais e não tem cláusula de proteção de dados.',
    });
  const counts = { low: 0, medium: 0, high: 0 };
  for (const c of clauses) counts[c.risk]++;
  const mediums = counts.medium + missing.filter((m) => m.risk === 'medium').length;
  const overall: RiskLevel = counts.high > 0 || mediums >= 4 ? 'high' : mediums > 0 ? 'medium' : 'low';
  clauses.sort((a, b) => ORDER[b.risk] - ORDER[a.risk]);
  return { overall_risk: overall, counts, clauses, missing };
}

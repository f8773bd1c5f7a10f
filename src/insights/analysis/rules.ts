// The deterministic analysis, used when no real model is configured or the model's answer
// is unusable. Built only from counts and fixed Portuguese phrases: nothing from the
// transcript is copied into it, so it cannot carry personal data.
import type { TranscriptMessage } from '../crm/client.js';

export type Sentiment = 'positivo' | 'neutro' | 'negativo';
export type Outcome = 'resolvido' | 'nao_resolvido' | 'indefinido';

export interface AnalysisFields {
  summary: string;
  topics: string[];
  sentiment: Sentiment;
  outcome: Outcome;
}

const TOPICS: [string, RegExp][] = [
  ['pagamento', /\b(pag(amento|ar|uei|o)|boleto|pix|cart[aã]o|fatura|cobran[çc]a)/],
  ['entrega', /\b(entreg|frete|rastre|correios?\b|envio|enviad)/],
  ['cancelamento', /\bcancel/],
  ['reembolso', /\b(reembols|estorn|devolu[çc]|devolver)/],
  ['suporte técnico', /\b(erro|bug|travou|trava|falha|n[aã]o funciona|não abre|nao abre)/],
  ['preço', /\b(pre[çc]o|valor|desconto|or[çc]amento|promo[çc])/],
  ['agendamento', /\b(agend|hor[aá]rio|marcar|remarcar|consulta)/],
  ['acesso e cadastro', /\b(cadastr|senha|login|acesso|minha conta)/],
  ['produto', /\b(produto|estoque|tamanho|modelo|garantia)/],
  ['reclamação', /\b(reclama|insatisf|p[eé]ssim|absurdo)/],
];

const POSITIVE =
  /\b(obrigad|[óo]tim|excelente|perfeit|adorei|satisfeit|maravilh|resolvid|show|top|gostei|agrade[çc])/g;
const NEGATIVE =
  /\b(p[ée]ssim|horr[íi]vel|absurd|demor|insatisf|reclama|raiva|nunca mais|ruim|problema|decepcion|cancelar|irritad)/g;
const RESOLVED =
  /\b(resolvid|solucionad|deu certo|funcionou|conclu[íi]d|confirmad|est[áa] feito|pode encerrar|obrigad[oa] pela ajuda)/;
const UNRESOLVED =
  /\b(n[ãa]o (foi )?resolv|continua|ainda n[ãa]o|sem solu[çc]|vou procurar|procon|n[ãa]o funcionou|quero cancelar)/;

const OUTCOME_LABEL: Record<Outcome, string> = {
  resolvido: 'resolvido',
  nao_resolvido: 'não resolvido',
  indefinido: 'indefinido',
};

function count(text: string, re: RegExp): number {
  return text.match(re)?.length ?? 0;
}

export function analyzeByRules(messages: TranscriptMessage[]): AnalysisFields {
  const lower = (m: TranscriptMessage) => m.text.toLowerCase();
  const all = messages.map(lower).join('\n');
  const fromClient = messages.filter((m) => m.author === 'cliente');
  const clientText = (fromClient.length > 0 ? fromClient : messages).map(lower).join('\n');
  const topics = TOPICS.filter(([, re]) => re.test(all))
    .map(([name]) => name)
    .slice(0, 5);
  const score = count(clientText, POSITIVE) - count(clientText, NEGATIVE);
  const sentiment: Sentiment = score > 0 ? 'positivo' : score < 0 ? 'negativo' : 'neutro';
  const tail = messages.slice(-6).map(lower).join('\n');
  const outcome: Outcome = UNRESOLVED.test(messages.slice(-4).map(lower).join('\n'))
    ? 'nao_resolvido'
    : RESOLVED.test(tail)
      ? 'resolvido'
      : 'indefinido';
  const summary =
    `Conversa com ${messages.length} mensagens (${fromClient.length} do cliente, ` +
    `${messages.length - fromClient.length} do atendimento). ` +
    `Assuntos: ${topics.length > 0 ? topics.join(', ') : 'não identificados'}. ` +
    `Sentimento do cliente: ${sentiment}. Desfecho: ${OUTCOME_LABEL[outcome]}.`;
  return { summary, topics, sentiment, outcome };
}

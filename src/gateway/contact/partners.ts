// The partners document (GET /api/partners): the operator's editorial content from the
// config file's `partners` section, with what the service knows itself — the three
// modalities, the contact form's fields, the links. Sponsors whose last day has passed
// are left out.
import type { PartnersConfig, PlacementConfig } from './config.js';
import { PRODUCT_ID } from '../product.js';
import { MAX_ESPACOS, PROPOSAL_FIELDS } from './validate.js';

export const MODALIDADES = [
  { id: 'patrocinio', nome: 'Patrocínio' },
  { id: 'parceria', nome: 'Parceria' },
  { id: 'anuncio', nome: 'Anúncio' },
] as const;

const DEFAULT_PAYMENT = {
  rede: 'base',
  chain_id: 8453,
  ativo: false,
  pay_to: null,
  eip681: null,
  alternativas: [] as string[],
  nota: 'Forma de pagamento combinada por e-mail depois da proposta.',
};

const MESSAGE_TEMPLATE = [
  'Olá! Somos {empresa} ({site}).',
  'Temos interesse em {tipo} nos espaços {espaco}, por {duracao} dias.',
  'Orçamento: {orcamento}. Pagamento: {pagamento}.',
  'Sobre nós e o que propomos: …',
].join('\n');

function exposure(p: PlacementConfig) {
  if (p.exposure) return [...p.exposure].sort((a, b) => a.dias - b.dias);
  return [
    { dias: 30, price_usd: p.price_usd_30d },
    { dias: 90, price_usd: null },
    { dias: 365, price_usd: null },
  ];
}

export function placementIds(config: PartnersConfig | undefined): Set<string> {
  return new Set((config?.placements ?? []).map((p) => p.id));
}

export function partnersDocument(config: PartnersConfig | undefined, origin: string, today: string) {
  const c = config ?? {};
  const links = {
    self: `${origin}/api/partners`,
    stats: `${origin}/api/vitrine`,
    page: c.page_url ?? null,
    contact: `${origin}/api/contact`,
    casa: c.casa_url ?? origin,
  };
  return {
    status: 'sob_consulta',
    produto: PRODUCT_ID,
    idioma: 'pt-BR',
    titulo: c.titulo ?? 'Parcerias e patrocínio',
    descricao:
      c.descricao ??
      'Espaços de patrocínio, anúncio e parceria no gateway de privacidade para IA. Condições sob consulta.',
    publico: c.publico ?? 'Desenvolvedores e empresas brasileiras que usam modelos de linguagem.',
    modalidades: MODALIDADES,
    placements: (c.placements ?? []).map((p) => ({
      id: p.id,
      nome: p.nome,
      onde: p.onde,
      formato: p.formato,
      exclusivo: p.exclusivo,
      medicao: p.medicao,
      price_usd_30d: p.price_usd_30d,
      exposure: exposure(p),
      disponivel: p.disponivel,
    })),
    house_bundle: c.house_bundle ?? null,
    parcerias: c.parcerias ?? [],
    current_sponsors: (c.current_sponsors ?? []).filter((s) => s.ate >= today),
    stats: { vitrine: links.stats, ...(c.stats ?? {}) },
    payment: c.payment ?? DEFAULT_PAYMENT,
    contact: {
      email: c.contact_email ?? null,
      form_url: c.form_url ?? null,
      api_url: links.contact,
      campos: ['name', 'email', 'message', 'tipo', 'empresa', 'site'],
      campos_proposta: [...PROPOSAL_FIELDS],
      message_template: MESSAGE_TEMPLATE,
      instructions:
        `Envie um POST JSON para ${links.contact} com name (ou nome), email e message (ou mensagem). ` +
        'Para uma proposta, informe tipo (patrocinio, parceria ou anuncio) e, se quiser, orcamento, ' +
        `espaco (até ${MAX_ESPACOS} ids de placements), duracao (30, 90 ou 365) e pagamento. ` +
        'A resposta chega ao e-mail informado. Sem captcha, conta ou pagamento.',
    },
    politica:
      c.politica ??
      'Patrocínios e anúncios são identificados como tais e nunca recebem dados pessoais de quem usa o serviço.',
    _links: links,
  };
}

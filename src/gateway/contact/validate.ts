// The body of POST /api/contact, read field by field: aliases (`nome`, `mensagem`), enums,
// sizes, and the placement ids of the partners document. A refusal is a 400 whose `code`
// names the field as the caller spelled it; messages never repeat what was sent.
import { EMAIL_MAX, isEmailAddress } from '../../platform/identity/email.js';
import { invalidParam } from '../../platform/http/errors.js';

export const TIPOS = ['patrocinio', 'parceria', 'anuncio'] as const;
export const ORCAMENTOS = ['ate_100', '100_500', '500_2000', '2000_mais', 'a_combinar'] as const;
export const DURACOES = [30, 90, 365] as const;
export const PAGAMENTOS = ['usdc', 'deposito', 'a_combinar'] as const;
/** Fields that describe a proposal: they need `tipo`. */
export const PROPOSAL_FIELDS = ['orcamento', 'espaco', 'duracao', 'pagamento'] as const;
export const MAX_ESPACOS = 6;

export const LIMITS = { name: 120, message: 5000, empresa: 200, site: 500 } as const;

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
  tipo?: (typeof TIPOS)[number];
  empresa?: string;
  site?: string;
  orcamento?: (typeof ORCAMENTOS)[number];
  espaco?: string[];
  duracao?: (typeof DURACOES)[number];
  pagamento?: (typeof PAGAMENTOS)[number];
}

// Control characters other than tab and line breaks (those are kept in the message only).
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LINE_BREAK = /[\r\n\u2028\u2029]/;

type Body = Record<string, unknown>;

/** The value under `name` or its alias, and the spelling the caller used. */
function pick(body: Body, name: string, alias?: string): [string, unknown] {
  if (body[name] !== undefined && body[name] !== null) return [name, body[name]];
  if (alias && body[alias] !== undefined && body[alias] !== null) return [alias, body[alias]];
  return [name, undefined];
}

function text(
  field: string,
  value: unknown,
  opts: { max: number; required: boolean; multiline?: boolean; label: string },
): string | undefined {
  if (value === undefined) {
    if (opts.required) throw invalidParam(field, `O campo ${field} (${opts.label}) é obrigatório.`);
    return undefined;
  }
  if (typeof value !== 'string') throw invalidParam(field, `O campo ${field} deve ser um texto.`);
  const trimmed = value.trim();
  if (trimmed.length === 0) {
    if (opts.required) throw invalidParam(field, `O campo ${field} (${opts.label}) é obrigatório.`);
    return undefined;
  }
  if (trimmed.length > opts.max)
    throw invalidParam(field, `O campo ${field} aceita no máximo ${opts.max} caracteres.`);
  if (CONTROL.test(trimmed) || (!opts.multiline && LINE_BREAK.test(trimmed))) {
    throw invalidParam(field, `O campo ${field} contém caracteres não permitidos.`);
  }
  return trimmed;
}

function oneOf<T extends string | number>(
  field: string,
  value: unknown,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined || value === null) return undefined;
  if (!allowed.includes(value as T)) {
    throw invalidParam(field, `O campo ${field} deve ser um destes valores: ${allowed.join(', ')}.`);
  }
  return value as T;
}

/** `placements`: the ids of GET /api/partners. */
export function readContact(raw: unknown, placements: ReadonlySet<string>): ContactMessage {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw invalidParam('body', 'O corpo deve ser um objeto JSON.');
  }
  const body = raw as Body;
  const [nameField, nameValue] = pick(body, 'name', 'nome');
  const name = text(nameField, nameValue, { max: LIMITS.name, required: true, label: 'nome' })!;
  const email = text('email', body.email ?? undefined, { max: EMAIL_MAX, required: true, label: 'e-mail' })!;
  if (!isEmailAddress(email))
    throw invalidParam('email', 'O campo email deve ser um endereço de e-mail válido.');
  const [messageField, messageValue] = pick(body, 'message', 'mensagem');
  const message = text(messageField, messageValue, {
    max: LIMITS.message,
    required: true,
    multiline: true,
    label: 'mensagem',
  })!;

  const out: ContactMessage = { name, email, message };
  const tipo = oneOf('tipo', body.tipo, TIPOS);
  if (tipo) out.tipo = tipo;
  const empresa = text('empresa', body.empresa ?? undefined, {
    max: LIMITS.empresa,
    required: false,
    label: 'empresa',
  });
  if (empresa) out.empresa = empresa;
  const site = text('site', body.site ?? undefined, { max: LIMITS.site, required: false, label: 'site' });
  if (site) {
    if (/\s/.test(site)) throw invalidParam('site', 'O campo site deve ser um endereço sem espaços.');
    out.site = site;
  }
  const orcamento = oneOf('orcamento', body.orcamento, ORCAMENTOS);
  if (orcamento) out.orcamento = orcamento;
  const espaco = readEspaco(body.espaco, placements);
  if (espaco) out.espaco = espaco;
  // Forms send numbers as text: "90" is 90.
  const duracaoRaw =
    typeof body.duracao === 'string' && /^\d+$/.test(body.duracao) ? Number(body.duracao) : body.duracao;
  const duracao = oneOf('duracao', duracaoRaw, DURACOES);
  if (duracao) out.duracao = duracao;
  const pagamento = oneOf('pagamento', body.pagamento, PAGAMENTOS);
  if (pagamento) out.pagamento = pagamento;

  if (!out.tipo) {
    const proposal = PROPOSAL_FIELDS.find((f) => out[f] !== undefined);
    if (proposal) {
      throw invalidParam(
        'tipo',
        `O campo ${proposal} faz parte de uma proposta: informe também tipo (${TIPOS.join(', ')}).`,
      );
    }
  }
  return out;
}

function readEspaco(value: unknown, placements: ReadonlySet<string>): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value))
    throw invalidParam('espaco', 'O campo espaco deve ser uma lista de ids de espaços.');
  if (value.length > MAX_ESPACOS)
    throw invalidParam('espaco', `O campo espaco aceita no máximo ${MAX_ESPACOS} espaços.`);
  const ids: string[] = [];
  for (const id of value) {
    if (typeof id !== 'string' || !placements.has(id)) {
      throw invalidParam('espaco', 'O campo espaco só aceita ids de espaços listados em GET /api/partners.');
    }
    if (!ids.includes(id)) ids.push(id);
  }
  return ids.length > 0 ? ids : undefined;
}

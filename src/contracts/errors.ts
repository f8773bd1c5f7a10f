// Every error of the contract API: its code (upper case), status and the message
// people see. Domain functions throw ContractsError with a name from this catalogue; the
// edge (edge.ts) turns it into the `{message, error}` answer. Messages never hold personal data.
import { type ApiError, errorCodes } from '../platform/http/errors.js';

type Params = Record<string, string | number>;

interface Entry {
  status: number;
  /** The wire code, when it is not the entry's name (one code, several situations). */
  code?: string;
  message: string | ((p: Params) => string);
  /** Seconds for `Retry-After`. */
  retryAfter?: number;
}

export const CONTRACTS_ERRORS = {
  // Login and sign-up
  MISSING_CREDENTIALS: { status: 400, message: 'Informe o e-mail e a senha.' },
  INVALID_CREDENTIALS: { status: 401, message: 'E-mail ou senha incorretos.' },
  ACCESS_DENIED: { status: 403, message: 'Acesso negado.' },
  EMAIL_TAKEN: { status: 409, message: 'Já existe uma conta com este e-mail. Entre com sua senha.' },
  NAME_BLANK: { status: 400, code: 'INVALID_REQUEST', message: 'Informe o nome.' },
  // Bearer tokens
  MISSING_AUTHORIZATION_HEADER: {
    status: 401,
    message: 'Envie o cabeçalho Authorization: Bearer <token>.',
  },
  MISSING_TOKEN: { status: 401, message: 'O cabeçalho Authorization não traz um token Bearer.' },
  TOKEN_EXPIRED: { status: 401, message: 'O token expirou. Entre novamente.' },
  INVALID_TOKEN: { status: 401, message: 'Token inválido.' },
  AUTHENTICATION_FAILED: { status: 401, message: 'Não foi possível autenticar com este token.' },
  IDP_UNAVAILABLE: {
    status: 503,
    code: 'AUTHENTICATION_FAILED',
    message: 'Não foi possível validar o token do provedor de identidade agora. Tente novamente.',
    retryAfter: 5,
  },
  // Contracts
  MISSING_CONTRACT: {
    status: 400,
    code: 'INVALID_REQUEST',
    message: 'Envie o contrato como JSON {"title", "text"} ou como PDF (multipart, campo "file").',
  },
  EMPTY_CONTRACT: { status: 400, message: 'O contrato não tem texto.' },
  CONTRACT_TOO_LONG: { status: 413, message: (p) => `O contrato passa de ${p.max} caracteres.` },
  CONTRACT_NOT_FOUND: { status: 404, message: 'Contrato não encontrado.' },
  UNSUPPORTED_FILE_TYPE: {
    status: 415,
    message: 'Envie o contrato em PDF (campo "file") ou como texto em JSON.',
  },
  INVALID_PDF: { status: 422, message: 'Não foi possível ler este PDF.' },
  NO_EXTRACTABLE_TEXT: {
    status: 422,
    message: 'O PDF não tem texto extraível (talvez seja uma imagem digitalizada).',
  },
  PDF_TOO_LONG: { status: 413, message: (p) => `O PDF passa de ${p.max} páginas.` },
  PDF_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'O PDF passa de 10 MiB.' },
  PDF_TOO_COMPLEX: {
    status: 413,
    message: (p) =>
      `Ler este PDF exigiria descompactar mais de ${p.mb} MB (dados compactados ou repetidos em excesso).`,
  },
  /** A page past the per-page CPU budget: the same code as the structure's refusal. */
  PDF_PAGE_TOO_COMPLEX: {
    status: 413,
    code: 'PDF_TOO_COMPLEX',
    message: (p) =>
      `Uma página deste PDF exigiu mais de ${p.seconds} s de processamento e a leitura foi interrompida.`,
  },
  PDF_BUSY: {
    status: 503,
    message: 'A leitura de PDFs está ocupada com os seus arquivos; tente de novo em instantes.',
    retryAfter: 5,
  },
  PDF_TIMEOUT: {
    status: 504,
    message: (p) => `A leitura do PDF não terminou em ${p.seconds} segundos e foi interrompida.`,
  },
  /** Never reaches the client (it left): what the log shows for the request. */
  CLIENT_CLOSED_REQUEST: {
    status: 499,
    message: 'O cliente encerrou a conexão; a leitura foi interrompida.',
  },
  PDF_FIELD_MISSING: { status: 400, code: 'INVALID_REQUEST', message: 'Envie o PDF no campo "file".' },
  PDF_SINGLE_FILE: {
    status: 400,
    code: 'INVALID_REQUEST',
    message: 'Envie um único arquivo, no campo "file".',
  },
  TITLE_TOO_LONG: {
    status: 400,
    code: 'INVALID_REQUEST',
    message: (p) => `O título passa de ${p.max} caracteres.`,
  },
  MULTIPART_INVALID: { status: 400, code: 'INVALID_REQUEST', message: 'Formulário multipart inválido.' },
  // Analyses, chat, notifications, plans
  ANALYSIS_NOT_FOUND: { status: 404, message: 'Análise não encontrada.' },
  QUESTION_BLANK: { status: 400, code: 'INVALID_REQUEST', message: 'Escreva uma pergunta.' },
  CONTENT_BLOCKED: {
    status: 422,
    message: 'A política de privacidade bloqueou o envio deste conteúdo ao modelo.',
  },
  MODEL_UNAVAILABLE: {
    status: 503,
    message: 'O modelo não está disponível agora. Tente novamente em instantes.',
    retryAfter: 10,
  },
  NOTIFICATION_NOT_FOUND: { status: 404, message: 'Notificação não encontrada.' },
  INVALID_PLAN: {
    status: 400,
    message: (p) => `Plano inválido. Planos disponíveis: ${p.plans}.`,
  },
  PLAN_LIMIT_REACHED: {
    status: 429,
    message: (p) =>
      `O limite mensal de ${p.what} do seu plano (${p.limit}) foi atingido. Mude de plano em /subscriptions ou aguarde o próximo mês.`,
  },
} satisfies Record<string, Entry>;

export type ContractsErrorName = keyof typeof CONTRACTS_ERRORS;

export class ContractsError extends Error {
  constructor(
    readonly reason: ContractsErrorName,
    readonly params: Params = {},
    /** Overrides the entry's `Retry-After` (a wait that depends on the situation). */
    readonly retryAfterSeconds?: number,
  ) {
    super(reason);
  }
}

/** The wire codes of the catalogue with their statuses (one code may answer several situations). */
function wireCodes(entries: Record<string, Entry>): Record<string, number[]> {
  const codes: Record<string, number[]> = {};
  for (const [name, entry] of Object.entries(entries)) {
    const code = entry.code ?? name;
    const statuses = codes[code] ?? [];
    codes[code] = statuses;
    if (!statuses.includes(entry.status)) statuses.push(entry.status);
  }
  return codes;
}

/** The contract API's codes, declared once for the whole codebase (docs/errors.md, "Contract API"). */
export const CONTRACTS = errorCodes('contracts', wireCodes(CONTRACTS_ERRORS));

export function contractsApiError(err: ContractsError): ApiError {
  const entry: Entry = CONTRACTS_ERRORS[err.reason];
  const message = typeof entry.message === 'function' ? entry.message(err.params) : entry.message;
  const retryAfter = err.retryAfterSeconds ?? entry.retryAfter;
  const extra = retryAfter === undefined ? {} : { headers: { 'retry-after': String(retryAfter) } };
  return CONTRACTS[entry.code ?? err.reason]!(message, extra, entry.status);
}

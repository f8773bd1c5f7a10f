// Errors of the model formats, the providers and the steps that use them (pipeline, routes,
// transcription). Messages are for people (pt-BR) and never echo content:
// a field is named by its path, never by its value.
import { type ApiError, errorCodes, HTTP } from '../../platform/http/errors.js';

export const MODELS = errorCodes('gateway/models', {
  unsupported_content: 400,
  file_not_inline: 400,
  invalid_file: 400,
  untranslatable_field: 400,
  store_unsupported: 400,
  model_not_found: 404,
  upstream_rate_limited: 429,
  upstream_rejected: 400,
  upstream_error: 502,
  upstream_timeout: 504,
  transcription_not_configured: 503,
  transcription_timeout: 504,
  unreadable_audio: 422,
});

export function invalid(param: string, message: string): ApiError {
  return HTTP.invalid_request(message, { param });
}

export function unsupportedContent(param: string, kind: string): ApiError {
  return MODELS.unsupported_content(
    `Conteúdo do tipo "${kind}" não é aceito aqui: a barreira de privacidade lê apenas texto. Extraia antes o texto do arquivo (PDF ou imagem) com POST /v1/privacy/extract e envie esse texto.`,
    { param },
  );
}

/** An image or PDF named by a URL or a file id: the gateway reads only bytes it is sent. */
export function fileNotInline(param: string): ApiError {
  return MODELS.file_not_inline(
    'Imagens e PDFs devem vir no próprio pedido (data URI "data:image/png;base64,…" ou base64): o gateway não busca endereços http(s) nem arquivos guardados no provedor, porque precisa ler o conteúdo para cobrir os dados pessoais antes de enviá-lo.',
    { param },
  );
}

/** Bytes that are not what the part says (an image part that is no JPEG, PNG or WebP; a PDF part that is no PDF). */
export function invalidFile(param: string, expected: 'image' | 'pdf'): ApiError {
  return MODELS.invalid_file(
    expected === 'image'
      ? 'A imagem não é JPEG, PNG nem WebP em base64 válido (o tipo é decidido pelo conteúdo).'
      : 'O documento não é um PDF em base64 válido.',
    { param },
  );
}

export function untranslatable(param: string, target: string): ApiError {
  return MODELS.untranslatable_field(
    `O campo "${param}" não tem equivalente no formato do provedor deste modelo (${target}); remova-o ou escolha outro modelo.`,
    { param },
  );
}

/** The gateway keeps no responses or conversations: nothing a later call could refer to. */
export function storeUnsupported(param: string): ApiError {
  return MODELS.store_unsupported(
    `O gateway não guarda respostas nem conversas, então "${param}" não é aceito: envie "store": false (ou omita "store") e o histórico inteiro em "input" a cada chamada. No Vercel AI SDK: providerOptions: { openai: { store: false } }.`,
    { param },
  );
}

export function modelNotFound(): ApiError {
  return MODELS.model_not_found('Modelo desconhecido. Consulte GET /v1/models.', {
    param: 'model',
  });
}

/** Upstream failures. The upstream body is never copied: it may echo the prompt. */
export function upstreamError(status: number): ApiError {
  if (status === 429) {
    return MODELS.upstream_rate_limited('O provedor do modelo limitou as requisições; tente mais tarde.');
  }
  if (status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 408) {
    return MODELS.upstream_rejected(
      `O provedor do modelo recusou a requisição (HTTP ${status}); verifique os parâmetros enviados.`,
    );
  }
  return MODELS.upstream_error(`O provedor do modelo falhou (HTTP ${status}).`);
}

export function upstreamUnavailable(): ApiError {
  return MODELS.upstream_error('Nenhum provedor do modelo pôde ser contatado.');
}

export function upstreamTimeout(): ApiError {
  return MODELS.upstream_timeout('O provedor do modelo não respondeu a tempo.');
}

export function upstreamBadReply(): ApiError {
  return MODELS.upstream_error('O provedor do modelo enviou uma resposta ilegível.');
}

/** No transcription provider configured (and, where the route asks, no transcription worker seen). */
export function transcriptionNotConfigured(): ApiError {
  return MODELS.transcription_not_configured(
    'A transcrição de áudio não está disponível neste servidor: nenhum provedor configurado e nenhum worker de transcrição visto nos últimos 2 minutos.',
  );
}

export function transcriptionTimeout(): ApiError {
  return MODELS.transcription_timeout(
    'A transcrição não terminou no tempo limite da resposta síncrona; envie um áudio mais curto.',
  );
}
export const unreadableAudio = () =>
  MODELS.unreadable_audio('O provedor de transcrição não conseguiu ler o áudio enviado.', { param: 'file' });
export const tokenInputs = () =>
  MODELS.unsupported_content(
    'Entradas em tokens (listas de números) não são aceitas: a barreira de privacidade lê apenas texto. Envie os textos.',
    { param: 'input' },
  );

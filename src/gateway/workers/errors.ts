// The error catalogue of worker jobs: one constructor per documented code (docs/workers.md).
import { ApiError } from '../../platform/http/errors.js';

export const jobNotFound = () => new ApiError(404, 'job_not_found', 'Tarefa não encontrada.');

export const noWorkers = (capability: string) =>
  new ApiError(
    503,
    'no_workers',
    `Nenhum worker com a capacidade ${capability} foi visto nos últimos 2 minutos. Tente mais tarde.`,
    { headers: { 'retry-after': '30' } },
  );

export const leaseLost = () =>
  new ApiError(
    409,
    'lease_lost',
    'O lease desta tarefa não é mais seu (expirou ou foi tomado por outro worker).',
  );

export const jobCancelled = () => new ApiError(409, 'job_cancelled', 'A tarefa foi cancelada.');

export const jobFinished = (status: string) =>
  new ApiError(409, 'job_finished', `A tarefa já terminou (status ${status}).`);

export const jobNotFinished = () =>
  new ApiError(409, 'job_not_finished', 'A tarefa ainda não terminou; consulte o status_url.');

export const noBinaryResult = () =>
  new ApiError(
    404,
    'no_binary_result',
    'Esta tarefa não tem resultado binário; o resultado está no status_url.',
  );

export const workerUnknown = () =>
  new ApiError(404, 'worker_not_registered', 'Worker não registrado: chame /api/worker/register de novo.');

export const capabilityUnknown = (name: string) =>
  new ApiError(400, 'unknown_capability', `Capacidade desconhecida: ${name.slice(0, 64)}.`, {
    param: 'capabilities',
  });

export const jobFailed = (id: string, code: string | null) =>
  new ApiError(502, 'job_failed', `A tarefa ${id} falhou no worker (${code ?? 'erro'}).`);

export const resultTooLarge = () => new ApiError(413, 'payload_too_large', 'Resultado acima do limite.');

export const badInput = (message: string, param?: string) =>
  new ApiError(400, 'invalid_request', message, { param });

export const unsupportedFile = () =>
  new ApiError(415, 'unsupported_media_type', 'Envie o arquivo no corpo, como application/pdf ou image/*.');

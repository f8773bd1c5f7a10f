// The error catalogue of worker jobs: one constructor per documented code (docs/workers.md).
import { errorCodes, HTTP } from '../../platform/http/errors.js';

export const WORKERS = errorCodes('gateway/workers', {
  job_not_found: 404,
  no_workers: 503,
  lease_lost: 409,
  job_cancelled: 409,
  job_finished: 409,
  job_not_finished: 409,
  no_binary_result: 404,
  worker_not_registered: 404,
  worker_key_invalid: 403,
  unknown_capability: 400,
  job_failed: 502,
});

export const jobNotFound = () => WORKERS.job_not_found('Tarefa não encontrada.');

export const noWorkers = (capability: string) =>
  WORKERS.no_workers(
    `Nenhum worker com a capacidade ${capability} foi visto nos últimos 2 minutos. Tente mais tarde.`,
    { headers: { 'retry-after': '30' } },
  );

export const leaseLost = () =>
  WORKERS.lease_lost('O lease desta tarefa não é mais seu (expirou ou foi tomado por outro worker).');

export const jobCancelled = () => WORKERS.job_cancelled('A tarefa foi cancelada.');

export const jobFinished = (status: string) =>
  WORKERS.job_finished(`A tarefa já terminou (status ${status}).`);

export const jobNotFinished = () =>
  WORKERS.job_not_finished('A tarefa ainda não terminou; consulte o status_url.');

export const noBinaryResult = () =>
  WORKERS.no_binary_result('Esta tarefa não tem resultado binário; o resultado está no status_url.');

export const workerUnknown = () =>
  WORKERS.worker_not_registered('Worker não registrado: chame /api/worker/register de novo.');

export const workerKeyInvalid = () =>
  WORKERS.worker_key_invalid(
    'Chave do worker ausente ou errada: envie em X-Worker-Key a chave que o registro devolveu (ou registre um worker novo, sem worker_id).',
  );

export const capabilityUnknown = (name: string) =>
  WORKERS.unknown_capability(`Capacidade desconhecida: ${name.slice(0, 64)}.`, {
    param: 'capabilities',
  });

export const jobFailed = (id: string, code: string | null) =>
  WORKERS.job_failed(`A tarefa ${id} falhou no worker (${code ?? 'erro'}).`);

export const resultTooLarge = () => HTTP.payload_too_large('Resultado acima do limite.');

export const badInput = (message: string, param?: string) => HTTP.invalid_request(message, { param });

export const unsupportedFile = () =>
  HTTP.unsupported_media_type('Envie o arquivo no corpo, como application/pdf ou image/*.');

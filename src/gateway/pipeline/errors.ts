// The model pipeline's own error codes (docs/errors.md, "Model routes").
import { errorCodes } from '../../platform/http/errors.js';

export const PIPELINE = errorCodes('gateway/pipeline', {
  model_not_released: 403,
  /** An embedding model on a chat route, or a chat model on POST /v1/embeddings. */
  wrong_model_kind: 400,
});

// Each code's messages, named: no message is written where it is thrown.
export const embeddingModelOnChat = (modelId: string) =>
  PIPELINE.wrong_model_kind(`O modelo ${modelId} é um modelo de embeddings: use-o em POST /v1/embeddings.`, {
    param: 'model',
  });
export const chatModelOnEmbeddings = (modelId: string) =>
  PIPELINE.wrong_model_kind(
    `O modelo ${modelId} é um modelo de conversa; POST /v1/embeddings aceita apenas modelos de embeddings (GET /v1/models).`,
    { param: 'model' },
  );
export const modelNotReleased = () =>
  PIPELINE.model_not_released('Este modelo não está liberado para a organização.');
export const noAutoModel = () =>
  PIPELINE.model_not_released(
    'Nenhum modelo liberado para a organização atende a esta requisição em svc/auto.',
    {
      param: 'model',
    },
  );

// The playground's messages (its codes are the platform's and the model routes').
import { HTTP } from '../../platform/http/errors.js';

export const unexpectedModelReply = () => HTTP.internal_error('Resposta inesperada do modelo.');

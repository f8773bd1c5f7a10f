// The console's messages (its codes are the platform's).
import { HTTP } from '../../platform/http/errors.js';

export const consoleNotBuilt = () => HTTP.not_found('O console não foi construído (npm run build).');
export const consoleFileNotFound = () => HTTP.not_found('Arquivo não encontrado.');

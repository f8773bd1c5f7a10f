// The MCP route's own codes (docs/errors.md); JSON-RPC errors are the SDK's.
import { errorCodes } from '../../platform/http/errors.js';
import { SESSIONS } from '../sessions/errors.js';

export const MCP = errorCodes('gateway/mcp', { invalid_host: 403 });

export const invalidHost = () => MCP.invalid_host('Host não permitido: use o endereço público do gateway.');
export const mcpOriginRefused = (expected: string) =>
  SESSIONS.invalid_origin(`Origem não permitida; a origem esperada é ${expected}.`);

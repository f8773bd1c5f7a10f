import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

// A caller's id is echoed only when it is a plain token: it lands in every log line and in
// the answer's header, and a token cannot forge a field or split a line.
const VALID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && VALID.test(given) ? given : randomUUID();
}

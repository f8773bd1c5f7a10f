// DNS rebinding: a page on another site whose name is made to resolve to this gateway's
// address reaches it with its own name in `Host`. /mcp answers only to the names the gateway
// is reached by: the host of PUBLIC_ORIGIN (or, without it, of the local origins), `localhost`
// and address literals — an address is never a rebound name, and a reverse proxy that
// forwards to 127.0.0.1:8080 keeps working.
import { isIP } from 'node:net';
import type { Origins } from '../../platform/origins.js';

export function hostAllowed(host: string | undefined, origins: Origins): boolean {
  if (host === undefined || host === '') return true; // HTTP/1.0: no name to have been rebound
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  if (hostname === 'localhost' || isIP(hostname.replace(/^\[|\]$/g, '')) !== 0) return true;
  return origins.accepts(`https://${host}`) || origins.accepts(`http://${host}`);
}

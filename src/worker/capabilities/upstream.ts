// Calls to an OpenAI-compatible upstream named in the worker's config.
import { CapabilityError } from '../registry.js';

export async function upstream(
  url: string,
  apiKey: string | undefined,
  body: string | FormData,
  signal: AbortSignal,
  json = true,
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = {};
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  if (json) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers, body, signal });
  } catch (err) {
    if (signal.aborted) throw err;
    throw new CapabilityError('upstream_unreachable');
  }
  if (!res.ok) throw new CapabilityError(`upstream_${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

export const endpoint = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

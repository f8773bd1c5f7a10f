// The web console (docs/console.md): the single page at `/` and its pages' paths, the
// hashed assets, and the public showcase page at `/vitrine`. Static files only: the page
// talks to the same public routes as any client.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../platform/http/app.js';
import { consoleFileNotFound, consoleNotBuilt } from './errors.js';
import { type ConsoleFile, loadConsoleFiles } from './files.js';

/** Paths the page's own router draws; each is answered with index.html. */
export const CONSOLE_PAGES = [
  '/',
  '/entrar',
  '/senha',
  '/nova-senha',
  '/convite',
  '/cadastro',
  '/chaves',
  '/privacidade',
  '/organizacao',
  '/perfil',
  '/credito',
  '/uso',
  '/registro',
  '/tratamento',
  '/vitrine',
];

// Everything from our own origin, nothing inline, no third parties. `data:` images for the
// QR codes and the avatar preview the API returns as data URIs.
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function registerConsoleRoutes(app: App, files: Map<string, ConsoleFile> = loadConsoleFiles()): void {
  const index = files.get('/index.html');
  const send = (request: FastifyRequest, reply: FastifyReply, file: ConsoleFile) => {
    reply
      .header('content-type', file.type)
      .header('content-security-policy', CONSOLE_CSP)
      .header('cache-control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (!file.br && !file.gzip) return reply.send(file.body);
    // The encoding the browser accepts, Brotli first; a cache keeps one answer per encoding.
    reply.header('vary', 'accept-encoding');
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    if (file.br && accepted.has('br')) return reply.header('content-encoding', 'br').send(file.br);
    if (file.gzip && accepted.has('gzip')) return reply.header('content-encoding', 'gzip').send(file.gzip);
    return reply.send(file.body);
  };

  for (const path of CONSOLE_PAGES) {
    app.get(
      path,
      {
        config: { auth: 'none' },
        schema: { summary: `Console page ${path}`, tags: ['console'], hide: true },
      },
      async (request, reply) => {
        if (!index) throw consoleNotBuilt();
        return send(request, reply, index);
      },
    );
  }
  app.get(
    '/assets/*',
    { config: { auth: 'none' }, schema: { summary: 'Console asset', tags: ['console'], hide: true } },
    async (request, reply) => {
      const file = files.get(request.url.split('?')[0] ?? '');
      if (!file) throw consoleFileNotFound();
      return send(request, reply, file);
    },
  );
}

/** The codings an Accept-Encoding header allows (`q=0` refuses one). */
export function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) out.add(name);
  }
  return out;
}

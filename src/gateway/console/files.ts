// The console's built files (web/, built by Vite into dist/web), read once at start-up and
// served from memory: a few hundred kilobytes, and no file-system access per request. Text
// files are compressed once here (Brotli and gzip), so a first visit downloads about a
// quarter of the bytes and no request spends CPU compressing.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface ConsoleFile {
  body: Buffer;
  type: string;
  /** Hashed names under assets/ never change content: cache them for a year. */
  immutable: boolean;
  /** The body compressed, when that makes it smaller (text files). */
  br?: Buffer;
  gzip?: Buffer;
}

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.txt']);

/** The encodings of a text file, each kept only when smaller than the file itself. */
function compressed(body: Buffer): Pick<ConsoleFile, 'br' | 'gzip'> {
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  const gzip = gzipSync(body, { level: 9 });
  return {
    ...(br.length < body.length ? { br } : {}),
    ...(gzip.length < body.length ? { gzip } : {}),
  };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** dist/src/gateway/console → dist/web */
export const DEFAULT_CONSOLE_DIR = fileURLToPath(new URL('../../../web', import.meta.url));

/** Keyed by URL path ("/index.html", "/assets/main-3f2a.js"); empty when the console was not built. */
export function loadConsoleFiles(dir = DEFAULT_CONSOLE_DIR): Map<string, ConsoleFile> {
  const files = new Map<string, ConsoleFile>();
  if (!existsSync(dir)) return files;
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const url = `/${relative(dir, path).split(sep).join('/')}`;
        const body = readFileSync(path);
        files.set(url, {
          body,
          type: TYPES[extname(name)] ?? 'application/octet-stream',
          immutable: url.startsWith('/assets/'),
          ...(COMPRESSIBLE.has(extname(name)) ? compressed(body) : {}),
        });
      }
    }
  };
  walk(dir);
  return files;
}

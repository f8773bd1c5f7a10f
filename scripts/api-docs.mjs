// Writes docs/api.md from the OpenAPI documents the three services serve, so the reference
// is generated from the same route schemas that validate requests. Run after `npm run build`:
//   node scripts/api-docs.mjs [OUT_FILE]   (default docs/api.md; `npm run docs:api`)
// The apps are built in-process on a throw-away SQLite folder; nothing listens on a port.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = (path) => import(join(root, 'dist/src', path));

const SERVICES = [
  {
    name: 'Gateway',
    port: 'GATEWAY_PORT, default 8080',
    module: 'gateway/app.js',
    factory: 'createGatewayApp',
    url: '/api/openapi.json',
  },
  {
    name: 'Contracts',
    port: 'CONTRACTS_PORT, default 8081',
    module: 'contracts/app.js',
    factory: 'createContractsApp',
    url: '/openapi.json',
  },
  {
    name: 'Insights',
    port: 'INSIGHTS_PORT, default 8082',
    module: 'insights/app.js',
    factory: 'createInsightsApp',
    url: '/openapi.json',
    options: { background: false },
  },
];

const AUTH = {
  apiKey: 'API key: `Authorization: Bearer svck_…`',
  apiKeyHeader: '`X-Api-Key: svck_…`',
  session: 'browser session (cookie `__Host-svc-auth`, plus the CSRF header on writes)',
  operator: '`Authorization: Bearer <OPERATOR_TOKEN>`',
  worker: '`Authorization: Bearer <WORKER_TOKEN>`',
  credit: '`X-Credito` header',
  jwt: 'login token: `Authorization: Bearer <JWT>`',
  tenantToken: 'tenant credentials: `?client_id=…&token=…`',
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Fetches each service's OpenAPI document from an app built on throw-away storage. */
export async function loadDocuments() {
  const { loadConfig } = await dist('config.js');
  const { createLogger } = await dist('platform/logger.js');
  const { createContext } = await dist('context.js');
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-api-docs-'));
  const config = loadConfig({ SVC_DATA_DIR: dataDir, SVC_SECRET: 'api-docs-'.repeat(5) });
  const ctx = await createContext(config, createLogger('silent'));
  try {
    const documents = [];
    for (const service of SERVICES) {
      const app = await (await dist(service.module))[service.factory](ctx, service.options);
      try {
        const res = await app.inject({ method: 'GET', url: service.url });
        if (res.statusCode !== 200) throw new Error(`${service.name} ${service.url}: ${res.statusCode}`);
        documents.push({ service, doc: res.json() });
      } finally {
        await app.close();
      }
    }
    return documents;
  } finally {
    await ctx.db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function resolveRef(doc, schema) {
  if (!schema?.$ref) return schema ?? {};
  const name = schema.$ref.split('/').pop();
  return resolveRef(doc, doc.components?.schemas?.[name]);
}

function typeOf(doc, schema) {
  const s = resolveRef(doc, schema);
  if (s.const !== undefined) return `\`${JSON.stringify(s.const)}\``;
  if (s.enum) return s.enum.map((v) => `\`${JSON.stringify(v)}\``).join(' \\| ');
  const variants = s.anyOf ?? s.oneOf;
  if (variants) return [...new Set(variants.map((v) => typeOf(doc, v)))].join(' \\| ');
  const types = [s.type ?? 'any'].flat();
  return types
    .map((t) => (t === 'array' ? `${typeOf(doc, s.items)}[]` : s.format ? `${t} (${s.format})` : t))
    .join(' \\| ');
}

function limitsOf(doc, schema) {
  const s = resolveRef(doc, schema);
  const out = [];
  const add = (key, label) => s[key] !== undefined && out.push(`${label} ${s[key]}`);
  add('minLength', 'min length');
  add('maxLength', 'max length');
  add('minimum', '≥');
  add('exclusiveMinimum', '>');
  add('maximum', '≤');
  add('exclusiveMaximum', '<');
  add('minItems', 'min items');
  add('maxItems', 'max items');
  add('minProperties', 'min fields');
  add('maxProperties', 'max fields');
  if (s.pattern) out.push(`pattern \`${s.pattern.replaceAll('|', '\\|')}\``);
  if (s.default !== undefined) out.push(`default \`${JSON.stringify(s.default)}\``);
  return out.join('; ');
}

const cell = (text) => (text ?? '').replace(/\s+/g, ' ').replaceAll('|', '\\|').trim();

/** One row per field; nested objects (and arrays of objects) get dotted names. */
function fieldRows(doc, schema, prefix = '', depth = 0) {
  const s = resolveRef(doc, schema);
  const rows = [];
  const required = new Set(s.required ?? []);
  for (const [name, raw] of Object.entries(s.properties ?? {})) {
    const field = resolveRef(doc, raw);
    const path = `${prefix}${name}`;
    rows.push([
      `\`${path}\``,
      typeOf(doc, field),
      required.has(name) ? 'yes' : 'no',
      cell(limitsOf(doc, field)),
      cell(field.description),
    ]);
    if (depth >= 2) continue;
    const items = field.type === 'array' ? resolveRef(doc, field.items) : undefined;
    if (field.properties) rows.push(...fieldRows(doc, field, `${path}.`, depth + 1));
    else if (items?.properties) rows.push(...fieldRows(doc, items, `${path}[].`, depth + 1));
  }
  return rows;
}

/** Rows are [field, type, required, limits, description]; empty last columns are left out. */
function fieldTable(title, rows) {
  if (rows.length === 0) return [];
  const header = ['field', 'type', 'required', 'limits', 'description'];
  let width = header.length;
  while (width > 3 && rows.every((row) => !row[width - 1])) width--;
  const line = (cells) => `| ${cells.slice(0, width).join(' | ')} |`;
  return [`${title}:`, '', line(header), line(header.map(() => '---')), ...rows.map(line), ''];
}

function parameterRows(doc, parameters, where) {
  return parameters
    .filter((p) => p.in === where)
    .map((p) => {
      const schema = resolveRef(doc, p.schema);
      return [
        `\`${p.name}\``,
        typeOf(doc, schema),
        p.required ? 'yes' : 'no',
        cell(limitsOf(doc, schema)),
        cell(p.description ?? schema.description),
      ];
    });
}

function authOf(operation) {
  const alternatives = (operation.security ?? []).flatMap((req) => Object.keys(req));
  if (alternatives.length === 0) return 'none';
  return alternatives.map((name) => AUTH[name] ?? `\`${name}\``).join(', or ');
}

function operationSection(doc, method, path, operation) {
  const lines = [`### \`${method.toUpperCase()} ${path}\``, ''];
  if (operation.summary) lines.push(operation.summary, '');
  if (operation.description) lines.push(operation.description.trim(), '');
  lines.push(`Auth: ${authOf(operation)}.`, '');
  const parameters = operation.parameters ?? [];
  lines.push(...fieldTable('Path parameters', parameterRows(doc, parameters, 'path')));
  lines.push(...fieldTable('Query', parameterRows(doc, parameters, 'query')));
  lines.push(...fieldTable('Headers', parameterRows(doc, parameters, 'header')));
  for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
    const rows = fieldRows(doc, media.schema);
    const title = `Body (\`${type}\`${operation.requestBody.required ? '' : ', optional'})`;
    if (rows.length > 0) lines.push(...fieldTable(title, rows));
    else lines.push(`${title}: ${typeOf(doc, media.schema)}.`, '');
  }
  const statuses = Object.keys(operation.responses ?? {});
  const success = statuses.filter((s) => /^[23]/.test(s));
  const errors = statuses.filter((s) => /^[45]/.test(s));
  if (success.length > 0) lines.push(`Success: ${success.join(', ')}.`, '');
  for (const status of success) {
    for (const media of Object.values(operation.responses[status].content ?? {})) {
      for (const [field, values] of enumsOf(doc, media.schema, '')) {
        lines.push(`Response \`${field}\` (${status}): ${values.map((v) => `\`${v}\``).join(', ')}.`, '');
      }
    }
  }
  if (errors.length > 0) lines.push(`Errors: ${errors.join(', ')}.`, '');
  return lines;
}

/** The enumerated fields of a response schema, as [path, values]: what a client may receive. */
function enumsOf(doc, schema, path) {
  const s = resolveRef(doc, schema ?? {});
  if (Array.isArray(s.enum)) return s.enum.length > 1 ? [[path, s.enum]] : [];
  if (s.type === 'array') return enumsOf(doc, s.items, `${path}[]`);
  const out = [];
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    out.push(...enumsOf(doc, prop, path ? `${path}.${name}` : name));
  }
  return out;
}

export function renderMarkdown(documents) {
  const lines = [
    '# API reference',
    '',
    '<!-- Generated by `npm run docs:api` from the route schemas; do not edit by hand. -->',
    '',
    'Every route of the three services, read from the OpenAPI 3.1 documents they serve',
    '(gateway: `GET /api/openapi.json`; contracts and insights: `GET /openapi.json`). The',
    'error body of each status is the envelope of its service ([errors.md](errors.md)); what',
    'each route does in detail is in the guide of its service.',
    '',
  ];
  for (const { service, doc } of documents) {
    lines.push(`## ${service.name} (${service.port})`, '');
    if (doc.info?.description) lines.push(doc.info.description.trim(), '');
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const method of METHODS) {
        if (item[method]) lines.push(...operationSection(doc, method, path, item[method]));
      }
    }
  }
  return `${lines.join('\n').replace(/\n+$/, '')}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = resolve(process.argv[2] ?? join(root, 'docs/api.md'));
  writeFileSync(out, renderMarkdown(await loadDocuments()));
  process.stdout.write(`wrote ${out}\n`);
}

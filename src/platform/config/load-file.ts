// Reads and validates the SVC_CONFIG file. `${NAME}` in any string value is replaced by
// the environment variable NAME, so that secrets stay out of the file.
import { readFileSync } from 'node:fs';
import { Value } from '@sinclair/typebox/value';
import { parse as parseYaml } from 'yaml';
import { type ConfigSections, type FileConfig, fileConfigSchema, RESERVED_MODEL_IDS } from './file.js';

type Env = Record<string, string | undefined>;

export function loadFileConfig(
  path: string | undefined,
  env: Env,
  sections: ConfigSections,
  problems: string[],
): FileConfig {
  if (path === undefined) return {};
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    problems.push(`SVC_CONFIG: cannot read "${path}" (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    return {};
  }
  let raw: unknown;
  try {
    raw = /\.ya?ml$/i.test(path) ? parseYaml(text) : JSON.parse(text);
  } catch (err) {
    problems.push(
      `SVC_CONFIG: "${path}" is not valid ${/\.ya?ml$/i.test(path) ? 'YAML' : 'JSON'}: ${(err as Error).message.split('\n')[0]}`,
    );
    return {};
  }
  if (raw === null || raw === undefined) return {};
  const value = interpolate(raw, env, '', problems);
  const before = problems.length;
  // The validator may say several things about one setting (a missing field is also "not a
  // string"): the first one, which is the most specific, is reported, once.
  const reported = new Set<string>();
  for (const e of Value.Errors(fileConfigSchema(sections), value)) {
    const path = e.path || '/';
    if (reported.has(path)) continue;
    reported.add(path);
    problems.push(`SVC_CONFIG ${path}: ${describe(e.message, e.path)}`);
  }
  if (problems.length > before) return {};
  const config = value as FileConfig;
  checkReferences(config, problems);
  const given = value as Record<string, unknown>;
  for (const [key, section] of Object.entries(sections))
    if (given[key] !== undefined) section.check?.(given[key], problems);
  return config;
}

function describe(message: string, path: string): string {
  if (message.startsWith('Unexpected property')) return `unknown setting "${path.split('/').pop()}"`;
  if (message.startsWith('Expected required property')) return 'required setting is missing';
  return message.toLowerCase();
}

function interpolate(value: unknown, env: Env, path: string, problems: string[]): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
      const v = env[name];
      if (v === undefined) problems.push(`SVC_CONFIG ${path}: environment variable ${name} is not set`);
      return v ?? '';
    });
  }
  if (Array.isArray(value)) return value.map((v, i) => interpolate(v, env, `${path}/${i}`, problems));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, interpolate(v, env, `${path}/${k}`, problems)]),
    );
  }
  return value;
}

function checkReferences(config: FileConfig, problems: string[]): void {
  const seen = new Set<string>();
  const aliasOwner = new Map<string, string>();
  const kindOf = new Map<string, string>();
  for (const [name, p] of Object.entries(config.providers ?? {})) {
    if (p.responses_api && p.type !== 'openai')
      problems.push(
        `SVC_CONFIG /providers/${name}/responses_api: only an "openai" provider speaks the Responses API`,
      );
  }
  (config.models ?? []).forEach((m, i) => {
    const provider = config.providers?.[m.provider];
    if (!provider) {
      problems.push(`SVC_CONFIG /models/${i}/provider: unknown provider "${m.provider}"`);
    }
    const kind = m.kind ?? 'chat';
    if (kind === 'embedding' && provider && provider.type !== 'openai')
      problems.push(`SVC_CONFIG /models/${i}/kind: embedding models need an "openai" provider`);
    // One id is one model: its fallback entries must all be of the same kind.
    const earlier = kindOf.get(m.id);
    if (earlier !== undefined && earlier !== kind)
      problems.push(`SVC_CONFIG /models/${i}/kind: "${m.id}" is listed earlier as a ${earlier} model`);
    kindOf.set(m.id, kind);
    if (RESERVED_MODEL_IDS.has(m.id)) problems.push(`SVC_CONFIG /models/${i}/id: "${m.id}" is reserved`);
    // The same id under several providers is one model with a fallback order; the same
    // id twice on one provider is a mistake.
    const pair = `${m.id}\u0000${m.provider}`;
    if (seen.has(pair))
      problems.push(`SVC_CONFIG /models/${i}/id: duplicate model id "${m.id}" for provider "${m.provider}"`);
    seen.add(pair);
    // An alias names one model; the same model may repeat it (one entry per provider).
    m.aliases?.forEach((alias, j) => {
      const owner = aliasOwner.get(alias);
      if (owner !== undefined && owner !== m.id)
        problems.push(`SVC_CONFIG /models/${i}/aliases/${j}: "${alias}" is already an alias of "${owner}"`);
      else aliasOwner.set(alias, m.id);
    });
  });
}

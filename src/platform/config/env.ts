// Environment variables (docs/configuration.md), validated one by one so
// that every bad setting gets its own message.

export interface EnvSettings extends BoundsEnv {
  host: string;
  ports: { gateway: number; contracts: number; insights: number };
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  configPath?: string;
  operatorToken?: string;
  workerToken?: string;
  publicOrigin: string;
  /** False when PUBLIC_ORIGIN is unset and publicOrigin is the default (origins.ts). */
  publicOriginSet: boolean;
  secret?: string;
  logLevel: string;
  /** Proxies whose X-Forwarded-For is believed (CIDRs); empty = use the socket address. */
  trustedProxies: string[];
  /** Where the contracts and insights services reach the gateway; default: this process's gateway. */
  gatewayUrl?: string;
  /** The key they use; default: the internal service key derived from SVC_SECRET. */
  gatewayApiKey?: string;
  /** Area B tokens (docs/contracts.md): signing secret (default derived from SVC_SECRET), lifetime, identity provider. */
  contracts: ContractsTokenSettings;
  /** Area C background work (INSIGHTS_*). */
  insights: InsightsEnv;
  /** SVC_BUILD: the commit to report when the build wrote none (build-info.ts). */
  build?: string;
  /** Outgoing mail (SMTP_URL, MAIL_FROM); no URL = mail not configured. */
  mail: { smtpUrl?: string; from?: string };
  /** METRICS_PORT, OTEL_*, SHUTDOWN_GRACE_SECONDS (operations.ts). */
  operations: OperationsEnv;
  /**
   * SIGNUP: whether people create their own accounts from the browser. `off` (default):
   * only invitations and the CLI make accounts; `review`: sign-up makes an account that
   * awaits release by the operator; `open`: a released account at once.
   */
  signup: Signup;
}

export const SIGNUP_MODES = ['off', 'review', 'open'] as const;
export type Signup = (typeof SIGNUP_MODES)[number];

export interface ContractsTokenSettings {
  jwtSecret?: string;
  tokenTtlSeconds: number;
  idp?: { issuer: string; audience: string; jwksUrl: string };
}

import { isCidr } from '../net.js';
import { type BoundsEnv, readBoundsEnv } from './bounds.js';
import { type InsightsEnv, readInsightsEnv } from './insights-env.js';
import { type OperationsEnv, readOperationsEnv } from './operations.js';

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function readEnv(env: Env, problems: string[]): EnvSettings {
  const get = (name: string): string | undefined => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  const port = (name: string, fallback: number): number => {
    const raw = get(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n > 65535) {
      problems.push(`${name}: expected a port number from 0 to 65535, got "${raw}"`);
      return fallback;
    }
    return n;
  };
  const url = (name: string, protocols: string[]): string | undefined => {
    const raw = get(name);
    if (raw === undefined) return undefined;
    try {
      const u = new URL(raw);
      if (!protocols.includes(u.protocol)) {
        problems.push(`${name}: expected a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);
      }
    } catch {
      // The value may hold a password: never echo it.
      problems.push(`${name}: not a valid URL`);
    }
    return raw;
  };
  const token = (name: string): string | undefined => {
    const raw = get(name);
    if (raw !== undefined && raw.length < 16) problems.push(`${name}: must be at least 16 characters long`);
    return raw;
  };

  const ports = {
    gateway: port('GATEWAY_PORT', 8080),
    contracts: port('CONTRACTS_PORT', 8081),
    insights: port('INSIGHTS_PORT', 8082),
  };
  // The default follows the gateway's port, so that a browser on that port passes the Origin
  // check and the index announces where the gateway really is (0: unknown until it listens).
  const publicOrigin = get('PUBLIC_ORIGIN') ?? `http://localhost:${ports.gateway || 8080}`;
  try {
    const u = new URL(publicOrigin);
    if (u.origin !== publicOrigin) {
      problems.push(
        `PUBLIC_ORIGIN: expected an origin such as https://app.example.com (no path, no trailing slash), got "${publicOrigin}"`,
      );
    }
  } catch {
    problems.push(`PUBLIC_ORIGIN: not a valid origin: "${publicOrigin}"`);
  }

  const secret = get('SVC_SECRET');
  if (secret !== undefined && secret.length < 32)
    problems.push('SVC_SECRET: must be at least 32 characters long');

  const logLevel = get('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(`LOG_LEVEL: expected one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);

  const trustedProxies = (get('TRUSTED_PROXIES') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const cidr of trustedProxies) {
    if (!isCidr(cidr)) problems.push(`TRUSTED_PROXIES: "${cidr}" is not an IP address or CIDR block`);
  }

  const gatewayApiKey = get('GATEWAY_API_KEY');
  if (gatewayApiKey !== undefined && !/^svck_[0-9A-Za-z]{38}$/.test(gatewayApiKey)) {
    problems.push('GATEWAY_API_KEY: expected a gateway API key (svck_…)');
  }

  const contracts = readContractsEnv(get, url, problems);

  const mailFrom = get('MAIL_FROM');
  if (mailFrom !== undefined && !/^[^\s@<>]+@[^\s@<>]+$|<[^\s@<>]+@[^\s@<>]+>$/.test(mailFrom))
    problems.push('MAIL_FROM: expected an address such as svc@example.com or "Nome <svc@example.com>"');

  const signup = (get('SIGNUP') ?? 'off') as Signup;
  if (!SIGNUP_MODES.includes(signup))
    problems.push(`SIGNUP: expected one of ${SIGNUP_MODES.join(', ')}, got "${signup}"`);

  return {
    ...readBoundsEnv(get, problems),
    signup,
    contracts,
    insights: readInsightsEnv(get, problems),
    operations: readOperationsEnv(get, problems),
    build: get('SVC_BUILD'),
    gatewayUrl: url('GATEWAY_URL', ['http:', 'https:'])?.replace(/\/+$/, ''),
    gatewayApiKey,
    trustedProxies,
    host: get('HOST') ?? '127.0.0.1',
    ports,
    dataDir: get('SVC_DATA_DIR') ?? './data',
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    configPath: get('SVC_CONFIG'),
    operatorToken: token('OPERATOR_TOKEN'),
    workerToken: token('WORKER_TOKEN'),
    publicOrigin,
    publicOriginSet: get('PUBLIC_ORIGIN') !== undefined,
    secret,
    logLevel,
    mail: { smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']), from: mailFrom },
  };
}

// Area B token settings. The identity provider needs its three settings together: a JWKS
// without an issuer and audience to check would accept any token that key ever signed.
function readContractsEnv(
  get: (name: string) => string | undefined,
  url: (name: string, protocols: string[]) => string | undefined,
  problems: string[],
): ContractsTokenSettings {
  const jwtSecret = get('CONTRACTS_JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32)
    problems.push('CONTRACTS_JWT_SECRET: must be at least 32 characters long');
  const ttlRaw = get('CONTRACTS_TOKEN_TTL') ?? '3600';
  const tokenTtlSeconds = Number(ttlRaw);
  if (!/^\d+$/.test(ttlRaw) || tokenTtlSeconds < 60 || tokenTtlSeconds > 30 * 86400)
    problems.push(`CONTRACTS_TOKEN_TTL: expected seconds from 60 to 2592000, got "${ttlRaw}"`);
  const issuer = get('CONTRACTS_IDP_ISSUER');
  const audience = get('CONTRACTS_IDP_AUDIENCE');
  const jwksUrl = url('CONTRACTS_IDP_JWKS_URL', ['http:', 'https:']);
  const set = [issuer, audience, jwksUrl].filter((v) => v !== undefined).length;
  if (set > 0 && set < 3)
    problems.push(
      'CONTRACTS_IDP_ISSUER, CONTRACTS_IDP_AUDIENCE, CONTRACTS_IDP_JWKS_URL: set all three or none',
    );
  const idp = issuer && audience && jwksUrl ? { issuer, audience, jwksUrl } : undefined;
  return { jwtSecret, tokenTtlSeconds, idp };
}

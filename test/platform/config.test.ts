import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import { CONFIG_SECTIONS, ConfigError, loadConfig } from '../../src/config.js';
import { loadConfig as loadWithSections } from '../../src/platform/config/index.js';
import { spawnSvc } from '../helpers/process.js';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    assert.ok(err instanceof ConfigError);
    return err.problems;
  }
  assert.fail('expected a ConfigError');
}

function configFile(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'svc-config-')), name);
  writeFileSync(path, text);
  return path;
}

const validFile = {
  providers: { openai: { type: 'openai', base_url: 'https://api.openai.com/v1', api_key: '${OPENAI_KEY}' } },
  models: [
    {
      id: 'svc/gpt',
      provider: 'openai',
      upstream_model: 'gpt-4o-mini',
      display_name: 'GPT',
      context_window: 128000,
      description: 'x',
    },
  ],
};

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    assert.equal(c.host, '127.0.0.1');
    assert.deepEqual(c.ports, { gateway: 8080, contracts: 8081, insights: 8082 });
    assert.equal(c.dataDir, './data');
    assert.equal(c.publicOrigin, 'http://localhost:8080');
    assert.equal(c.databaseUrl, undefined);
    assert.deepEqual(c.file, {});
  });

  it('gives each bad environment setting its own message naming it', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ GATEWAY_PORT: 'eighty' }, /^GATEWAY_PORT: expected a port/],
      [{ CONTRACTS_PORT: '70000' }, /^CONTRACTS_PORT: expected a port/],
      [{ INSIGHTS_PORT: '-1' }, /^INSIGHTS_PORT: expected a port/],
      [{ DATABASE_URL: 'mysql://x/y' }, /^DATABASE_URL: expected a URL starting with postgres:/],
      [{ DATABASE_URL: 'not a url' }, /^DATABASE_URL: not a valid URL$/],
      [{ REDIS_URL: 'http://x' }, /^REDIS_URL: expected a URL starting with redis:/],
      [{ PUBLIC_ORIGIN: 'https://app.example.com/path' }, /^PUBLIC_ORIGIN: expected an origin/],
      [{ SVC_SECRET: 'short' }, /^SVC_SECRET: must be at least 32/],
      [{ OPERATOR_TOKEN: 'abc' }, /^OPERATOR_TOKEN: must be at least 16/],
      [{ WORKER_TOKEN: 'abc' }, /^WORKER_TOKEN: must be at least 16/],
      [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL: expected one of/],
      [{ TRUSTED_PROXIES: '10.0.0.0/8, 10.0.0.1/33' }, /^TRUSTED_PROXIES: "10.0.0.1\/33" is not/],
      [{ SVC_CONFIG: '/nonexistent/svc.json' }, /^SVC_CONFIG: cannot read/],
      [{ CONTRACTS_JWT_SECRET: 'short' }, /^CONTRACTS_JWT_SECRET: must be at least 32/],
      [{ CONTRACTS_TOKEN_TTL: '10' }, /^CONTRACTS_TOKEN_TTL: expected seconds/],
      [{ CONTRACTS_IDP_ISSUER: 'https://idp.example.com' }, /^CONTRACTS_IDP_ISSUER, .*set all three/],
      [
        { CONTRACTS_IDP_JWKS_URL: 'ftp://x', CONTRACTS_IDP_ISSUER: 'i', CONTRACTS_IDP_AUDIENCE: 'a' },
        /^CONTRACTS_IDP_JWKS_URL: expected a URL/,
      ],
    ];
    for (const [env, pattern] of cases) {
      const found = problems(env);
      assert.equal(found.length, 1, `${JSON.stringify(env)} → ${found.join('; ')}`);
      assert.match(found[0]!, pattern);
    }
  });

  it('never echoes a database URL, which may hold a password', () => {
    const found = problems({ DATABASE_URL: 'postgres//user:hunter2@host' });
    assert.ok(!found.join('').includes('hunter2'));
  });

  it('lists every problem at once', () => {
    assert.equal(problems({ GATEWAY_PORT: 'x', SVC_SECRET: 'y', LOG_LEVEL: 'z' }).length, 3);
  });

  it('reads JSON and YAML config files, with ${VAR} from the environment', () => {
    const json = configFile('svc.json', JSON.stringify(validFile));
    const c = loadConfig({ SVC_CONFIG: json, OPENAI_KEY: 'sk-test' });
    assert.equal(c.file.providers?.openai?.api_key, 'sk-test');
    assert.equal(c.file.models?.[0]?.id, 'svc/gpt');
    const yaml = configFile(
      'svc.yaml',
      'providers:\n  local:\n    type: openai\n    base_url: http://127.0.0.1:11434/v1\nmodels:\n  - id: svc/local\n    provider: local\n    upstream_model: llama3\n    display_name: Local\n    context_window: 8192\n    description: local\n',
    );
    assert.equal(loadConfig({ SVC_CONFIG: yaml }).file.models?.[0]?.upstream_model, 'llama3');
  });

  it('names the bad setting inside the config file', () => {
    const cases: [unknown, RegExp][] = [
      [{ ...validFile, extra: 1 }, /unknown setting "extra"/],
      [{ providers: { p: { type: 'gemini', base_url: 'https://x' } } }, /\/providers\/p\/type/],
      [{ providers: { p: { type: 'openai', base_url: 'ftp://x' } } }, /\/providers\/p\/base_url/],
      [
        { ...validFile, models: [{ ...validFile.models[0], context_window: 'big' }] },
        /\/models\/0\/context_window/,
      ],
      [{ ...validFile, models: [{ ...validFile.models[0], id: 'gpt' }] }, /\/models\/0\/id/],
      [
        { ...validFile, models: [{ ...validFile.models[0], provider: 'nope' }] },
        /\/models\/0\/provider: unknown provider "nope"/,
      ],
      [
        { ...validFile, models: [{ ...validFile.models[0], id: 'svc/eco' }] },
        /\/models\/0\/id: "svc\/eco" is reserved/,
      ],
      [{ ...validFile, models: [validFile.models[0], validFile.models[0]] }, /\/models\/1\/id: duplicate/],
      [
        { ...validFile, models: [{ ...validFile.models[0], auto: { tier: 4, code: true } }] },
        /\/models\/0\/auto\/tier/,
      ],
      [
        { ...validFile, limits: { requests_per_minute: 0, monthly_quota: 1000 } },
        /\/limits\/requests_per_minute/,
      ],
      [
        // Asaas without a rate of its own nor the Pix one: packages would cost R$ 0,00.
        {
          ...validFile,
          payments: {
            mode: 'live',
            asaas: {
              base_url: 'https://sandbox.asaas.com/api/v3',
              api_key: 'k',
              webhook_token: 'w'.repeat(24),
            },
          },
        },
        /\/payments\/asaas\/brl_por_usd: required/,
      ],
    ];
    for (const [file, pattern] of cases) {
      const found = problems({ SVC_CONFIG: configFile('svc.json', JSON.stringify(file)), OPENAI_KEY: 'k' });
      assert.ok(
        found.some((p) => pattern.test(p)),
        `${pattern} not in ${found.join('; ')}`,
      );
    }
    assert.match(problems({ SVC_CONFIG: configFile('svc.json', '{"providers": ') })[0]!, /is not valid JSON/);
    assert.match(problems({ SVC_CONFIG: configFile('svc.yaml', 'a: [') })[0]!, /is not valid YAML/);
    assert.match(
      problems({ SVC_CONFIG: configFile('svc.json', JSON.stringify(validFile)) })[0]!,
      /OPENAI_KEY is not set/,
    );
  });

  it('takes the sections other modules own from its caller, and runs their checks on a valid file', () => {
    const env = { SVC_CONFIG: configFile('svc.json', JSON.stringify({ workers: { max_attempts: 3 } })) };
    const refused = (sections: Parameters<typeof loadWithSections>[0]): string[] => {
      try {
        loadWithSections(sections, env);
        return [];
      } catch (err) {
        assert.ok(err instanceof ConfigError);
        return err.problems;
      }
    };
    assert.deepEqual(refused({}), ['SVC_CONFIG /workers: unknown setting "workers"']);
    assert.deepEqual(refused(CONFIG_SECTIONS), []);
    assert.deepEqual(loadWithSections(CONFIG_SECTIONS, env).file, { workers: { max_attempts: 3 } });
    const checked = {
      workers: {
        schema: Type.Object({ max_attempts: Type.Integer() }),
        check: (value: { max_attempts: number }, found: string[]) =>
          found.push(`SVC_CONFIG /workers: checked ${value.max_attempts}`),
      },
    };
    assert.deepEqual(refused(checked), ['SVC_CONFIG /workers: checked 3']);
  });

  it('makes `svc serve` exit non-zero with the clear message and no stack trace', async () => {
    const child = spawnSvc(['serve'], {
      GATEWAY_PORT: 'nope',
      SVC_DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-')),
    });
    const code = await child.exit();
    assert.equal(code, 1);
    const err = child.stderr.join('');
    assert.match(err, /GATEWAY_PORT: expected a port number/);
    assert.ok(!err.includes('    at '), err);
  });
});

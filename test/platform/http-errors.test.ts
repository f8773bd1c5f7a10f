// Every error path of the shared HTTP platform: status, code and envelope shape.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import { createLogger } from '../../src/platform/logger.js';
import { gatewayEnvelope } from '../../src/gateway/app.js';
import { createApp } from '../../src/platform/http/app.js';
import { ApiError, type EnvelopeKind } from '../../src/platform/http/errors.js';
import { LogCapture } from '../helpers/context.js';

function testApp(envelopeFor: (path: string) => EnvelopeKind = gatewayEnvelope) {
  const logs = new LogCapture();
  const app = createApp({ logger: createLogger('info', undefined, logs), envelopeFor, bodyLimit: 1024 });
  const Body = Type.Object({ name: Type.String({ maxLength: 10 }), age: Type.Optional(Type.Integer()) });
  for (const prefix of ['/api', '/v1', '/v1/messages']) {
    app.post(`${prefix}/echo`, { config: { auth: 'none' }, schema: { body: Body } }, async (req) => req.body);
  }
  app.get('/api/boom', { config: { auth: 'none' } }, async () => {
    throw new Error('db exploded near joao.silva@example.com 529.982.247-25');
  });
  app.get('/api/teapot', { config: { auth: 'none' } }, async () => {
    throw new ApiError(409, 'key_limit_reached', 'Limite de chaves atingido.');
  });
  return { app, logs };
}

const json = { 'content-type': 'application/json' };

/**
 * The log lines without the values generated per line (time, pid, request id, duration):
 * their random digits would match a fragment of a seeded number ("982") by chance.
 */
function loggedContent(logs: LogCapture): string {
  return logs.lines
    .map((l) => {
      const { time, pid, reqId, ms, ...rest } = JSON.parse(l) as Record<string, unknown>;
      return JSON.stringify(rest);
    })
    .join('\n');
}

describe('platform error envelope', () => {
  it('answers malformed JSON with 400 invalid_json', async () => {
    const { app } = testApp();
    const res = await app.inject({ method: 'POST', url: '/api/echo', headers: json, payload: '{"name": ' });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().error, 'invalid_json');
    assert.match(res.json().message, /JSON/);
  });

  it('answers an empty JSON body with 400 invalid_json', async () => {
    const { app } = testApp();
    const res = await app.inject({ method: 'POST', url: '/api/echo', headers: json, payload: '' });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().error, 'invalid_json');
  });

  it('answers a wrong content type with 415', async () => {
    const { app } = testApp();
    for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/echo',
        headers: { 'content-type': type },
        payload: 'name=x',
      });
      assert.equal(res.statusCode, 415, type);
      assert.equal(res.json().error, 'unsupported_media_type');
    }
  });

  it('answers an oversized body with 413', async () => {
    const { app } = testApp();
    const payload = JSON.stringify({ name: 'x'.repeat(2000) });
    const res = await app.inject({ method: 'POST', url: '/api/echo', headers: json, payload });
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().error, 'payload_too_large');
  });

  it('answers schema violations with 400 invalid_request naming the field, not its value', async () => {
    const { app } = testApp();
    const cases: [unknown, string][] = [
      [{}, 'name'],
      [{ name: 42 }, 'name'],
      [{ name: 'ok', age: 'x' }, 'age'],
      [{ name: 'a-very-long-name' }, 'name'],
      [[1, 2], 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/echo',
        headers: json,
        payload: JSON.stringify(body),
      });
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.equal(res.json().error, 'invalid_request');
      assert.equal(res.json().code, field);
      assert.ok(!res.body.includes('a-very-long-name'));
    }
  });

  it('answers unknown routes with 404 and wrong methods with 405 and Allow', async () => {
    const { app } = testApp();
    const missing = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    assert.equal(missing.statusCode, 404);
    assert.deepEqual(missing.json(), { error: 'not_found', message: 'Rota não encontrada.' });
    const wrong = await app.inject({ method: 'DELETE', url: '/api/echo' });
    assert.equal(wrong.statusCode, 405);
    assert.equal(wrong.json().error, 'method_not_allowed');
    assert.equal(wrong.headers.allow, 'POST');
  });

  it('hides internal failures: 500 internal_error, no stack, no message, nothing personal', async () => {
    const { app, logs } = testApp();
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    assert.equal(res.statusCode, 500);
    assert.deepEqual(Object.keys(res.json()).sort(), ['error', 'message']);
    assert.equal(res.json().error, 'internal_error');
    for (const leak of ['exploded', 'joao', '529', 'at ', 'Error']) assert.ok(!res.body.includes(leak), leak);
    // The log keeps the error class and a scrubbed message, never the values or a stack.
    assert.match(logs.text, /request failed/);
    const logged = loggedContent(logs);
    for (const leak of ['joao.silva', '982', '"stack"', 'at testApp'])
      assert.ok(!logged.includes(leak), leak);
  });

  it('shapes errors per path: /api, /v1 (chat-completions) and /v1/messages (vendor messages)', async () => {
    const { app } = testApp();
    const bad = { method: 'POST' as const, headers: json, payload: '{' };
    const api = await app.inject({ ...bad, url: '/api/echo' });
    assert.deepEqual(Object.keys(api.json()).sort(), ['error', 'message']);
    const openai = await app.inject({ ...bad, url: '/v1/echo' });
    assert.deepEqual(openai.json().error.type, 'invalid_request_error');
    assert.equal(openai.json().error.code, 'invalid_json');
    assert.ok('param' in openai.json().error);
    const anthropic = await app.inject({ ...bad, url: '/v1/messages/echo' });
    assert.equal(anthropic.json().type, 'error');
    assert.equal(anthropic.json().error.type, 'invalid_request_error');
    assert.equal(typeof anthropic.json().error.message, 'string');
  });

  it('shapes errors of the contracts ({message, error}) and insights ({error}) services', async () => {
    const contracts = testApp(() => 'contracts').app;
    const c = await contracts.inject({ method: 'GET', url: '/api/teapot' });
    // The contracts code space is upper case: the contracts envelope upper-cases every code.
    assert.deepEqual(c.json(), { message: 'Limite de chaves atingido.', error: 'KEY_LIMIT_REACHED' });
    const insights = testApp(() => 'insights').app;
    const i = await insights.inject({ method: 'GET', url: '/nope' });
    assert.equal(i.statusCode, 404);
    assert.equal(i.json().error, 'not_found');
  });
});

describe('platform request handling', () => {
  it('echoes a valid X-Request-Id and replaces an unsafe one', async () => {
    const { app } = testApp();
    const given = await app.inject({
      method: 'GET',
      url: '/api/teapot',
      headers: { 'x-request-id': 'abc-123' },
    });
    assert.equal(given.headers['x-request-id'], 'abc-123');
    const unsafe = await app.inject({
      method: 'GET',
      url: '/api/teapot',
      headers: { 'x-request-id': 'a b\n{"x":1}' },
    });
    assert.match(String(unsafe.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    const none = await app.inject({ method: 'GET', url: '/api/teapot' });
    assert.match(String(none.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });

  it('sends security headers on every answer, errors included', async () => {
    const { app } = testApp();
    for (const url of ['/api/teapot', '/nope']) {
      const res = await app.inject({ method: 'GET', url });
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['x-frame-options'], 'DENY');
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.match(String(res.headers['content-security-policy']), /default-src 'none'/);
    }
  });

  it('writes one access-log line per request without body, query string or credentials', async () => {
    const { app, logs } = testApp();
    await app.inject({
      method: 'POST',
      url: '/api/echo?token=s3cr3t-token&client_id=abc',
      headers: { ...json, authorization: 'Bearer svck_secretvalue', cookie: '__Host-svc-auth=cookievalue' },
      payload: JSON.stringify({ name: 'Maria' }),
    });
    const lines = logs.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const access = lines.filter((l) => l.msg === 'request');
    assert.equal(access.length, 1);
    assert.equal(access[0]!.route, '/api/echo');
    assert.equal(access[0]!.status, 200);
    for (const leak of ['Maria', 's3cr3t', 'svck_secret', 'cookievalue', 'client_id']) {
      assert.ok(!logs.text.includes(leak), leak);
    }
  });

  it('keeps access lines valid JSON whatever request id, method or path the caller sends', async () => {
    const { app, logs } = testApp();
    const forged = 'x","level":"fatal","reqId":"y\\\\';
    await app.inject({ method: 'GET', url: '/api/teapot', headers: { 'x-request-id': forged } });
    await app.inject({
      method: 'DELETE',
      url: '/nope/"quoted"?q="1"',
      headers: { 'x-request-id': 'ok-id_1.2:3' },
    });
    await app.inject({ method: 'GET', url: '/api/teapot', headers: { 'x-request-id': 'ok-id_1.2:3' } });
    const access = logs.lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'request');
    assert.equal(access.length, 3);
    assert.match(String(access[0]!.reqId), /^[0-9a-f-]{36}$/); // the forged id was replaced
    assert.equal(access[0]!.level, 'info');
    assert.equal(access[0]!.route, '/api/teapot');
    assert.deepEqual(
      {
        reqId: access[1]!.reqId,
        method: access[1]!.method,
        route: access[1]!.route,
        status: access[1]!.status,
      },
      { reqId: 'ok-id_1.2:3', method: 'DELETE', route: null, status: 404 },
    );
    assert.equal(access[2]!.route, '/api/teapot'); // the remembered escaping gives the same line
    assert.ok(!logs.text.includes('quoted'));
  });
});

// What a tenant's configuration and a webhook's content may not do: an allowlist left out
// admits nobody, an id of `..` never reaches a platform path, and a platform URL on a
// loopback, private or link-local address is refused unless the operator allowed it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { isPublicAddress, PrivateTargetError } from '../../src/insights/crm/address-guard.js';
import { createPlatformClient } from '../../src/insights/crm/client.js';
import { createTenant } from '../../src/insights/tenants/store.js';
import { harness, type Harness, ingestJobs, personalTranscript, TOKEN, waitUntil } from './helpers.js';

describe('insights tenant allowlist', () => {
  it('a tenant created without an allowlist admits no address; "any" must be explicit', async () => {
    const h = await harness({ background: false, tenant: { allowedCidrs: [] } });
    try {
      const body = { eventType: 'SESSION_COMPLETE', content: { id: 's-1' } };
      const send = (url: string) =>
        h.app.inject({ method: 'POST', url, payload: body, remoteAddress: '203.0.113.7' });
      const denied = await send(h.url('/webhooks/partner-crm'));
      assert.equal(denied.statusCode, 401);
      assert.match(h.ctx.logs.text, /"reason":"ip_not_allowed"/);
      await createTenant(h.ctx, { clientId: 'open', token: TOKEN, allowedCidrs: ['any'] });
      assert.equal((await send(`/webhooks/partner-crm?client_id=open&token=${TOKEN}`)).statusCode, 202);
    } finally {
      await h.dispose();
    }
  });
});

describe('insights ids that are not ids', () => {
  let h: Harness;
  before(async () => {
    h = await harness({ background: false });
  });
  after(() => h.dispose());

  const post = (route: string, content: object, eventType = 'SESSION_COMPLETE') =>
    h.app.inject({ method: 'POST', url: h.url(route), payload: { eventType, content } });

  it('partner-crm: 400 invalid_session_id for "..", slashes and the like; nothing queued', async () => {
    for (const id of ['..', '.', '../admin', 'a/b', '%2e%2e', 'x y', '-x', 'a'.repeat(201)]) {
      const r = await post('/webhooks/partner-crm', { id });
      assert.equal(r.statusCode, 400, id);
      assert.equal(r.json().error, 'invalid_session_id', id);
    }
    assert.equal((await ingestJobs(h, '..')).length, 0);
    for (const id of ['abc-123', 'conv_1.2', 'AbC:9@x', 42]) {
      assert.equal((await post('/webhooks/partner-crm', { id })).statusCode, 202, String(id));
    }
  });

  it('update-contact: 400 invalid_contact_id for a contact id that is not an id', async () => {
    for (const content of [{ contactId: '..', tags: ['lead-quente'] }, { contact: { id: 'a/../b' } }]) {
      const r = await post('/webhooks/update-contact', content, 'CONTACT_UPDATE');
      assert.equal(r.statusCode, 400);
      assert.equal(r.json().error, 'invalid_contact_id');
    }
  });

  it('the platform client never sends a "." or ".." path segment', async () => {
    const client = createPlatformClient({
      baseUrl: h.platform.url,
      token: h.platform.token,
      timeoutMs: 5_000,
      allowPrivate: true,
    });
    const before = h.platform.requests.length;
    for (const id of ['..', '.']) {
      await assert.rejects(client.transcript(id), { code: 'invalid_path_segment' });
      await assert.rejects(client.removeTag(id, 'lead-quente'), { code: 'invalid_path_segment' });
      await assert.rejects(client.removeTag('c-1', id), { code: 'invalid_path_segment' });
    }
    assert.equal(h.platform.requests.length, before);
  });
});

describe('insights platform URL', () => {
  it('tells public addresses from loopback, private, link-local and metadata ones', () => {
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])
      assert.equal(isPublicAddress(a), true, a);
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::169.254.169.254',
      'not-an-address',
    ])
      assert.equal(isPublicAddress(a), false, a);
  });

  let h: Harness;
  before(async () => {
    h = await harness();
  });
  after(() => h.dispose());

  it('refuses a private target at creation unless the operator allowed it', async () => {
    for (const url of [
      'http://169.254.169.254/latest',
      'http://127.0.0.1:9',
      'http://[::1]:9',
      'http://10.0.0.8',
      'http://localhost:9',
    ]) {
      await assert.rejects(
        createTenant(h.ctx, {
          clientId: `t-${url.length}-${Math.random()}`,
          platformUrl: url,
          platformToken: 'x',
        }),
        PrivateTargetError,
        url,
      );
    }
    const ok = await createTenant(h.ctx, {
      clientId: 'public-platform',
      platformUrl: 'https://93.184.216.34/api',
      platformToken: 'x',
    });
    assert.equal(ok.tenant.privatePlatformAllowed, false);
  });

  it('checks again on every call: names resolving to loopback and stored private URLs are refused', async () => {
    const port = new URL(h.platform.url).port;
    const byName = createPlatformClient({
      baseUrl: `http://localhost:${port}`,
      token: 't',
      timeoutMs: 5_000,
    });
    const before = h.platform.requests.length;
    await assert.rejects(byName.transcript('s-1'), { code: 'platform_private_address' });
    const literal = createPlatformClient({ baseUrl: h.platform.url, token: 't', timeoutMs: 5_000 });
    await assert.rejects(literal.transcript('s-1'), { code: 'platform_private_address' });
    assert.equal(h.platform.requests.length, before, 'no request reached the private address');

    // A tenant stored before the rule (or edited by hand): its job fails for good, nothing is fetched.
    await sql`UPDATE insight_tenants SET platform_private_ok = 0`.execute(h.ctx.db.kysely);
    h.platform.sessions.set('s-private', personalTranscript());
    const r = await h.app.inject({
      method: 'POST',
      url: h.url('/webhooks/partner-crm'),
      payload: { eventType: 'SESSION_COMPLETE', content: { id: 's-private' } },
    });
    assert.equal(r.statusCode, 202);
    await waitUntil(async () => (await ingestJobs(h, 's-private'))[0]?.status === 'failed');
    const [job] = await ingestJobs(h, 's-private');
    assert.equal(job!.last_error, 'platform_private_address');
    assert.equal(job!.attempts, 1);
    assert.equal(h.platform.transcriptFetches('s-private'), 0);
  });
});

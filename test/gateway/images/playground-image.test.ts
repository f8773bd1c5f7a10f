// The console's image preview on the session: an image redacted as a model request would
// have it, in the chosen organisation's settings, whatever its `images` setting (the
// answer says which applies); the findings in X-SVC-Privacy and the audit record, never a value.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { createAccount } from '../../../src/gateway/accounts/store.js';
import { createOrganization, setMember, updateOrganization } from '../../../src/gateway/orgs/store.js';
import { OcrPool } from '../../../src/documents/index.js';
import { testGateway } from '../../helpers/gateway.js';
import { Browser, ORIGIN, PASSWORD } from '../accounts/helpers.js';
import { DECOYS, dataUri, formImage, PERSON, PERSONAL_WORDS, readable } from './fixtures.js';

describe('playground: an image before and after redaction', () => {
  let gw: Awaited<ReturnType<typeof testGateway>>;
  let browser: Browser;
  let refusing: string;
  let blocking: string;
  const ocr = new OcrPool({ size: 1 });

  before(async () => {
    gw = await testGateway({ PUBLIC_ORIGIN: ORIGIN });
    const db = gw.ctx.db.kysely;
    const account = await createAccount(db, { email: 'imagens@example.com', password: PASSWORD });
    refusing = (await createOrganization(db, 'Recusa')).id;
    blocking = (await createOrganization(db, 'Bloqueia')).id;
    await updateOrganization(db, blocking, { privacy_policy: 'block', images: 'redact' });
    await setMember(db, refusing, account.id, 'member');
    await setMember(db, blocking, account.id, 'member');
    browser = new Browser(gw.app);
    assert.equal((await browser.login(account.email)).status, 200);
  });
  after(async () => {
    await ocr.close();
    await gw?.dispose();
  });

  it('answers the redacted image, the findings, and that the organisation refuses images', async () => {
    const res = await browser.post('/api/account/playground/image', {
      organizationId: refusing,
      image: dataUri(formImage('png')),
    });
    assert.equal(res.status, 200, res.body);
    assert.equal(res.json.images, 'refuse');
    assert.equal(res.json.blocked, false);
    const categories = (res.json.findings as { category: string }[]).map((f) => f.category);
    for (const c of ['cpf', 'email', 'telefone', 'nome']) assert.ok(categories.includes(c), c);
    assert.match(String(res.headers['x-svc-privacy']), /cpf=1/);
    const url = String(res.json.image);
    assert.match(url, /^data:image\/png;base64,/);
    const png = Buffer.from(url.split(',')[1]!, 'base64');
    const { text } = await ocr.recognize(
      await sharp(png).greyscale().resize({ width: 1520 }).png().toBuffer(),
    );
    for (const w of PERSONAL_WORDS) assert.ok(!readable(text, w), 'a personal word is readable');
    for (const w of DECOYS) assert.ok(readable(text, w), w);
    const audit = await gw.ctx.db.kysely.selectFrom('audit_records').selectAll().execute();
    assert.equal(audit.length, 1);
    for (const v of [PERSON.cpf, PERSON.email, PERSON.name]) {
      assert.ok(!JSON.stringify(audit).includes(v));
      assert.ok(!gw.ctx.logs.text.includes(v));
    }
  });

  it('under block it says a request would be refused; bad input gets its error; an outsider none', async () => {
    const blocked = await browser.post('/api/account/playground/image', {
      organizationId: blocking,
      image: formImage('jpeg').toString('base64'),
    });
    assert.equal(blocked.status, 200, blocked.body);
    assert.equal(blocked.json.blocked, true);
    assert.equal(blocked.json.images, 'redact');
    const notImage = await browser.post('/api/account/playground/image', {
      organizationId: null,
      image: Buffer.from('texto qualquer').toString('base64'),
    });
    assert.equal(notImage.status, 400);
    assert.equal(notImage.json.error, 'invalid_file');
    const foreign = await browser.post('/api/account/playground/image', {
      organizationId: 'org_alheia',
      image: dataUri(formImage('png')),
    });
    assert.equal(foreign.status, 403);
  });
});

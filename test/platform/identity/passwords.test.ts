// An unknown e-mail and a wrong password must cost the same: both run one Argon2id
// verification against a real hash with the same parameters. Counted, not timed, so that a
// busy machine cannot make the test pass or fail.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { verify } from '@node-rs/argon2';
import { hashPassword, verifyPassword } from '../../../src/platform/identity/passwords.js';

function counting() {
  const hashes: string[] = [];
  const check = (hash: string, password: string) => {
    hashes.push(hash);
    return verify(hash, password);
  };
  return { hashes, check };
}

describe('verifyPassword', () => {
  it('runs one real Argon2id verification for an unknown user, as for a known one', async () => {
    const stored = await hashPassword('uma-senha-longa-certa');
    const known = counting();
    assert.equal(await verifyPassword(stored, 'senha-errada-longa', known.check), false);
    const unknown = counting();
    assert.equal(await verifyPassword(undefined, 'senha-errada-longa', unknown.check), false);
    assert.equal(known.hashes.length, 1);
    assert.equal(unknown.hashes.length, 1);
    // Same algorithm and cost parameters: the PHC prefix up to the salt is identical.
    const params = (h: string) => h.split('$').slice(0, 4).join('$');
    assert.match(unknown.hashes[0]!, /^\$argon2id\$/);
    assert.equal(params(unknown.hashes[0]!), params(known.hashes[0]!));
  });

  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('uma-senha-longa-certa');
    assert.equal(await verifyPassword(stored, 'uma-senha-longa-certa'), true);
    assert.equal(await verifyPassword(stored, 'outra-senha-longa'), false);
    assert.equal(await verifyPassword('not a hash', 'uma-senha-longa-certa'), false);
  });
});

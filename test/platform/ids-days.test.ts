// Ids from the pooled random bytes, and UTC days from the one-day memo: the same answers as
// computing each afresh.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { utcDay } from '../../src/platform/days.js';
import { newId } from '../../src/platform/ids.js';

describe('newId', () => {
  it('gives the prefix and 12 random bytes in base64url, never the same twice across pool refills', () => {
    const ids = Array.from({ length: 2_000 }, () => newId('call'));
    for (const id of ids) assert.match(id, /^call_[A-Za-z0-9_-]{16}$/);
    assert.equal(new Set(ids).size, ids.length);
  });
});

describe('utcDay', () => {
  const fresh = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  it('answers as toISOString does, at the edges of days and when the day asked for changes', () => {
    const start = Date.UTC(2026, 10, 29);
    const DAY = 86_400_000;
    const times = [start, start - 1, start + DAY - 1, start + DAY, start, -1, 0, -DAY, start + 12_345];
    for (let i = 0; i < 200; i++) times.push(Math.floor(Math.random() * 4e12) - 1e12);
    for (const ms of times) assert.equal(utcDay(ms), fresh(ms), String(ms));
  });
  it('still refuses a time that is not one', () => {
    assert.throws(() => utcDay(Number.NaN), RangeError);
  });
});

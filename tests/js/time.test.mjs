import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { createServerClock, createTicker } from '../../static/js/room/time.js';
import { createChanged } from '../../static/js/room/changed.js';

test("the server's time: learnt from a snapshot, and from a bank that starts in a diff", () => {
  let local = 1000;
  const clock = createServerClock(() => local);
  assert.equal(clock.now(), 1000, 'nothing learnt yet: this computer\'s');
  clock.snapshot(990);
  local = 1005;
  assert.equal(clock.now(), 995, 'this computer is 10 s ahead');
  clock.diff({ clock: { since: 900 } }, { clock: { since: 1003 } });
  assert.equal(clock.now(), 1003, 'the bank started when the diff was sent');
  clock.diff({ clock: { since: 1003 } }, { clock: { since: 1003 } });
  clock.snapshot(undefined);
  assert.equal(clock.now(), 1003, 'nothing new: the skew stays');
});

test('the ticker runs once while told to, and stops', () => {
  const running = new Set();
  let id = 0;
  const keep = createTicker(() => {}, { setInterval: (fn, ms) => running.add(`${++id}@${ms}`) && `${id}@${ms}`, clearInterval: (t) => running.delete(t) });
  keep(true);
  keep(true);
  assert.deepEqual([...running], ['1@1000']);
  keep(false);
  assert.equal(running.size, 0);
});

test('a part is drawn again only when what it shows changed identity', () => {
  const changed = createChanged();
  const game = { turn: 1 };
  assert.equal(changed('log', game, 1), true);
  assert.equal(changed('log', game, 1), false);
  assert.equal(changed('banner', game, 1), true, 'each part remembers for itself');
  assert.equal(changed('log', { turn: 1 }, 1), true, 'an equal copy is a change: diffs copy what they touch');
});

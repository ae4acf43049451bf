import test from 'node:test';
import assert from 'node:assert/strict';
import { keepsFollowing, createFollowing, END_PX, isBonusTurn } from '../../static/js/ui/log.js';

// issue 20 item 4: the log kept up only within 24 px of its end, and each turn's lines, laid out
// taller than their estimate, left it further behind: at turn 61 it still showed turns 1-6
test('the log follows unless the reader scrolls up, and again once back at the end', () => {
  const f = createFollowing();
  f.top = 400; // where the list put itself, at its end then
  // its lines grew under it by 70 px: still following
  assert.equal(keepsFollowing(f, { scrollTop: 400, scrollHeight: 770, clientHeight: 300 }), true);
  // the reader scrolls up
  f.on = keepsFollowing(f, { scrollTop: 250, scrollHeight: 770, clientHeight: 300 });
  assert.equal(f.on, false);
  assert.equal(keepsFollowing(f, { scrollTop: 420, scrollHeight: 770, clientHeight: 300 }), false, 'not yet at the end');
  assert.equal(keepsFollowing(f, { scrollTop: 470 - END_PX + 1, scrollHeight: 770, clientHeight: 300 }), true, 'at the end');
});

test("a builder's bonus tile is the one its player places right after their own, discards aside", () => {
  const turns = [{ player: 0 }, { player: 1 }, { player: 1 }, { player: 0, discarded: 'A' }, { player: 0 }, { player: 1 },
    { player: 1, discarded: 'B' }, { player: 1 }];
  assert.deepEqual(turns.map((_, i) => isBonusTurn(turns, i)), [false, false, true, false, false, false, false, true]);
});

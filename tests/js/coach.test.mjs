import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { coachDefault, briefingLines } from '../../static/js/ui/coach.js';

test("the first-turn coach is on in a player's first game in this browser, unless switched", () => {
  assert.equal(coachDefault([], 'abcd/1', null), true, 'no game yet: the first');
  assert.equal(coachDefault(['abcd/1'], 'abcd/1', null), true, 'still the first game, after a reload');
  assert.equal(coachDefault(['abcd/1'], 'abcd/2', null), false, 'the rematch is a second game');
  assert.equal(coachDefault(['abcd/1'], 'abcd/2', 'on'), true, 'switched on, it stays on');
  assert.equal(coachDefault([], 'abcd/1', 'off'), false, 'switched off, it stays off');
});

test("the briefing matches the room's options", () => {
  const base = { tileset: 'winter', farmers: true, abbot: false, river: false };
  const lines = briefingLines(base, 'off');
  assert.match(lines[0], /7 followers/);
  assert.match(lines[1], /stay there until the end/);
  assert.equal(lines.length, 2);
  const intro = briefingLines({ ...base, farmers: false, abbot: true, river: true }, 'coach').join('\n');
  assert.match(intro, /no farmers/);
  assert.doesNotMatch(intro, /stay there until the end/);
  assert.match(intro, /abbot/);
  assert.match(intro, /River/);
  assert.match(intro, /Coach/);
});

test('a turn-based game is briefed: the time per move and what happens when it runs out', () => {
  const base = { tileset: 'winter', farmers: true, abbot: false, river: false };
  const lines = briefingLines(base, 'off', { pace: 'turn', move_hours: 48, on_timeout: 'bot_seat' });
  assert.match(lines.join('\n'), /Turn-based: you have 48 hours for each move.*a bot takes their seat/);
  assert.equal(briefingLines(base, 'off', { pace: 'live' }).length, 2);
});

test('a game with an expansion is briefed on it: the large follower, the inns and cathedrals, the goods, the builder, the pig with farmers only', () => {
  const base = { tileset: 'winter', farmers: true, abbot: false, river: false };
  const both = briefingLines({ ...base, inns_cathedrals: true, traders_builders: true }, 'off').join('\n');
  assert.match(both, /large follower, which counts as two/);
  assert.match(both, /nothing if still unfinished at the end/);
  assert.match(both, /goods/);
  assert.match(both, /builder/);
  assert.match(both, /pig/);
  const noFarmers = briefingLines({ ...base, farmers: false, traders_builders: true }, 'off').join('\n');
  assert.match(noFarmers, /builder/);
  assert.doesNotMatch(noFarmers, /pig/, 'without farmers there is no field for a pig');
  assert.doesNotMatch(noFarmers, /large follower/);
  assert.equal(briefingLines(base, 'off').length, 2, 'no expansion: nothing more');
});

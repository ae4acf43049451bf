import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import * as st from '../../static/js/state.js';
import * as advice from '../../static/js/advice.js';
import { gameView, myTurn as mine } from './fixtures.mjs';

test('a hint becomes the choice: its placement and the spot on its segment', () => {
  const s = mine();
  const hint = { type: 'hint', turn: 2, x: 1, y: 0, rot: 90, meeple: { kind: 'follower', at: 'ENE' },
    return_abbot: false, reason: 'Starts a city.', points: 0 };
  advice.applyHint(s, { ...hint, turn: 1 });
  assert.equal(s.turn.hint, null, 'a hint for another turn is out of date');
  advice.applyHint(s, hint);
  // ENE and E name the same segment (the city, turned east)
  assert.equal(advice.useHint(s, (spot, m) => spot.kind === m.kind && ['E', 'ENE', 'ESE'].includes(m.at) && spot.at === 'E'), true);
  assert.deepEqual(s.turn.pending, { x: 1, y: 0, rot: 90 });
  assert.equal(s.turn.spot, 0);
  s.turn.hint = { ...hint, x: 9, y: 9 };
  assert.equal(advice.useHint(s, () => true), false, 'a hint that is no legal move is never taken');
  st.applyServerState(s, { room: s.room, game: gameView({ turn: 3 }) });
  assert.equal(s.turn.hint, null, 'a new turn forgets the hint');
});

test("the coach's check and trace count for the choice they were asked about", () => {
  const s = mine();
  assert.equal(advice.checkMessage(s), null);
  st.tapCell(s, 0, -1);
  st.chooseSpot(s, 0);
  const check = advice.checkMessage(s);
  assert.deepEqual(check, { type: 'check', turn: 2, x: 0, y: -1, rot: 180, meeple: { kind: 'follower', at: 'S' }, return_abbot: false });
  assert.equal(advice.checkNow(s), undefined, 'not known yet');
  advice.applyCheck(s, { ...check, warning: 'This closes Bo\'s city: Bo scores 4.' });
  assert.equal(advice.checkNow(s), 'This closes Bo\'s city: Bo scores 4.');
  st.chooseSpot(s, -1);
  assert.equal(advice.checkNow(s), undefined, 'another choice: the warning was about the other one');
  st.chooseSpot(s, 1);
  assert.deepEqual(advice.traceMessage(s), { type: 'trace', turn: 2, x: 0, y: -1, rot: 180, at: 'N' });
  advice.applyTrace(s, { type: 'trace', turn: 2, x: 0, y: -1, rot: 180, at: 'N', feature: { id: 'f1' } });
  assert.deepEqual(advice.traceNow(s), { id: 'f1' });
  st.chooseSpot(s, 0);
  assert.equal(advice.traceNow(s), null);
});

test("the table's advice level: the room's option, else the server's default", () => {
  const s = mine();
  assert.equal(advice.adviceLevel(s), 'off');
  s.room = { ...s.room, options: { hints: 'coach' } };
  assert.equal(advice.adviceLevel(s), 'coach');
});

import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import * as st from '../../static/js/state.js';
import * as advice from '../../static/js/advice.js';
import { createRequests, SETTLE_MS } from '../../static/js/room/requests.js';
import { myTurn } from './fixtures.mjs';

/** Requests whose messages are recorded and whose timers run by hand. */
function asking(online = true) {
  const sent = [];
  /** @type {Map<number, {fn: () => void, ms: number}>} the timers set and not yet run or cleared */
  const timers = new Map();
  let next = 0;
  const requests = createRequests((msg) => online && sent.push(msg) > 0, {
    setTimeout: (fn, ms) => timers.set(++next, { fn, ms }) && next,
    clearTimeout: (id) => timers.delete(id),
  });
  const run = () => {
    const due = [...timers.values()];
    timers.clear();
    due.forEach((t) => t.fn());
  };
  return { requests, sent, timers, run };
}

const coached = () => myTurn({}, {}, { hints: 'coach' });

test('the features are asked for once a turn, unless those held are this turn\'s', () => {
  const s = myTurn();
  const { requests, sent } = asking();
  requests.features(s);
  requests.features(s);
  assert.deepEqual(sent, [{ type: 'features' }]);
  st.applyFeatures(s, { type: 'features', game: 1, turn: 2, features: [] });
  requests.forget();
  requests.features(s);
  assert.equal(sent.length, 1, 'fresh features are not asked for again');
});

test('features asked on a connection that went away are asked again on the next', () => {
  const s = myTurn();
  const { requests, sent } = asking();
  requests.features(s);
  requests.forget();
  requests.features(s);
  assert.equal(sent.length, 2);
});

test('the features hook waits for this turn\'s features', async () => {
  const s = myTurn();
  const { requests, sent } = asking();
  const answer = requests.freshFeatures(s);
  assert.deepEqual(sent, [{ type: 'features' }]);
  st.applyFeatures(s, { type: 'features', game: 1, turn: 1, features: ['old'] });
  requests.receivedFeatures(s);
  st.applyFeatures(s, { type: 'features', game: 1, turn: 2, features: ['now'] });
  requests.receivedFeatures(s);
  assert.deepEqual(await answer, ['now']);
});

test('the coach is asked about a choice once it has settled, once per choice', () => {
  const s = coached();
  const { requests, sent, timers, run } = asking();
  st.tapCell(s, 1, 0);
  requests.advise(s, false);
  assert.equal(sent.length, 0, 'not at once: the tile may be turned again');
  assert.deepEqual([...timers.values()].map((t) => t.ms), [SETTLE_MS]);
  st.rotate(s);
  requests.advise(s, false);
  run();
  assert.equal(sent.length, 1, 'the first timer was cleared: one question, about the choice that stayed');
  assert.deepEqual({ ...sent[0], ref: undefined }, { ...advice.checkMessage(s), ref: undefined });
  requests.advise(s, false);
  run();
  assert.equal(sent.length, 1, 'asked once per choice');
});

test('with the coach a confirm waits for its word: none lets the move go, a warning holds it', () => {
  const s = coached();
  const { requests, sent } = asking();
  st.tapCell(s, 1, 0);
  assert.equal(requests.mayConfirm(s), false);
  assert.equal(requests.waiting(), true);
  assert.equal(sent.at(-1).type, 'check', 'asked at once');
  advice.applyCheck(s, { ...advice.checkMessage(s), warning: null });
  assert.equal(requests.checked(s), true, 'no warning: the confirm goes on');
  assert.equal(requests.waiting(), false);
  assert.equal(requests.mayConfirm(s), true, 'the coach has looked at this choice');
  st.rotate(s);
  requests.mayConfirm(s);
  advice.applyCheck(s, { ...advice.checkMessage(s), warning: 'Bo gets your city' });
  assert.equal(requests.checked(s), false, 'a warning stops it: the player sees it first');
  assert.equal(requests.mayConfirm(s), true, 'and may confirm anyway');
});

test('an answer about an older choice does not release a confirm', () => {
  const s = coached();
  const { requests } = asking();
  st.tapCell(s, 1, 0);
  const older = advice.checkMessage(s);
  requests.mayConfirm(s);
  st.rotate(s);
  advice.applyCheck(s, { ...older, warning: null });
  assert.equal(requests.checked(s), false);
  assert.equal(requests.waiting(), true);
});

test("a refused check may be asked again; without the coach a confirm never waits", () => {
  const s = coached();
  const { requests, sent } = asking();
  st.tapCell(s, 1, 0);
  requests.mayConfirm(s);
  requests.failed(s, 'check');
  assert.equal(requests.waiting(), false);
  requests.mayConfirm(s);
  assert.equal(sent.filter((m) => m.type === 'check').length, 2);
  assert.equal(createRequests(() => true).mayConfirm(myTurn()), true);
});

test('on a first turn with the coach, the feature a chosen figure would claim is traced once', () => {
  const s = myTurn();
  const { requests, sent } = asking();
  st.tapCell(s, 0, -1);
  requests.advise(s, true);
  assert.equal(sent.length, 0, 'no figure chosen: nothing to trace');
  st.chooseSpot(s, 0);
  requests.advise(s, true);
  requests.advise(s, true);
  assert.deepEqual(sent, [{ type: 'trace', turn: 2, x: 0, y: -1, rot: 180, at: 'S', ref: 'trace' }]);
  requests.advise(myTurn(), false);
  assert.equal(sent.length, 1, 'without the coach: no trace');
});

test('a hint is asked for once a turn, again after a refusal or a dropped line', () => {
  const s = myTurn();
  const { requests, sent } = asking();
  assert.equal(requests.hint(s), true);
  assert.equal(requests.hint(s), false);
  requests.failed(s, 'hint');
  assert.equal(requests.hint(s), true);
  assert.deepEqual(sent.map((m) => m.type), ['hint', 'hint']);
  const offline = myTurn();
  assert.equal(asking(false).requests.hint(offline), false);
  assert.equal(offline.turn.hintAsked, false, 'not sent: not asked');
});

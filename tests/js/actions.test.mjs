import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import * as st from '../../static/js/state.js';
import { createActions } from '../../static/js/room/actions.js';
import { createRequests } from '../../static/js/room/requests.js';
import { CATALOG, myTurn } from './fixtures.mjs';

/** The actions of a page whose messages, redraws and camera calls are counted. */
function page(s) {
  const sent = [];
  const seen = { renders: 0, tookBack: 0 };
  const sendMessage = (msg) => sent.push(msg) > 0;
  const actions = createActions({ s, catalog: CATALOG, send: sendMessage, requests: createRequests(sendMessage),
    tookBack: () => seen.tookBack++, render: () => seen.renders++ });
  return { actions, sent, seen };
}

test('confirm sends the chosen move once, marked so its refusal can be told apart', () => {
  const s = myTurn();
  const { actions, sent, seen } = page(s);
  actions.tray.confirm();
  assert.deepEqual(sent, [], 'nothing chosen: nothing sent');
  st.tapCell(s, 1, 0);
  actions.tray.confirm();
  actions.tray.confirm();
  assert.deepEqual(sent, [{ ...st.placeMessage(s), ref: 'place' }]);
  assert.equal(s.turn.sent, true);
  assert.ok(seen.renders > 0);
});

test('with the coach, confirm first asks the coach and sends nothing yet', () => {
  const s = myTurn({}, {}, { hints: 'coach' });
  const { actions, sent } = page(s);
  st.tapCell(s, 1, 0);
  actions.tray.confirm();
  assert.deepEqual(sent.map((m) => m.type), ['check']);
  assert.equal(s.turn.sent, false);
});

test('take back returns the camera too; the host\'s rematch with farmers sets them and starts', () => {
  const s = myTurn();
  const { actions, sent, seen } = page(s);
  st.tapCell(s, 1, 0);
  actions.tray.takeBack();
  assert.equal(s.turn.pending, null);
  assert.equal(seen.tookBack, 1);
  actions.playWithFarmers();
  assert.deepEqual(sent, [{ type: 'set_options', farmers: true }, { type: 'start' }]);
});

test('an end the host confirmed goes again once, for the turn the game is at, when refused as stale', () => {
  const s = myTurn();
  const { actions, sent } = page(s);
  globalThis.confirm = () => true;
  const turn = s.game.turn;
  actions.endGame();
  assert.deepEqual(sent, [{ type: 'end_game', turn, ref: 'end_game' }]);
  actions.stateShown();
  assert.equal(sent.length, 1, 'not refused: nothing goes again');
  // a bot's move came first: refused as stale, then the state shows the new turn
  actions.endRefused();
  s.game = { ...s.game, turn: turn + 1 };
  actions.stateShown();
  actions.stateShown();
  assert.deepEqual(sent.at(-1), { type: 'end_game', turn: turn + 1, ref: 'end_game' });
  assert.equal(sent.length, 2, 'once per refusal');
  // refused again, but the game ended meanwhile: nothing more
  actions.endRefused();
  s.game = { ...s.game, finished: true };
  actions.stateShown();
  assert.equal(sent.length, 2);
  delete globalThis.confirm;
});

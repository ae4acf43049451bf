import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import * as st from '../../static/js/state.js';
import { gameView, myTurn as mine } from './fixtures.mjs';

test('placements count only for the turn they were sent for', () => {
  const s = mine();
  st.applyServerState(s, { room: s.room, game: gameView({ turn: 3 }) });
  assert.deepEqual(st.legalPlacements(s), [], 'a legal message for turn 2 is out of date at turn 3');
  assert.deepEqual(s.game.legal, [], 'the mirror in the game says the same');
});

test("the last tile and the tiles left are the server's, as the engine computes them", () => {
  const s = mine();
  const last = { x: 0, y: -1 };
  const game = gameView({ board: [{ x: 0, y: 0, tile: 'D', rot: 0 }, { x: 0, y: -1, tile: 'E', rot: 180 }], last, tiles_left: 4 });
  st.applyServerState(s, { room: s.room, game });
  assert.equal(s.game.last, last, 'kept as sent: unchanged, it keeps its identity from diff to diff');
  assert.equal(s.game.tiles_left, 4, 'not counted again from the bag');
});

test('only the player to move sees legal placements', () => {
  const s = mine();
  assert.equal(st.isMyTurn(s), true);
  assert.equal(st.legalPlacements(s).length, 6);
  s.you = { seat: 1, host: false, name: 'Bo' };
  assert.equal(st.isMyTurn(s), false);
  assert.deepEqual(st.legalPlacements(s), []);
  assert.deepEqual(st.legalCells(s), []);
});

test('a bot playing my seat takes my turn away', () => {
  const s = mine();
  s.room.seats[0].bot = 'easy';
  assert.equal(st.botPlaysMe(s), true);
  assert.equal(st.isMyTurn(s), false);
});

test('legal cells are distinct cells, rotations ascend', () => {
  const s = mine();
  assert.equal(st.legalCells(s).length, 4);
  assert.deepEqual(st.rotationsAt(s, 1, 0), [0, 90, 270]);
  assert.equal(st.preferredRot(s, 1, 0, 100), 270);
  assert.equal(st.preferredRot(s, 1, 0, 300), 0);
  assert.equal(st.preferredRot(s, 5, 5), null);
});

test('tap a cell, tap it again to turn it through the rotations that fit', () => {
  const s = mine();
  assert.equal(st.tapCell(s, 1, 0), true);
  assert.deepEqual(s.turn.pending, { x: 1, y: 0, rot: 0 });
  st.tapCell(s, 1, 0);
  assert.equal(s.turn.pending.rot, 90);
  st.chooseSpot(s, 0);
  assert.equal(s.turn.spot, 0);
  st.tapCell(s, 1, 0);
  assert.equal(s.turn.pending.rot, 270);
  assert.equal(s.turn.spot, -1, 'turning the tile drops the figure chosen for the old rotation');
  st.tapCell(s, 1, 0);
  assert.equal(s.turn.pending.rot, 0);
  assert.equal(st.tapCell(s, 7, 7), false);
});

test('the place message quotes the turn and the chosen spot', () => {
  const s = mine();
  assert.equal(st.placeMessage(s), null);
  st.tapCell(s, 0, -1);
  st.chooseSpot(s, 1);
  assert.deepEqual(st.placeMessage(s), { type: 'place', turn: 2, x: 0, y: -1, rot: 180,
    meeple: { kind: 'follower', at: 'N' }, return_abbot: false });
  st.chooseSpot(s, 5);
  assert.equal(s.turn.spot, 1, 'a spot that does not exist is ignored');
});

test('nothing changes once sent; take back clears the choice', () => {
  const s = mine();
  st.tapCell(s, 0, -1);
  s.turn.sent = true;
  st.rotate(s);
  st.takeBack(s);
  assert.deepEqual(s.turn.pending, { x: 0, y: -1, rot: 180 });
  s.turn.sent = false;
  st.takeBack(s);
  assert.equal(s.turn.pending, null);
});

test('a new turn from the server clears the old choices', () => {
  const s = mine();
  st.tapCell(s, 0, -1);
  st.applyServerState(s, { room: s.room, game: gameView({ turn: 3 }) });
  assert.equal(s.turn.pending, null);
  assert.equal(s.turn.forTurn, 3);
});

test('the abbot can be taken back only when the server says so', () => {
  const s = mine();
  st.setReturnAbbot(s, true);
  assert.equal(s.turn.returnAbbot, false);
  const t = mine({ can_return_abbot: true });
  st.tapCell(t, 0, -1);
  st.chooseSpot(t, 0);
  st.setReturnAbbot(t, true);
  assert.equal(t.turn.returnAbbot, true);
  assert.equal(t.turn.spot, -1);
  assert.equal(st.placeMessage(t).return_abbot, true);
});

test('keyboard steps go to the nearest legal cell that way', () => {
  const s = mine();
  assert.equal(st.stepCell(s, 'right'), true);
  assert.deepEqual([s.turn.pending.x, s.turn.pending.y], [1, 0]);
  assert.equal(st.stepCell(s, 'right'), false, 'nothing further east');
  st.stepCell(s, 'left');
  assert.deepEqual([s.turn.pending.x, s.turn.pending.y], [-1, 0], 'straight ahead beats a nearer cell off to the side');
  st.stepCell(s, 'down');
  assert.deepEqual([s.turn.pending.x, s.turn.pending.y], [0, 1]);
});

test('a snapshot at the turn a move was sent for lets it be sent again; a diff does not', () => {
  const s = mine();
  st.tapCell(s, 0, -1);
  s.turn.sent = true;
  st.applyServerState(s, { room: s.room, game: gameView() });
  assert.equal(s.turn.sent, true, 'a diff of the same turn (a chat, a presence) changes nothing');
  st.applyServerState(s, { room: s.room, game: gameView() }, true);
  assert.equal(s.turn.sent, false, 'the snapshot still shows the turn: the move may be lost');
  assert.deepEqual(s.turn.pending, { x: 0, y: -1, rot: 180 }, 'the choice is kept, ready to confirm again');
  s.turn.hintAsked = true;
  st.applyServerState(s, { room: s.room, game: gameView() }, true);
  assert.equal(s.turn.hintAsked, false, 'a hint asked before the snapshot may be asked again');
  s.turn.sent = true;
  st.applyServerState(s, { room: s.room, game: gameView({ turn: 3 }) }, true);
  assert.equal(s.turn.sent, false);
  assert.equal(s.turn.pending, null, 'a snapshot of the next turn: the move went through');
});

test('the first turn of a player lasts until they have placed a tile', () => {
  const s = mine();
  assert.equal(st.firstTurn(s), true);
  st.applyServerState(s, { room: s.room, game: gameView({ turns: [{ player: 0, discarded: 'C' }] }) });
  assert.equal(st.firstTurn(s), true, 'a discarded tile was not placed');
  st.applyServerState(s, { room: s.room, game: gameView({ turns: [{ player: 0, tile: 'E', x: 0, y: -1, rot: 180, meeple: null }] }) });
  assert.equal(st.firstTurn(s), false);
});

test('features count for an event only when they show the board after it', () => {
  const s = mine();
  st.applyFeatures(s, { type: 'features', game: 1, turn: 2, features: ['f'] });
  assert.deepEqual(st.featuresSince(s, 2), ['f']);
  assert.deepEqual(st.featuresSince(s, 3), [], 'older than the scoring');
  st.applyFeatures(s, { type: 'features', game: 7, turn: 9, features: ['g'] });
  assert.deepEqual(st.featuresSince(s, 2), [], 'another game');
});

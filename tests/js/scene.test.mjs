import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import * as st from '../../static/js/state.js';
import * as advice from '../../static/js/advice.js';
import { boardScene, highlight, riverOpen } from '../../static/js/room/scene.js';
import { CATALOG, RIVER, gameView, myTurn } from './fixtures.mjs';

const NOTHING = { hover: null, feature: null, coaching: false };
const CITY = { id: 's1', kind: 'city', complete: true, parts: [{ x: 0, y: 0, slots: ['NNW', 'N', 'NNE'] }, { x: 0, y: -1, slots: ['SSE', 'S', 'SSW'] }] };

test('without a game the board is empty', () => {
  const scene = boardScene(st.createState('abcd2345'), CATALOG, NOTHING);
  assert.deepEqual(scene.board, []);
  assert.equal(scene.pending, null);
});

test("on the viewer's move the squares show until one is chosen, then the chosen tile and its spots", () => {
  const s = myTurn();
  assert.equal(boardScene(s, CATALOG, NOTHING).legalCells.length, 4);
  st.tapCell(s, 0, -1);
  const scene = boardScene(s, CATALOG, NOTHING);
  assert.deepEqual(scene.legalCells, []);
  assert.deepEqual(scene.pending, { x: 0, y: -1, rot: 180, tile: 'E' });
  assert.equal(scene.spots.length, 2);
  assert.equal(scene.myColor, 'red');
});

test('the drawn tile follows the pointer over the squares where it fits, turned to fit', () => {
  const s = myTurn();
  assert.deepEqual(boardScene(s, CATALOG, { ...NOTHING, hover: { x: 0, y: -1, u: 0.5, v: 0.5 } }).ghost, { x: 0, y: -1, tile: 'E', rot: 180 });
  assert.equal(boardScene(s, CATALOG, { ...NOTHING, hover: { x: 5, y: 5, u: 0.5, v: 0.5 } }).ghost, null, 'it fits nowhere there');
  s.you.seat = null;
  const watcher = boardScene(s, CATALOG, { ...NOTHING, hover: { x: 0, y: -1, u: 0.5, v: 0.5 } });
  assert.equal(watcher.ghost, null, 'a spectator moves no tile');
  assert.deepEqual(watcher.legalCells, []);
});

test('the traced feature: the one pointed at, the river with both banks, else the coach\'s', () => {
  const s = myTurn();
  assert.equal(boardScene(s, CATALOG, { ...NOTHING, feature: CITY }).trace, CITY.parts);
  const banks = [{ parts: ['north'] }, { parts: ['south'] }];
  const river = boardScene(s, CATALOG, { ...NOTHING, feature: { kind: 'river', banks } });
  assert.deepEqual([river.trace, river.trace2], [['north'], ['south']]);
  st.tapCell(s, 0, -1);
  st.chooseSpot(s, 0);
  advice.applyTrace(s, { turn: 2, x: 0, y: -1, rot: 180, at: 'S', feature: CITY });
  assert.equal(boardScene(s, CATALOG, { ...NOTHING, coaching: true }).trace, CITY.parts);
  assert.deepEqual(boardScene(s, CATALOG, NOTHING).trace, [], 'without the coach the trace is not shown');
});

test('a hint shows its move until it is chosen', () => {
  const s = myTurn();
  advice.applyHint(s, { turn: 2, x: 0, y: -1, rot: 180, meeple: { kind: 'follower', at: 'S' }, return_abbot: false });
  assert.deepEqual(boardScene(s, CATALOG, NOTHING).suggestion,
    { x: 0, y: -1, rot: 180, tile: 'E', at: 'S', kind: 'follower', feature: 'city' });
  st.tapCell(s, 0, -1);
  assert.equal(boardScene(s, CATALOG, NOTHING).suggestion, null);
});

test('the first-turn coach marks the sides of the chosen square that touch a tile', () => {
  const s = myTurn();
  st.tapCell(s, 0, -1);
  assert.deepEqual(boardScene(s, CATALOG, { ...NOTHING, coaching: true }).matchEdges, { x: 0, y: -1, dirs: ['S'] });
  assert.equal(boardScene(s, CATALOG, NOTHING).matchEdges, null);
});

test('where the river goes on shows while River tiles are left', () => {
  const g = gameView({ drawn_tile: 'R04', board: [{ x: 0, y: 0, tile: 'R09', rot: 0 }], river: { open: { x: 0, y: 1 } }, bag: {} });
  assert.deepEqual(riverOpen(g, RIVER), { x: 0, y: 1, from: 'N' });
  assert.equal(riverOpen({ ...g, drawn_tile: 'E' }, { ...RIVER, ...CATALOG }), null, 'no River tile left: nothing to show');
});

test("a line of the log lights up what its event scored: the feature named by the event's id", () => {
  const s = myTurn({}, { board: [{ x: 0, y: 0, tile: 'D', rot: 0 }, { x: 0, y: -1, tile: 'E', rot: 180 }] });
  const e = { turn: 2, feature: 'city', feature_id: 's1', cells: [[0, 0], [0, -1]], points: 4, players: [0] };
  const point = { x: 0, y: -1, event: e };
  const byCells = highlight(point, s, CATALOG);
  assert.deepEqual(byCells.parts.map((p) => p.slots), [['NNW', 'N', 'NNE'], ['SSE', 'S', 'SSW']],
    'no features held: every city segment of its cells');
  st.applyFeatures(s, { type: 'features', game: 1, turn: 1, features: [CITY] });
  assert.notEqual(highlight(point, s, CATALOG).parts, CITY.parts, 'features from before the scoring do not count');
  st.applyFeatures(s, { type: 'features', game: 1, turn: 2, features: [CITY] });
  assert.equal(highlight(point, s, CATALOG).parts, CITY.parts);
  assert.deepEqual(highlight({ x: 0, y: -1, event: null }, s, CATALOG), { cell: { x: 0, y: -1 }, parts: [] }, 'a turn: its tile');
  assert.equal(highlight(null, s, CATALOG), null);
});

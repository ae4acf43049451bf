import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import { tableMotion } from '../../static/js/room/motion.js';
import { emptyScene } from '../../static/js/board/render.js';
import { CATALOG, gameView } from './fixtures.mjs';

const START = { x: 0, y: 0, tile: 'D', rot: 0 };
const NEW = { x: 0, y: -1, tile: 'E', rot: 180 };
const KNIGHT = { player: 0, kind: 'follower', x: 0, y: -1, at: 'S', feature: 'city' };
const before = gameView({ board: [START], figures: [{ ...KNIGHT, y: 0, at: 'N' }] });
const scored = { turn: 3, feature: 'city', feature_id: 's1', points: 4, players: [1], final: false, cells: [[0, 0], [0, -1]] };
const after = gameView({ turn: 3, board: [START, NEW], figures: [KNIGHT], events: [scored] });

test('a move: its tile slides in, a new figure drops in, a scored one goes home, the feature flashes', () => {
  const m = tableMotion(before, after, emptyScene(), { now: 1000, moving: true, catalog: CATALOG });
  assert.equal(m.placed, true);
  assert.deepEqual(m.scene.arrivals, [{ x: 0, y: -1, start: 1000 }]);
  assert.deepEqual(m.scene.figuresIn, [{ x: 0, y: -1, at: 'S', start: 1000 }]);
  assert.deepEqual(m.scene.departures, [{ ...KNIGHT, y: 0, at: 'N', start: 1250 }], 'home a moment after the flash');
  assert.equal(m.scene.flashes.length, 1);
  assert.equal(m.scene.flashes[0].color, 'blue', "in the colour of the player who scored");
  assert.equal(m.scene.flashes[0].points, 4);
  assert.deepEqual(m.scored, [scored]);
});

test('without motion nothing slides or drops, but a scoring still flashes', () => {
  const m = tableMotion(before, after, emptyScene(), { now: 1000, moving: false, catalog: CATALOG });
  assert.deepEqual([m.scene.arrivals, m.scene.figuresIn, m.scene.departures], [[], [], []]);
  assert.equal(m.scene.flashes.length, 1);
});

test('motions still under way are kept, finished ones dropped; the final scoring does not flash', () => {
  const shown = { ...emptyScene(), arrivals: [{ x: 5, y: 5, start: 0 }, { x: 6, y: 6, start: 900 }] };
  const final = { ...scored, final: true };
  const m = tableMotion(before, { ...after, events: [final] }, shown, { now: 1500, moving: true, catalog: CATALOG });
  assert.deepEqual(m.scene.arrivals.map((a) => a.x), [6, 0]);
  assert.equal(m.scene.flashes, undefined, 'no flash: the flashes under way are left alone');
  assert.deepEqual(m.scored, []);
});

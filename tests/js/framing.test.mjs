import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import * as st from '../../static/js/state.js';
import { createFraming } from '../../static/js/room/framing.js';
import { toScreen } from '../../static/js/board/camera.js';
import { createFollow, noteManual } from '../../static/js/board/follow.js';
import { CATALOG, myTurn } from './fixtures.mjs';

/** Where figures stand, without a canvas: the middle of the slot's side (the centre for C). */
const stands = (def, rot, slot) => ({ N: [0.5, 0.15], E: [0.85, 0.5], S: [0.5, 0.85], W: [0.15, 0.5] })[slot[0]] ?? [0.5, 0.5];

/** A board view that records what the camera is asked to do (on a 400 x 300 canvas). */
function fakeView(scale = 100, x = 0, y = 0) {
  const calls = [];
  const record = (name) => (...args) => {
    calls.push([name, ...args]);
    return true;
  };
  return {
    calls,
    camera: { x, y, scale },
    fit: record('fit'), showCells: record('showCells'), zoomAround: record('zoomAround'), glideTo: record('glideTo'),
    follow: record('follow'), followSoon: record('followSoon'),
    inView: () => true,
    screenOf(cx, cy, u = 0.5, v = 0.5) {
      return toScreen(this.camera, canvas.clientWidth, canvas.clientHeight, cx + u, cy + v);
    },
  };
}
const canvas = { clientWidth: 400, clientHeight: 300 };

test('the board is fitted into view once a game', () => {
  const view = fakeView();
  const framing = createFraming(view, canvas, createFollow());
  const s = myTurn();
  framing.fitOnce(s);
  framing.fitOnce(s);
  framing.newGame();
  framing.fitOnce(s);
  assert.deepEqual(view.calls.map((c) => c[0]), ['fit', 'fit']);
});

test("this turn's squares are brought into view once, at the viewer's zoom", () => {
  const view = fakeView();
  const framing = createFraming(view, canvas, createFollow());
  const s = myTurn();
  framing.show(s, CATALOG);
  framing.show(s, CATALOG);
  assert.equal(view.calls.length, 1);
  const [name, cells, near, ...rest] = view.calls[0];
  assert.deepEqual([name, cells.length, near, rest], ['showCells', 4, s.game.last, []], 'no zoom asked for');
});

// issue 20 item 3: the camera never zooms by itself
test('a chosen square with figure spots is not zoomed in on: shown as it is, or panned to at the same zoom', () => {
  for (const [scale, x, y] of [[44, 0, 0], [44, 6, 5], [30, 0, 0], [120, 3, -2], [200, 0, 0]]) {
    const view = fakeView(scale, x, y);
    const framing = createFraming(view, canvas, createFollow(), stands);
    const s = myTurn();
    framing.show(s, CATALOG);
    st.tapCell(s, 0, -1);
    framing.show(s, CATALOG);
    st.rotate(s);
    framing.show(s, CATALOG);
    const moves = view.calls.filter(([name]) => name !== 'showCells');
    assert.ok(moves.every(([name, to]) => name === 'glideTo' && to.scale === scale), JSON.stringify(moves));
    assert.equal(view.camera.scale, scale);
    if (x === 0 && y === 0 && scale <= 44) assert.deepEqual(moves, [], 'on the canvas already: left alone');
    if (x === 6) {
      assert.equal(moves.length, 1, 'off the canvas: panned to');
      st.takeBack(s);
      framing.tookBack(s);
      assert.deepEqual(view.calls.at(-1), ['glideTo', { x, y, scale }], 'taken back: the view from before');
    }
  }
});

test('a new tile is followed unless the board was moved by hand a moment ago, or it is my move', () => {
  const follow = createFollow();
  const view = fakeView();
  const framing = createFraming(view, canvas, follow);
  const s = myTurn({}, { board: [{ x: 0, y: 0, tile: 'D', rot: 0 }, { x: 1, y: 0, tile: 'E', rot: 0 }], last: { x: 1, y: 0 },
    current_player: 1 });
  framing.followLast(s, 10000);
  assert.deepEqual(view.calls.at(-1), ['followSoon', s.game.last]);
  noteManual(follow, 9000);
  framing.followLast(s, 10000);
  assert.equal(view.calls.length, 1, 'moved by hand a second ago: left alone');
  assert.equal(framing.showLast(s), true, 'asked for: shown, and followed again');
  framing.followLast(s, 10000);
  assert.equal(view.calls.length, 3);
});

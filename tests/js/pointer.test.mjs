import './english.mjs';
import test from 'node:test';
import assert from 'node:assert/strict';
import * as st from '../../static/js/state.js';
import { tapAction, legalNear, spotTarget } from '../../static/js/room/pointer.js';
import { CATALOG, myTurn } from './fixtures.mjs';

/** Where figures stand, without a canvas: the middle of the slot's side (the centre for C). */
const stands = (def, rot, slot) => ({ N: [0.5, 0.15], E: [0.85, 0.5], S: [0.5, 0.85], W: [0.15, 0.5] })[slot[0]] ?? [0.5, 0.5];

const at = (x, y, u = 0.5, v = 0.5) => ({ x, y, u, v });
const SCALE = 100;

test('a tap on a square where the tile fits chooses it; a tap just beside one too', () => {
  const s = myTurn();
  assert.deepEqual(tapAction(s, at(1, 0), CATALOG, SCALE), { name: 'choose', arg: { x: 1, y: 0 } });
  // 0.1 of a cell past the east edge of (1, 0), within half a fingertip (22 px = 0.22 cells)
  assert.deepEqual(tapAction(s, at(2, 0, 0.1, 0.5), CATALOG, SCALE), { name: 'choose', arg: { x: 1, y: 0 } });
  assert.deepEqual(tapAction(s, at(2, 0, 0.5, 0.5), CATALOG, SCALE), { name: 'inspect' }, 'half a cell off: too far');
  assert.deepEqual(tapAction(s, at(0, 0), CATALOG, SCALE), { name: 'inspect' }, 'a placed tile is inspected');
});

test('the nearest square within reach wins', () => {
  const s = myTurn();
  assert.deepEqual(legalNear(s, at(1, -1, 0.1, 0.95), 0.3), { x: 1, y: 0 }, '0.05 to (1, 0), 0.1 to (0, -1)');
  assert.equal(legalNear(s, at(1, -1, 0.5, 0.5), 0.3), null);
});

test('a tap on the chosen tile turns it (it has no figure spots: all of it is the hub)', () => {
  const s = myTurn();
  st.tapCell(s, 1, 0);
  assert.deepEqual(tapAction(s, at(1, 0, 0.5, 0.5), CATALOG, SCALE), { name: 'rotate' });
});

test('a spectator, or a player whose move is sent, only inspects', () => {
  const s = myTurn();
  s.turn.sent = true;
  assert.deepEqual(tapAction(s, at(1, 0), CATALOG, SCALE), { name: 'inspect' });
  const watcher = myTurn();
  watcher.you.seat = null;
  assert.deepEqual(tapAction(watcher, at(1, 0), CATALOG, SCALE), { name: 'inspect' });
});

// issue 20 item 2: a finger never chooses a square narrower than itself
test('a finger on squares narrower than a fingertip brings them close; a mouse chooses', () => {
  const s = myTurn();
  const finger = { ...at(1, 0), touch: true };
  assert.deepEqual(tapAction(s, finger, CATALOG, 30), { name: 'close', arg: { x: 1, y: 0 } });
  assert.deepEqual(tapAction(s, finger, CATALOG, 44), { name: 'choose', arg: { x: 1, y: 0 } });
  assert.deepEqual(tapAction(s, at(1, 0), CATALOG, 30), { name: 'choose', arg: { x: 1, y: 0 } });
  assert.deepEqual(tapAction(s, { ...at(5, 5), touch: true }, CATALOG, 30), { name: 'inspect' }, 'nowhere near a square');
});

// issue 20 item 3: at a small zoom the targets ring the chosen tile, and answer a tap there
test('a figure target around the chosen tile answers a tap, on whichever cell it lies', () => {
  const s = myTurn();
  st.tapCell(s, 0, -1);
  for (const scale of [44, 60, 200]) {
    st.chooseSpot(s, -1);
    for (let i = 0; i < 2; i++) {
      const [x, y, u, v] = spotTarget(s, CATALOG, scale, i, stands);
      const wx = x + u;
      const wy = y + v;
      const cell = { x: Math.floor(wx), y: Math.floor(wy), u: wx - Math.floor(wx), v: wy - Math.floor(wy), touch: true };
      assert.deepEqual(tapAction(s, cell, CATALOG, scale, stands), { name: 'spot', arg: i }, `scale ${scale}, spot ${i}`);
    }
  }
  assert.deepEqual(tapAction(s, at(0, -1), CATALOG, 44, stands), { name: 'rotate' }, 'the middle turns it');
});
